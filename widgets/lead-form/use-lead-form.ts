/**
 * What the two lead forms share around their own submit logic, each part in a hook of its own:
 * - the values, starting from what the visitor typed before the script took over
 *   (form-state.ts), and the draft kept on the device (draft-store.ts);
 * - the controls' props and the marks of a refused field (use-field-marks.ts);
 * - what an answer means, told the visitor and the host page: the form's interpret gives the
 *   outcome and its toast's words; the toast, the confirmation or the refused field's mark, and
 *   the outcome event follow here; the answer that cannot be missed and where the focus goes
 *   (use-form-answer.ts); the form's own toasts are withdrawn when it is submitted again;
 * - the proof of work, solved from the visitor's first focus or keystroke (use-proof-of-work.ts),
 *   and the headers every lead POST carries (X-Altcha when solved in time, X-Notice-Version,
 *   Content-Language: the form's language, in which the service answers);
 * - the page's funnel counts: the first touch of the form (a start, use-first-touch.ts) and each send;
 * - the send that waits for a connection (use-waiting-send.ts): an Idempotency-Key made at
 *   the first press and reused by every retry, the "saved on this phone" state with
 *   "send now" and "discard";
 * - the submit itself (submit-lead.ts): the contract's payload from the controls, never two
 *   at once, and `submitting` while one is on its way; a console warning for a partner id that is not sent.
 */
import { useEffect, useRef, useState } from 'react';
import { controlName, emptyValues, fieldNames, payloadOf, type ControlOf, type FieldOf, type LeadKind } from '../../contract/lead-contract.ts';
import { CAREER_APPLICATION, SOCIETY_REGISTRATION } from '../registry/names.ts';
import { resolveApiBase } from './api-base.ts';
import type { PostOutcome } from './api-client.ts';
import { leadUrl, warnInvalidPartner } from './lead-request.ts';
import { mismatchMessage, refusedFieldOf } from './refusals.ts';
import { emitOutcome, type Outcome, type ReasonOf } from './events.ts';
import { clearDraft, mayKeepOnDevice, readDraft, removeExpiredDrafts, writeDraft } from './draft-store.ts';
import { useFormTakeover } from './form-state.ts';
import { draftKey, forgetSentDrafts, type QueuedSend } from './lead-outbox.ts';
import { useFieldMarks } from './use-field-marks.ts';
import { referenceOf, useFormAnswer } from './use-form-answer.ts';
import { useProofOfWork } from './use-proof-of-work.ts';
import { useWaitingSend } from './use-waiting-send.ts';
import { leadSubmit, useSubmitEvent } from './submit-lead.ts';
import { useFirstTouch } from './use-first-touch.ts';
import { formAction } from './native-post.tsx';
import type { AnswerForm } from '../../contract/form-post.ts';
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
  /**
   * A form the service draws again on an answer page (contract/form-post.ts): where it posts,
   * what was typed, the fields it refused (all marked) and the hidden controls it fills in.
   * Never an attribute: the service's own render only.
   */
  answer?: Pick<AnswerForm, 'action' | 'values' | 'problems' | 'hidden'>;
  /** The form's heading level: 2, or 1 on an answer page of its own. */
  headingLevel?: 1 | 2;
}

/**
 * The body a form sends (and keeps for a send that waits): every field of the contract, in
 * payload order, from its control's value. test/forms/lead-form-fields.unit.test.ts builds each
 * form's body with it from the controls the form renders.
 */
export function leadFormBody<K extends LeadKind>(kind: K, values: Record<ControlOf<K>, string>): Record<FieldOf<K>, string> {
  return payloadOf(kind, values);
}

/** Each kind's element, its empty controls and the control focused when the visitor asks to send another. */
const FORMS = {
  society: { tag: SOCIETY_REGISTRATION, empty: emptyValues('society'), firstField: controlName('society', fieldNames('society')[0]!) },
  career: { tag: CAREER_APPLICATION, empty: emptyValues('career'), firstField: controlName('career', fieldNames('career')[0]!) },
};

/**
 * A file a form sends beside the spec's body (the career form's CV, contract/cv-upload.ts):
 * its control's name, the file chosen, what the form says of it before sending, and how the
 * form sets it (emptied once sent or discarded, back with a send kept on the device). A form
 * with one posts multipart/form-data when the browser sends it itself.
 */
export interface FormAttachment {
  name: string;
  file: File | null;
  problem(file: File): string | undefined;
  set(file: File | null): void;
}

/**
 * What an answer (or its absence) means, in the form's words: the outcome the host page is told,
 * the toast's title and description, and, for a refusal, whether the service may have named a
 * field (its `field`, marked with its message).
 */
export type FormVerdict<K extends LeadKind> = Outcome<ReasonOf<K>> & { title: string; description: string; mayNameField?: boolean };

export interface LeadFormOptions<K extends LeadKind> {
  kind: K;
  /** The element's attributes that change what the form does (its texts aside). */
  props: Pick<LeadFormProps, 'container' | 'apiBase' | 'partner' | 'keepDraft' | 'answer'>;
  /** What an answer (or its absence) means (spec §8); also for a send that waited. */
  interpret: (outcome: PostOutcome) => FormVerdict<K>;
  /** The form's language: its toasts, the browser's message for a control that breaks the contract's pattern or type, and the POST's Content-Language. */
  messages: WidgetMessages;
  attachment?: FormAttachment;
}

