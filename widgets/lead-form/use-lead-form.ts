/**
 * What the two lead forms share around their own submit logic:
 * - the values, starting from what the visitor typed before the script took over;
 * - the answer that cannot be missed: after success a confirmation replaces the form
 *   (at the form's height, so nothing below moves) until the visitor asks for another,
 *   which brings a NEW form element (no `:user-invalid` state left) and focuses its first field;
 * - the form's own toasts, withdrawn when it is submitted again;
 * - a refused field: marked (`aria-invalid`, the message linked by `aria-describedby`)
 *   and focused, until the visitor edits it;
 * - the proof of work, solved from the visitor's first focus or keystroke, and the
 *   headers every lead POST carries (X-Altcha when solved in time, X-Notice-Version,
 *   Content-Language: the form's language, in which the service answers).
 */
import { useLayoutEffect, useRef, useState, type ChangeEvent } from 'react';
import { CHALLENGE_PATH, HEADERS } from '../../contract/http.ts';
import { resolveApiBase } from './api-base.ts';
import { NOTICE_VERSION } from '../../contract/collection-notice.ts';
import { invalidProps } from './form-field.tsx';
import { useFormTakeover } from './form-state.ts';
import { createProofOfWork, type ProofOfWork } from './proof-of-work.ts';
import { isControl, type Control } from '../element/takeover.ts';
import { dismissToastsFrom, showToast, type ToastInput } from '../toast-host/toast-store.ts';
import type { WidgetMessages } from '../i18n/types.ts';


/** The props both form elements take: r2wc's shadow root and their attributes. */
export interface LeadFormProps {
  /** The shadow root (passed by r2wc). */
  container?: ShadowRoot | HTMLElement;
  /** `api-base` attribute. */
  apiBase?: string;
  /** `partner` attribute: the embedder's partner id, sent as `?partner=` (never in the body). */
  partner?: string;
  heading?: string;
  intro?: string;
  /** `lang` attribute: 'hi' or 'en'; default: the page's `<html lang>`, else English. */
  lang?: string;
  /** Server-rendered variant: identical, but the submit button is disabled. */
  prerendered?: boolean;
}

export interface FieldError {
  /** The control's name. */
  name: string;
  message: string;
}

export interface Confirmation {
  title: string;
  message: string;
  /** The form's height when it was sent: the confirmation keeps it. */
  minHeight?: number;
}

