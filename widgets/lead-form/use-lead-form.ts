/**
 * What the two lead forms share around their own submit logic, each part in a hook of its own:
 * - the values, starting from what the visitor typed before the script took over
 *   (form-state.ts), and the draft kept on the device (draft-store.ts);
 * - the controls' props and the marks of a refused field (use-field-marks.ts);
 * - the answer that cannot be missed and where the focus goes (use-form-answer.ts); the
 *   form's own toasts are withdrawn when it is submitted again;
 * - the proof of work, solved from the visitor's first focus or keystroke (use-proof-of-work.ts),
 *   and the headers every lead POST carries (X-Altcha when solved in time, X-Notice-Version,
 *   Content-Language: the form's language, in which the service answers);
 * - the page's funnel counts: the first touch of the form (a start) and each send;
 * - the send that waits for a connection (use-waiting-send.ts): an Idempotency-Key made at
 *   the first press and reused by every retry, the "saved on this phone" state with
 *   "send now" and "discard".
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { LeadKind } from '../../contract/lead-contract.ts';
import type { PostOutcome } from './api-client.ts';
import { markFunnel } from './campaign.ts';
import { clearDraft, mayKeepOnDevice, readDraft, writeDraft } from './draft-store.ts';
import { useFormTakeover } from './form-state.ts';
import type { QueuedSend } from './lead-outbox.ts';
import { useFieldMarks } from './use-field-marks.ts';
import { useFormAnswer } from './use-form-answer.ts';
import { useProofOfWork } from './use-proof-of-work.ts';
import { useWaitingSend } from './use-waiting-send.ts';
import { leadSubmit } from './submit-lead.ts';
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
  /** `keep-draft` attribute: a partner lets the form keep drafts and waiting sends on its origin (draft-store.ts). */
  keepDraft?: boolean;
  /** Server-rendered variant: identical, but the submit button is disabled. */
  prerendered?: boolean;
}

export interface LeadFormOptions<V extends Record<string, string>> {
  container: ShadowRoot | HTMLElement | undefined;
  keepDraft?: boolean;
  kind: LeadKind;
  /** Where the form posts (`leadUrl`): a draft and a waiting send belong to the form that posts there. */
  url: string;
  /** Shows what an answer (or its absence) means: the spec's toasts, the confirmation, the event. Called again for a send that waited. */
  report: (outcome: PostOutcome) => void;
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
}

export function useLeadForm<V extends Record<string, string>>({ container, kind, empty, apiBase, firstField, mismatchMessage, messages, report, url, keepDraft = false }: LeadFormOptions<V>) {
  // Only in the browser: the build's pre-render has no device to keep anything on.
  const [keep] = useState(() => typeof document !== 'undefined' && (keepDraft || mayKeepOnDevice(container)));
  const takeover = useFormTakeover<V>(container, empty, () => (keep ? readDraft(kind, url) : undefined));
  const { values, setValues, formRef } = takeover;
  const [typedBeforeTakeover] = useState(() => Object.values(values).some(Boolean));
  const [toastSource] = useState(() => Symbol('lead form'));
  const reportRef = useRef(report);
  reportRef.current = report;
  const sending = useRef(false);
  const submission = useRef<QueuedSend | null>(null);
  const started = useRef(false);

  const proof = useProofOfWork(apiBase);
  const marks = useFieldMarks(values, takeover.onChange, mismatchMessage);
  const emptyForm = () => {
    setValues(empty);
    if (keep) clearDraft(kind, url);
  };
  const answer = useFormAnswer({ formRef, firstField, fieldNames: Object.keys(empty), marks, messages, toastSource, onSuccess: emptyForm });
  const waiting = useWaitingSend({ keep, url, empty, setValues, report: reportRef, toastSource, sending, submission });

  /** A start in the page's funnel counts, once per form. */
  const markStart = () => {
    if (!started.current) markFunnel('starts');
    started.current = true;
  };
  /** The visitor's first touch of the form (focus or keystroke): a start, and the proof of work begins. */
  const touch = () => {
    markStart();
    proof.start();
  };
  // The visitor already typed into the pre-rendered form: that was the first touch.
  useLayoutEffect(() => void (typedBeforeTakeover && touch()), []); // once, on mount
  useEffect(() => {
    if (keep) writeDraft(kind, url, values);
  }, [values]);

  const submit = leadSubmit({ kind, url, values, messages, proof, marks, waiting, report: reportRef, toastSource, sending, submission, markStart });

  /** "Discard": the waiting send and the draft are removed; the form is emptied and its first field focused. */
  function discard(): void {
    waiting.drop();
    submission.current = null;
    emptyForm();
    answer.focusFirstField();
  }

  const { confirmation, confirmationRef, sendAnother, succeed, fail } = answer;
  return {
    values,
    bind: marks.bind,
    /** Props for the <form>: the first focus or keystroke is the visitor's first touch. */
    formProps: { ref: formRef, onFocus: touch, onInput: touch },
    confirmation,
    confirmationRef,
    sendAnother,
    submit,
    succeed,
    fail,
    errorOf: marks.errorOf,
    waiting: waiting.waiting ? { retrying: waiting.retrying, sendNow: waiting.sendNow, discard } : null,
  };
}
