import { useLayoutEffect, useRef, useState, type RefObject } from 'react';
import type { FieldError } from './form-state.ts';
import { isControl, type Control } from '../element/takeover.ts';
import { showToast, type ToastInput } from '../toast-host/toast-store.ts';
import type { WidgetMessages } from '../i18n/types.ts';
import { isReference } from '../../contract/lead-reference.ts';
import type { PostOutcome } from './api-client.ts';

/** The reference of the stored lead in a success answer (beside the spec's `success` and `message`), when it is one. */
export function referenceOf(outcome: PostOutcome): string | undefined {
  const body = outcome.type === 'json' ? outcome.body : undefined;
  const reference = typeof body === 'object' && body !== null ? (body as { reference?: unknown }).reference : undefined;
  return isReference(reference) ? reference : undefined;
}

export interface Confirmation {
  title: string;
  message: string;
  /** The lead's reference, when the answer carried one. */
  reference?: string;
  /** The form's height when it was sent: the confirmation keeps it. */
  minHeight?: number;
}

type FocusTarget = 'first' | 'error' | 'confirmation';

/**
 * The answer that cannot be missed, and where the focus goes with it: after success a
 * confirmation replaces the form (at the form's height, so nothing below moves) and takes the
 * focus, until the visitor asks for another, which brings a NEW form element (no
 * `:user-invalid` state left) and focuses its first field; a refusal's toast, with the field
 * the service named marked and focused. The focus moves only from this form (or from
 * nowhere), never away from what the visitor went on to do.
 */
export function useFormAnswer({
  formRef,
  firstField,
  fieldNames,
  marks,
  messages,
  toastSource,
  onSuccess,
}: {
  formRef: RefObject<HTMLFormElement | null>;
  firstField: string;
  /** The form's own controls: a refusal naming any other field marks nothing. */
  fieldNames: readonly string[];
  marks: { fieldError: FieldError | null; setFieldError: (error: FieldError | null) => void };
  messages: WidgetMessages;
  toastSource: symbol;
  /** The form is emptied (and its draft dropped) when a lead is stored. */
  onSuccess: () => void;
}) {
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const confirmationRef = useRef<HTMLHeadingElement>(null);
  // A new object per request, so that asking for the same target again moves the focus again.
  const [focusRequest, setFocusRequest] = useState<{ target: FocusTarget } | null>(null);

  useLayoutEffect(() => {
    const target = focusRequest?.target;
    if (target === 'confirmation') confirmationRef.current?.focus();
    else if (target === 'first') control(formRef.current, firstField)?.focus();
    else if (target === 'error' && marks.fieldError) control(formRef.current, marks.fieldError.name)?.focus();
  }, [focusRequest]);

  function focusIsHereOrNowhere(): boolean {
    const form = formRef.current;
    const root = form?.getRootNode();
    const active = root instanceof ShadowRoot ? root.activeElement : document.activeElement;
    return !document.activeElement || document.activeElement === document.body || (!!active && !!form?.contains(active));
  }

  /** A toast speaks the form's language. */
  const toastOf = (toast: ToastInput) => ({ ...toast, lang: messages.lang, dismissLabel: messages.dismissToast, source: toastSource });

  return {
    confirmation,
    confirmationRef,
    /** The lead was stored: the confirmation (with the lead's reference), the form emptied, the spec's toast. */
    succeed(toast: ToastInput, reference?: string): void {
      const height = formRef.current?.getBoundingClientRect().height;
      onSuccess();
      setConfirmation({ title: toast.title, message: toast.description ?? '', reference, minHeight: height ? Math.round(height) : undefined });
      if (focusIsHereOrNowhere()) setFocusRequest({ target: 'confirmation' });
      showToast(toastOf(toast));
    },
    /** A refusal: its toast, and the field the service named (if one of ours) marked and focused. */
    fail(toast: ToastInput, refused?: FieldError): void {
      showToast(toastOf(toast));
      if (refused && fieldNames.includes(refused.name)) {
        if (focusIsHereOrNowhere()) setFocusRequest({ target: 'error' });
        marks.setFieldError(refused);
      }
    },
    /** A field the form itself refuses before sending (a CV it would not take): marked and focused, no toast. */
    refuseField(refused: FieldError): void {
      marks.setFieldError(refused);
      setFocusRequest({ target: 'error' });
    },
    /** Back from the confirmation: a new, empty form element (nothing marked invalid), its first field focused. */
    sendAnother(): void {
      setConfirmation(null);
      setFocusRequest({ target: 'first' });
    },
    /** The form was emptied by the visitor: its first field takes the focus. */
    focusFirstField: () => setFocusRequest({ target: 'first' }),
  };
}

function control(form: HTMLFormElement | null, name: string): Control | null {
  const el = form?.elements.namedItem(name);
  return isControl(el) ? el : null;
}
