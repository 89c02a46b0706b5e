import { useEffect, useRef, useState, type MutableRefObject } from 'react';
import type { PostOutcome } from './api-client.ts';
import { onOwnSite } from './api-base.ts';
import { withoutVisit } from './lead-request.ts';
import type { LeadKind } from '../../contract/lead-contract.ts';
import {
  attemptSend,
  deleteSend,
  draftKey,
  forgetSentDrafts,
  OUTBOX_SYNC_TAG,
  OUTBOX_WORKER_PATH,
  putSend,
  readOutbox,
  unreachable,
  updateSend,
  type OutboxNews,
  type QueuedSend,
} from './lead-outbox.ts';
import { dismissToastsFrom } from '../toast-host/toast-store.ts';

/** Retries of a waiting send: 5 s, 10 s, 20 s … at most 5 min apart, plus up to 50 % jitter; at once when the browser says it is online, then 5 s, 10 s … again. */
const RETRY_BASE_MS = 5_000;
const RETRY_MAX_MS = 5 * 60_000;

/** What a form shares with its waiting send. */
export interface SendState {
  /** A send of this form is on its way (the visitor's or a waiting one's retry): never two at once, so an answer is shown once. */
  sending: MutableRefObject<boolean>;
  /** The submission under way or last refused: a send of the same body reuses its Idempotency-Key. */
  submission: MutableRefObject<QueuedSend | null>;
}

/** What the waiting send works with: the form's own state and where its answer goes. */
export interface WaitingSendParts<V extends Record<string, string>> extends SendState {
  /** The send may be kept on the device (draft-store.ts); else it waits while the page is open. */
  keep: boolean;
  kind: LeadKind;
  url: string;
  empty: V;
  setValues: (values: V) => void;
  /** The form's file (the career form's CV) as a kept send had it, or none. */
  setFile?: (file: File | null) => void;
  report: MutableRefObject<(outcome: PostOutcome) => void>;
  toastSource: symbol;
}

/**
 * The send that waits for a connection (lead-outbox.ts): kept on the device where allowed
 * (`keep`), tried again with backoff, at once when the browser is back online or the outbox
 * worker says it has sent something (when that was this send, its answer is shown as it is), and
 * from an earlier visit when the form comes back (a refusal the worker got meanwhile shown with
 * the values to correct). `report` shows an answer once it comes.
 */
export function useWaitingSend<V extends Record<string, string>>(parts: WaitingSendParts<V>) {
  const { keep, kind, url, empty, setValues, setFile, report, toastSource, sending, submission } = parts;
  const [waiting, setWaiting] = useState<QueuedSend | null>(null);
  const [retrying, setRetrying] = useState(false);
  const retryRef = useRef<(byVisitor: boolean) => void>(() => undefined);
  const retryAtOnce = useRef(false);
  const waitingSend = useRef<QueuedSend | null>(null);
  waitingSend.current = waiting;

  // A send kept from an earlier visit: its refusal (the outbox worker sent it) is shown now,
  // or it waits here again and is tried at once.
  useEffect(() => {
    if (!keep) return;
    return resumeKeptSend(kind, url, {
      restore: (values, file) => {
        setValues({ ...empty, ...values });
        setFile?.(file ?? null);
      },
      report: (outcome) => report.current(outcome),
      wait: (send) => {
        submission.current = send;
        retryAtOnce.current = true;
        setWaiting(send);
      },
    });
  }, []); // once, on mount

  useEffect(() => {
    if (!waiting) return;
    const loop = retryUntilAnswered(waiting, retryAtOnce.current, {
      keep,
      sending,
      toastSource,
      report: (outcome) => report.current(outcome),
      setRetrying,
      answered: (outcome) => {
        if (outcome.type === 'json' && outcome.ok) submission.current = null;
        setWaiting(null);
      },
    });
    retryAtOnce.current = false;
    retryRef.current = loop.retry;
    return () => {
      loop.stop();
      retryRef.current = () => undefined;
    };
  }, [waiting]);

  /** Drops the waiting send (from the device too). */
  function drop(send = waitingSend.current): void {
    if (send && keep) void deleteSend(send.key).catch(() => undefined);
    setWaiting(null);
  }

  return {
    waiting,
    retrying,
    /** The visitor's own send got `outcome`: a waiting send it replaced (or that it was, now answered) is dropped. */
    settle(send: QueuedSend, outcome: PostOutcome): void {
      const replaced = waitingSend.current;
      if (replaced && (replaced.key !== send.key || !unreachable(outcome))) drop(replaced);
    },
    /** Keeps the send on the device (where allowed) and shows the waiting state. */
    wait(send: QueuedSend): void {
      setWaiting(send);
      if (keep) putSend(send).then(requestBackgroundSync).catch(() => undefined); // no IndexedDB or no worker: it waits while the page is open
    },
    /** "Send now": one attempt at once; still unreachable shows the failure toast again. */
    sendNow: () => retryRef.current(true),
    drop: () => drop(),
  };
}