export function useLeadForm<K extends LeadKind>({ kind, props, messages, interpret, attachment }: LeadFormOptions<K>) {
  type V = Record<ControlOf<K>, string>;
  const { container, apiBase, partner, keepDraft = false, answer: given } = props;
  const { tag, firstField } = FORMS[kind];
  const empty = FORMS[kind].empty as V;
  /** Where the form posts: a draft and a waiting send belong to the form that posts there. */
  const url = leadUrl(resolveApiBase(apiBase), kind, partner);
  // Only in the browser: the build's pre-render has no device to keep anything on.
  const [keep] = useState(() => typeof document !== 'undefined' && (keepDraft || mayKeepOnDevice(container)));
  const takeover = useFormTakeover<V>(container, empty, () => (keep ? readDraft(kind, url) : undefined), given?.values);
  const { values, setValues, formRef } = takeover;
  const [typedBeforeTakeover] = useState(() => Object.values(values).some(Boolean));
  const [toastSource] = useState(() => Symbol('lead form'));
  const sending = useRef(false);
  const submission = useRef<QueuedSend | null>(null);

  const proof = useProofOfWork(apiBase);
  const marks = useFieldMarks(values, takeover.onChange, (name) => mismatchMessage(kind, name, messages.service), given?.problems);
  /** Sent or discarded: the draft goes, and the outbox worker's marker asking a page to remove it (lead-outbox.ts SentMarker). */
  const emptyForm = () => {
    setValues(empty);
    attachment?.set(null);
    if (!keep) return;
    clearDraft(kind, url);
    void forgetSentDrafts([draftKey(kind, url)]).catch(() => undefined); // no IndexedDB: no marker either
  };
  const answer = useFormAnswer({ formRef, firstField, fieldNames: [...Object.keys(empty), ...(attachment ? [attachment.name] : [])], marks, messages, toastSource, onSuccess: emptyForm });
  /** Tells what an answer means: the success's confirmation or the failure's toast (a refused field marked), and the host page's event. */
  const report = (outcome: PostOutcome) => {
    const { title, description, ...verdict } = interpret(outcome);
    if (verdict.ok) answer.succeed({ title, description }, referenceOf(outcome));
    else answer.fail({ title, description, variant: 'destructive' }, verdict.mayNameField ? refusedFieldOf(outcome, kind) : undefined);
    emitOutcome(container, kind, verdict);
  };
  const reportRef = useRef(report);
  reportRef.current = report;
  const { touch, markStart } = useFirstTouch(typedBeforeTakeover, proof);
  const waiting = useWaitingSend({ keep, kind, url, empty, setValues, setFile: attachment?.set, report: reportRef, toastSource, sending, submission });

  // Drafts past their time go when a form loads, whichever form they are of: on a partner's
  // page (keep-draft) nothing else of ours runs there to remove them.
  useEffect(() => {
    if (keep) removeExpiredDrafts();
  }, []);
  useEffect(() => {
    if (keep) writeDraft(kind, url, values);
  }, [values]);
  useEffect(() => warnInvalidPartner(tag, partner), [partner]);

  const send = leadSubmit({ kind, url, values, messages, proof, marks, waiting, report: reportRef, toastSource, sending, submission, markStart });
  const { submitting, onSubmit } = useSubmitEvent(async () => {
    const file = attachment?.file ?? undefined;
    const problem = file && attachment?.problem(file);
    if (attachment && problem) answer.refuseField({ name: attachment.name, message: problem });
    else await send(leadFormBody(kind, values), file);
  }, sending);

  /** "Discard": the waiting send and the draft are removed; the form is emptied and its first field focused. */
  function discard(): void {
    waiting.drop();
    submission.current = null;
    emptyForm();
    answer.focusFirstField();
  }

  const { confirmation, confirmationRef, sendAnother } = answer;
  return {
    bind: marks.bind,
    /**
     * Props for the <form>: a real form the browser posts itself while the script is not
     * there (contract/form-post.ts); once it is, the submit is the scripted send's, and the
     * first focus or keystroke is the visitor's first touch.
     */
    formProps: {
      ref: formRef,
      action: given?.action ?? formAction(kind, apiBase),
      method: 'post',
      ...(attachment ? { encType: 'multipart/form-data' } : {}),
      onFocus: touch,
      onInput: touch,
      onSubmit,
    },
    /** The hidden controls the service filled in, for NativePostFields. */
    hidden: given?.hidden,
    /** A send is on its way (the society form says so; the career form does not, spec §4). */
    submitting,
    confirmation,
    confirmationRef,
    sendAnother,
    errorOf: marks.errorOf,
    /** Marks a control with a message, or takes its mark away (a file judged when chosen). */
    mark: marks.mark,
    waiting: waiting.waiting ? { retrying: waiting.retrying, sendNow: waiting.sendNow, discard } : null,
  };
}
