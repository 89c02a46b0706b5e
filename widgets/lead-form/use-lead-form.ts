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
 *   Content-Language: the form's language, in which the service answers);
 * - the page's funnel counts: the first touch of the form (a start) and each send;
 * - the draft kept on the device (draft-store.ts) and the send that waits for a connection
 *   (lead-outbox.ts): an Idempotency-Key made at the first press and reused by every retry,
 *   the "saved on this phone" state with "send now" and "discard", retries with backoff and
 *   on the `online` event, and the outbox worker for when the visitor has left.
 */
import { useEffect, useLayoutEffect, useRef, useState, type ChangeEvent } from 'react';
import { CHALLENGE_PATH, HEADERS } from '../../contract/http.ts';
import { onOwnSite, resolveApiBase } from './api-base.ts';
import type { PostOutcome } from './api-client.ts';
import { markFunnel } from './campaign.ts';
import { currentVisit, withoutVisit, withVisit } from './lead-request.ts';
import { clearDraft, mayKeepOnDevice, readDraft, writeDraft } from './draft-store.ts';
import type { LeadKind } from '../../contract/lead-contract.ts';
import {
  attemptSend,
  deleteSend,
  keptSends,
  OUTBOX_SYNC_TAG,
  OUTBOX_WORKER_PATH,
  putSend,
  type QueuedSend,
  unreachable,
  updateSend,
} from './lead-outbox.ts';
import { NOTICE_VERSION } from '../../contract/collection-notice.ts';
import { invalidProps } from './form-field.tsx';
import { type FieldError, useFormTakeover } from './form-state.ts';
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
  /** `keep-draft` attribute: a partner lets the form keep drafts and waiting sends on its origin (draft-store.ts). */
  keepDraft?: boolean;
  /** Server-rendered variant: identical, but the submit button is disabled. */
  prerendered?: boolean;
}

export interface Confirmation {
  title: string;
  message: string;
  /** The form's height when it was sent: the confirmation keeps it. */
  minHeight?: number;
}

/** Retries of a waiting send: 5 s, 10 s, 20 s … at most 5 min apart, plus up to 50 % jitter; at once when the browser says it is online. */
const RETRY_BASE_MS = 5_000;
const RETRY_MAX_MS = 5 * 60_000;

/** A new Idempotency-Key: 32 random hex digits (crypto.randomUUID needs a secure context; this does not). */
const newIdempotencyKey = () => Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