/**
 * Finds the send kept for the form that posts to `url` from an earlier visit: the visitor's
 * values come back; a refusal the outbox worker got meanwhile is reported (and the send
 * removed), else the send waits again. When the worker got this form's send accepted and no
 * page has removed its draft yet, the draft the form came back with is that lead's: the form is
 * emptied (which removes the draft) and the marker goes. Returns the cancel for an unmounted form.
 */
function resumeKeptSend(
  kind: LeadKind,
  url: string,
  form: { restore(values: Record<string, string>, file?: File): void; report(outcome: PostOutcome): void; wait(send: QueuedSend): void },
): () => void {
  let live = true;
  registerOutboxWorker().catch(() => undefined); // offline, or no service workers: sends wait while the page is open
  readOutbox()
    .then(async ({ sends, sentDrafts }) => {
      const draft = draftKey(kind, url);
      if (live && sentDrafts.includes(draft)) {
        form.restore({});
        await forgetSentDrafts([draft]);
      }
      const send = sends.filter((s) => withoutVisit(s.url) === url).at(-1);
      if (!live || !send) return;
      if (send.values) form.restore(send.values, send.cv?.file);
      if (send.state === 'answered' && send.outcome) {
        await deleteSend(send.key);
        if (live) form.report(send.outcome);
      } else form.wait(send);
    })
    .catch(() => undefined); // no IndexedDB (a private window of some browsers): nothing was kept
  return () => {
    live = false;
  };
}

/**
 * Tries a waiting send again until it gets an answer: at once when `atOnce`, then with backoff, at once when the browser
 * is back online or the outbox worker says it has sent something, and when the visitor asks
 * (`retry(true)`: still unreachable shows the failure toast again). Never while another send
 * of the form is on its way. An answer is reported once and ends the loop.
 */
function retryUntilAnswered(
  send: QueuedSend,
  atOnce: boolean,
  parts: Pick<SendState, 'sending'> & {
    keep: boolean;
    toastSource: symbol;
    report(outcome: PostOutcome): void;
    setRetrying(retrying: boolean): void;
    answered(outcome: PostOutcome): void;
  },
): { retry(byVisitor: boolean): void; stop(): void } {
  const { keep, sending, toastSource, report, setRetrying } = parts;
  let stopped = false;
  /** This loop's own attempt is on its way (not the visitor's send). */
  let trying = false;
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const schedule = () => {
    clearTimeout(timer);
    const pause = Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** attempt++);
    timer = setTimeout(() => void retry(false), pause * (1 + Math.random() / 2));
  };
  const retry = async (byVisitor: boolean) => {
    if (stopped) return;
    if (sending.current) {
      if (!byVisitor) schedule(); // the visitor's own send is on its way: its answer decides
      return;
    }
    sending.current = trying = true;
    clearTimeout(timer);
    setRetrying(true);
    const outcome = await attemptSend(send, { solve: true }).finally(() => {
      sending.current = trying = false;
    });
    if (stopped) return;
    setRetrying(false);
    if (unreachable(outcome)) {
      if (byVisitor) {
        dismissToastsFrom(toastSource);
        report(outcome); // the spec's failure toast, again
      }
      if (keep) void updateSend(send).catch(() => undefined); // keeps a newly solved proof
      schedule();
      return;
    }
    finish(outcome);
  };
  /** The answer: the send is deleted from the device (an accepted one's draft goes with the form's success), shown once. */
  const finish = (outcome: PostOutcome) => {
    stopped = true;
    clearTimeout(timer);
    setRetrying(false);
    if (keep) void deleteSend(send.key).catch(() => undefined);
    parts.answered(outcome);
    dismissToastsFrom(toastSource); // the failure toast of the send that waited is no longer true
    report(outcome);
  };
  // Back online: tried at once, and the backoff starts again from its shortest pause, since the
  // first try can still fail while the connection settles (or was already on its way).
  const onOnline = () => {
    attempt = 0;
    void retry(false);
  };
  // The worker sent this send: its answer, as the worker got it (an own attempt still on its way
  // is then ignored; the visitor's own send of it decides). Any other news: tried again at once.
  const onWorker = (event: MessageEvent) => {
    const news = event.data as Partial<OutboxNews> | null;
    if (news?.type !== OUTBOX_SYNC_TAG || stopped) return;
    const answer = Array.isArray(news.sent) ? news.sent.find((s) => s.key === send.key) : undefined;
    if (answer && (trying || !sending.current)) finish(answer.outcome);
    else void retry(false);
  };
  addEventListener('online', onOnline);
  navigator.serviceWorker?.addEventListener('message', onWorker);
  if (atOnce) void retry(false);
  else schedule();
  return {
    retry: (byVisitor) => void retry(byVisitor),
    stop() {
      stopped = true;
      clearTimeout(timer);
      removeEventListener('online', onOnline);
      navigator.serviceWorker?.removeEventListener('message', onWorker);
    },
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
