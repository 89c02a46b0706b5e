import { useState, type FormEvent, type MutableRefObject } from 'react';
import { HEADERS } from '../../contract/http.ts';
import { NOTICE_VERSION } from '../../contract/collection-notice.ts';
import type { LeadKind } from '../../contract/lead-contract.ts';
import type { PostOutcome } from './api-client.ts';
import { markFunnel } from './campaign.ts';
import type { FieldError } from './form-state.ts';
import { attemptSend, unreachable, type QueuedSend } from './lead-outbox.ts';
import { refusesCv } from './cv-file.ts';
import { currentVisit, withoutVisit, withVisit } from './lead-request.ts';
import type { SendState } from './use-waiting-send.ts';
import { dismissToastsFrom } from '../toast-host/toast-store.ts';
import type { WidgetMessages } from '../i18n/types.ts';

/** A new Idempotency-Key: 32 random hex digits (crypto.randomUUID needs a secure context; this does not). */
const newIdempotencyKey = () => Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

/** What a form's submit works with: the form as it is now, and the parts of useLeadForm it drives. */
export interface SubmitParts extends SendState {
  kind: LeadKind;
  url: string;
  values: Record<string, string>;
  messages: WidgetMessages;
  proof: { challengeUrl(): string; take(): Promise<string | undefined> | undefined };
  marks: { setFieldError(error: FieldError | null): void };
  waiting: { settle(send: QueuedSend, outcome: PostOutcome): void; wait(send: QueuedSend): void };
  report: MutableRefObject<(outcome: PostOutcome) => void>;
  toastSource: symbol;
  /** A send implies a start in the funnel (the form may have been filled before it was taken over). */
  markStart(): void;
}

/**
 * The form's submit: sends the spec's `body` and reports the outcome. The first press makes the
 * submission's Idempotency-Key; sending the same body again reuses it. When the service cannot
 * be reached, the send is kept and waits (the spec's failure toast shows first), the fields
 * staying as they are; a send with other values replaces a waiting one. Never two sends of a
 * form at once: a press while a waiting send is being retried does nothing (its answer shows).
 */
export function leadSubmit(parts: SubmitParts): (body: Record<string, string>, cv?: File) => Promise<void> {
  const { sending, submission, proof, waiting, report } = parts;
  return async (body, cv) => {
    if (sending.current) return;
    sending.current = true;
    let outcome: PostOutcome;
    let send: QueuedSend;
    try {
      dismissToastsFrom(parts.toastSource);
      parts.marks.setFieldError(null);
      parts.markStart();
      markFunnel('sends');
      const solution = await proof.take();
      send = sendOf(body, cv, parts);
      if (solution) send.proof = solution;
      submission.current = send;
      outcome = await attemptSend(send, { solve: false });
    } finally {
      sending.current = false;
    }
    // Sent, or its CV refused (too large, not a CV, an upload the service no longer holds): the next press is a new send.
    if ((outcome.type === 'json' && outcome.ok) || refusesCv(outcome)) submission.current = null;
    waiting.settle(send, outcome);
    report.current(outcome);
    if (unreachable(outcome)) waiting.wait(send);
  };
}

/** The send of `body` (and `cv`): the one under way or last refused when it is the same (its Idempotency-Key again), else a new one. */
function sendOf(body: Record<string, string>, cv: File | undefined, { submission, url, kind, messages, proof, values }: SubmitParts): QueuedSend {
  const previous = submission.current;
  if (previous && withoutVisit(previous.url) === url && JSON.stringify(previous.body) === JSON.stringify(body) && sameFile(previous.cv?.file, cv)) return previous;
  return {
    ...(cv ? { cv: { file: cv } } : {}),
    key: newIdempotencyKey(),
    kind,
    url: withVisit(url, currentVisit()),
    body,
    headers: { [HEADERS.noticeVersion]: NOTICE_VERSION, [HEADERS.language]: messages.lang },
    challengeUrl: proof.challengeUrl(),
    queuedAt: Date.now(),
    state: 'waiting',
    values: { ...values },
  };
}

/** The same file chosen (a file kept on the device comes back as another object). */
const sameFile = (a: File | undefined, b: File | undefined): boolean =>
  a === b || (!!a && !!b && a.name === b.name && a.size === b.size && a.lastModified === b.lastModified);

/**
 * The form's submit event: the browser's own submit is prevented and `send` runs, unless a
 * send of the form is on its way; `submitting` is true until it has its answer.
 */
export function useSubmitEvent(send: () => Promise<void>, sending: MutableRefObject<boolean>) {
  const [submitting, setSubmitting] = useState(false);
  async function onSubmit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    if (sending.current) return;
    setSubmitting(true);
    try {
      await send();
    } finally {
      setSubmitting(false);
    }
  }
  return { submitting, onSubmit };
}