export function useLeadForm<V extends Record<string, string>>({
  container,
  kind,
  empty,
  apiBase,
  firstField,
  mismatchMessage,
  messages,
  report,
  url,
  keepDraft = false,
}: {
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
}) {
  // Only in the browser: the build's pre-render has no device to keep anything on.
  const [keep] = useState(() => typeof document !== 'undefined' && (keepDraft || mayKeepOnDevice(container)));
  const takeover = useFormTakeover<V>(container, empty, () => (keep ? readDraft(kind, url) : undefined));
  const { values, setValues, formRef } = takeover;
  const [waiting, setWaiting] = useState<QueuedSend | null>(null);
  const [retrying, setRetrying] = useState(false);
  /** The submission under way or last refused: a send of the same body reuses its Idempotency-Key. */
  const submission = useRef<QueuedSend | null>(null);
  const reportRef = useRef(report);
  reportRef.current = report;
  const retryRef = useRef<(byVisitor: boolean) => void>(() => undefined);
  /** A send of this form is on its way (the visitor's or a waiting one's retry): never two at once, so an answer is shown once. */
  const sending = useRef(false);
  const retryAtOnce = useRef(false);
  const [typedBeforeTakeover] = useState(() => Object.values(values).some(Boolean));
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const [fieldError, setFieldError] = useState<FieldError | null>(null);
  const confirmationRef = useRef<HTMLHeadingElement>(null);
  const focusNext = useRef<'first' | 'error' | 'confirmation' | null>(null);
  const [toastSource] = useState(() => Symbol('lead form'));

  const apiBaseRef = useRef(apiBase);
  apiBaseRef.current = apiBase;
  const proof = useRef<ProofOfWork | null>(null);
  const started = useRef(false);
  /** The visitor's first touch of the form: a start in the page's funnel counts (once per form). */
  const markStart = () => {
    if (!started.current) markFunnel('starts');
    started.current = true;
  };
  const startProof = () => {
    markStart();
    proof.current ??= createProofOfWork(() => `${resolveApiBase(apiBaseRef.current)}${CHALLENGE_PATH}`);
    proof.current.start();
  };

  useLayoutEffect(() => {
    // The visitor already typed into the pre-rendered form: start the proof of work now.
    if (typedBeforeTakeover) startProof();
    return () => proof.current?.stop();
  }, []); // once, on mount

  useEffect(() => {
    if (keep) writeDraft(kind, url, values);
  }, [values]);

  // A send kept from an earlier visit: its answer (the outbox worker sent it) is shown now,
  // or it waits here again and is tried at once.
  useEffect(() => {
    if (!keep) return;
    let live = true;
    registerOutboxWorker().catch(() => undefined); // offline, or no service workers: sends wait while the page is open
    keptSends()
      .then(async (sends) => {
        const send = sends.filter((s) => withoutVisit(s.url) === url).at(-1);
        if (!live || !send) return;
        if (send.values) setValues({ ...empty, ...send.values } as V);
        if (send.state === 'answered' && send.outcome) {
          await deleteSend(send.key);
          if (live) reportRef.current(send.outcome);
        } else {
          submission.current = send;
          retryAtOnce.current = true;
          setWaiting(send);
        }
      })
      .catch(() => undefined); // no IndexedDB (a private window of some browsers): nothing was kept
    return () => {
      live = false;
    };
  }, []); // once, on mount

  // While a send waits: tried again with backoff, at once when the browser is back online
  // or the outbox worker says it has sent something.
  useEffect(() => {
    if (!waiting) return;
    let stopped = false;
    let attempt = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const schedule = () => {
      clearTimeout(timer);
      const pause = Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** attempt++);
      timer = setTimeout(() => retry(false), pause * (1 + Math.random() / 2));
    };
    const retry = async (byVisitor: boolean) => {
      if (stopped) return;
      if (sending.current) {
        if (!byVisitor) schedule(); // the visitor's own send is on its way: its answer decides
        return;
      }
      sending.current = true;
      clearTimeout(timer);
      setRetrying(true);
      const outcome = await attemptSend(waiting, { solve: true }).finally(() => {
        sending.current = false;
      });
      if (stopped) return;
      setRetrying(false);
      if (unreachable(outcome)) {
        if (byVisitor) {
          dismissToastsFrom(toastSource);
          reportRef.current(outcome); // the spec's failure toast, again
        }
        if (keep) void updateSend(waiting).catch(() => undefined); // keeps a newly solved proof
        schedule();
        return;
      }
      stopped = true;
      if (keep) void deleteSend(waiting.key).catch(() => undefined);
      if (outcome.type === 'json' && outcome.ok) submission.current = null;
      setWaiting(null);
      dismissToastsFrom(toastSource); // the failure toast of the send that waited is no longer true
      reportRef.current(outcome);
    };
    retryRef.current = (byVisitor) => void retry(byVisitor);
    const onOnline = () => void retry(false);
    const onWorker = (event: MessageEvent) => {
      if ((event.data as { type?: unknown } | null)?.type === OUTBOX_SYNC_TAG) void retry(false);
    };
    addEventListener('online', onOnline);
    navigator.serviceWorker?.addEventListener('message', onWorker);
    if (retryAtOnce.current) {
      retryAtOnce.current = false;
      void retry(false);
    } else schedule();
    return () => {
      stopped = true;
      clearTimeout(timer);
      retryRef.current = () => undefined;
      removeEventListener('online', onOnline);
      navigator.serviceWorker?.removeEventListener('message', onWorker);
    };
  }, [waiting]);

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

  /**
   * Sends the spec's `body` and reports the outcome. The first press makes the
   * submission's Idempotency-Key; sending the same body again reuses it. When the service
   * cannot be reached, the send is kept and waits (the spec's failure toast shows first),
   * the fields staying as they are; a send with other values replaces a waiting one.
   */
  async function submit(body: Record<string, string>): Promise<void> {
    if (sending.current) return; // a waiting send is being retried: its answer shows
    sending.current = true;
    let outcome: PostOutcome;
    let send: QueuedSend;
    try {
      dismissToastsFrom(toastSource);
      setFieldError(null);
      markStart(); // a send implies a start (the form may have been filled before it was taken over)
      markFunnel('sends');
      const solution = await proof.current?.take();
      const previous = submission.current;
      const same = previous && withoutVisit(previous.url) === url && JSON.stringify(previous.body) === JSON.stringify(body);
      send = same
        ? previous
        : {
            key: newIdempotencyKey(),
            kind,
            url: withVisit(url, currentVisit()),
            body,
            headers: { [HEADERS.noticeVersion]: NOTICE_VERSION, [HEADERS.language]: messages.lang },
            challengeUrl: `${resolveApiBase(apiBaseRef.current)}${CHALLENGE_PATH}`,
            queuedAt: Date.now(),
            state: 'waiting',
            values: { ...values },
          };
      if (solution) send.proof = solution;
      submission.current = send;
      outcome = await attemptSend(send, { solve: false });
    } finally {
      sending.current = false;
    }
    if (outcome.type === 'json' && outcome.ok) submission.current = null;
    const replaced = waitingSend.current;
    if (replaced && (replaced.key !== send.key || !unreachable(outcome))) {
      if (keep) void deleteSend(replaced.key).catch(() => undefined);
      setWaiting(null);
    }
    reportRef.current(outcome);
    if (unreachable(outcome)) wait(send);
  }
  const waitingSend = useRef<QueuedSend | null>(null);
  waitingSend.current = waiting;

  /** Keeps the send on the device (where allowed) and shows the waiting state. */
  function wait(send: QueuedSend) {
    setWaiting(send);
    if (keep) putSend(send).then(requestBackgroundSync).catch(() => undefined); // no IndexedDB or no worker: it waits while the page is open
  }

  /** "Send now": one attempt at once; still unreachable shows the failure toast again. */
  function sendNow() {
    retryRef.current(true);
  }

  /** "Discard": the waiting send and the draft are removed; the form is emptied. */
  function discard() {
    const send = waiting;
    if (send && keep) void deleteSend(send.key).catch(() => undefined);
    if (keep) clearDraft(kind, url);
    submission.current = null;
    setWaiting(null);
    setValues(empty);
    focusNext.current = 'first';
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
    if (keep) clearDraft(kind, url);
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

  return {
    values,
    bind,
    formProps,
    confirmation,
    confirmationRef,
    sendAnother,
    submit,
    succeed,
    fail,
    errorOf,
    waiting: waiting ? { retrying, sendNow, discard } : null,
  };
}

/**
 * On our own origin, the worker that sends waiting sends when the visitor has left: at
 * their next visit to any page of the site, and by Background Sync where the browser has
 * it. Registered when a form takes over (after the visitor acted on it: a worker cannot be
 * installed once the connection is gone); it unregisters itself at the next visit that
 * finds nothing waiting, so visitors who never act on a form never have it.
 */
async function registerOutboxWorker(): Promise<void> {
  if ('serviceWorker' in navigator && onOwnSite()) await navigator.serviceWorker.register(OUTBOX_WORKER_PATH);
}

/** Asks for a Background Sync (Chrome) that sends the waiting send even without a visit. */
async function requestBackgroundSync(): Promise<void> {
  if (!('serviceWorker' in navigator) || !onOwnSite()) return;
  const registration = await navigator.serviceWorker.getRegistration() ?? (await navigator.serviceWorker.register(OUTBOX_WORKER_PATH));
  const active = registration as ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } };
  await active.sync?.register(OUTBOX_SYNC_TAG);
}

function control(form: HTMLFormElement | null, name: string): Control | null {
  const el = form?.elements.namedItem(name);
  return isControl(el) ? el : null;
}