export function useLeadForm<V extends Record<string, string>>({
  container,
  empty,
  apiBase,
  firstField,
  mismatchMessage,
  messages,
}: {
  container: ShadowRoot | HTMLElement | undefined;
  empty: V;
  apiBase: string | undefined;
  /** The control focused when the visitor asks to send another. */
  firstField: keyof V & string;
  /**
   * The message the browser shows when a control's value breaks its native constraints
   * (the lead contract's pattern or type), instead of a generic "match the requested format".
   */
  mismatchMessage?: (name: string) => string | undefined;
  /** The form's language: its toasts and the POST's Content-Language. */
  messages: WidgetMessages;
}) {
  const takeover = useFormTakeover<V>(container, empty);
  const { values, setValues, formRef } = takeover;
  const [typedBeforeTakeover] = useState(() => Object.values(values).some(Boolean));
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const [fieldError, setFieldError] = useState<FieldError | null>(null);
  const confirmationRef = useRef<HTMLHeadingElement>(null);
  const focusNext = useRef<'first' | 'error' | 'confirmation' | null>(null);
  const [toastSource] = useState(() => Symbol('lead form'));

  const apiBaseRef = useRef(apiBase);
  apiBaseRef.current = apiBase;
  const proof = useRef<ProofOfWork | null>(null);
  const startProof = () => {
    proof.current ??= createProofOfWork(() => `${resolveApiBase(apiBaseRef.current)}${CHALLENGE_PATH}`);
    proof.current.start();
  };

  useLayoutEffect(() => {
    // The visitor already typed into the pre-rendered form: start the proof of work now.
    if (typedBeforeTakeover) startProof();
    return () => proof.current?.stop();
  }, []); // once, on mount

  useLayoutEffect(() => {
    const target = focusNext.current;
    focusNext.current = null;
    if (target === 'confirmation') confirmationRef.current?.focus();
    else if (target === 'first') control(formRef.current, firstField)?.focus();
    else if (target === 'error' && fieldError) control(formRef.current, fieldError.name)?.focus();
  }, [confirmation, fieldError]);

  const onChange = (event: ChangeEvent<Control>) => {
    const { name } = event.currentTarget;
    event.currentTarget.setCustomValidity(''); // the native constraints judge the new value
    takeover.onChange(event);
    setFieldError((e) => (e?.name === name ? null : e));
  };

  const onInvalid = (event: { currentTarget: Control }) => {
    const el = event.currentTarget;
    const message = el.validity.patternMismatch || el.validity.typeMismatch ? mismatchMessage?.(el.name) : undefined;
    if (message) el.setCustomValidity(message);
  };

  /** The props of the control `name` (its id is `id`): value, handlers, and its refusal mark. */
  const bind = (name: keyof V & string, id: string) => ({
    id,
    name,
    value: values[name],
    onChange,
    onInvalid,
    ...invalidProps(id, errorOf(name)),
  });

  /** Props for the <form>: the proof of work starts with the first focus or keystroke. */
  const formProps = { ref: formRef, onFocus: startProof, onInput: startProof };

  /** At the start of a submit: withdraws this form's earlier toasts and mark; the headers of the POST. */
  async function beginSubmit(): Promise<Record<string, string>> {
    dismissToastsFrom(toastSource);
    setFieldError(null);
    const solution = await proof.current?.take();
    return {
      [HEADERS.noticeVersion]: NOTICE_VERSION,
      [HEADERS.language]: messages.lang,
      ...(solution ? { [HEADERS.proof]: solution } : {}),
    };
  }

  /** An answer moves the focus only from this form (or from nowhere), never away from what the visitor went on to do. */
  function focusIsHereOrNowhere(): boolean {
    const form = formRef.current;
    const root = form?.getRootNode();
    const active = root instanceof ShadowRoot ? root.activeElement : document.activeElement;
    return !document.activeElement || document.activeElement === document.body || (!!active && !!form?.contains(active));
  }

  function succeed(toast: ToastInput) {
    const height = formRef.current?.getBoundingClientRect().height;
    setValues(empty);
    setConfirmation({ title: toast.title, message: toast.description ?? '', minHeight: height ? Math.round(height) : undefined });
    if (focusIsHereOrNowhere()) focusNext.current = 'confirmation';
    showToast({ ...toast, ...toastLanguage(), source: toastSource });
  }

  /** A refusal: its toast, and the field the service named (if one of ours) marked and focused. */
  function fail(toast: ToastInput, refused?: FieldError) {
    showToast({ ...toast, ...toastLanguage(), source: toastSource });
    if (refused && refused.name in empty) {
      if (focusIsHereOrNowhere()) focusNext.current = 'error';
      setFieldError(refused);
    }
  }

  /** Back from the confirmation: a new, empty form element (nothing marked invalid), its first field focused. */
  function sendAnother() {
    setConfirmation(null);
    focusNext.current = 'first';
  }

  /** A toast speaks the form's language. */
  function toastLanguage() {
    return { lang: messages.lang, dismissLabel: messages.dismissToast };
  }

  function errorOf(name: string): string | undefined {
    return fieldError?.name === name ? fieldError.message : undefined;
  }

  return { values, bind, formProps, confirmation, confirmationRef, sendAnother, beginSubmit, succeed, fail, errorOf };
}

function control(form: HTMLFormElement | null, name: string): Control | null {
  const el = form?.elements.namedItem(name);
  return isControl(el) ? el : null;
}
