import { useEffect, useRef, useState, type MutableRefObject } from 'react';
import type { PostOutcome } from './api-client.ts';
import { onOwnSite } from './api-base.ts';
import { withoutVisit } from './lead-request.ts';
import { attemptSend, deleteSend, keptSends, OUTBOX_SYNC_TAG, OUTBOX_WORKER_PATH, putSend, unreachable, updateSend, type QueuedSend } from './lead-outbox.ts';
import { dismissToastsFrom } from '../toast-host/toast-store.ts';

/** Retries of a waiting send: 5 s, 10 s, 20 s … at most 5 min apart, plus up to 50 % jitter; at once when the browser says it is online. */
const RETRY_BASE_MS = 5_000;
const RETRY_MAX_MS = 5 * 60_000;

/** What a form shares with its waiting send. */
export interface SendState {
  /** A send of this form is on its way (the visitor's or a waiting one's retry): never two at once, so an answer is shown once. */
  sending: MutableRefObject<boolean>;
  /** The submission under way or last refused: a send of the same body reuses its Idempotency-Key. */
  submission: MutableRefObject<QueuedSend | null>;
}

/**
 * The send that waits for a connection (lead-outbox.ts): kept on the device where allowed
 * (`keep`), tried again with backoff, at once when the browser is back online or the outbox
 * worker says it has sent something, and from an earlier visit when the form comes back (its
 * answer shown if the worker sent it meanwhile). `report` shows an answer once it comes.
 */
export function useWaitingSend<V extends Record<string, string>>({
  keep,
  url,
  empty,
  setValues,
  report,
  toastSource,
  sending,
  submission,
}: SendState & {
  keep: boolean;
  url: string;
  empty: V;
  setValues: (values: V) => void;
  report: MutableRefObject<(outcome: PostOutcome) => void>;
  toastSource: symbol;
}) {
  const [waiting, setWaiting] = useState<QueuedSend | null>(null);
  const [retrying, setRetrying] = useState(false);
  const retryRef = useRef<(byVisitor: boolean) => void>(() => undefined);
  const retryAtOnce = useRef(false);
  const waitingSend = useRef<QueuedSend | null>(null);
  waitingSend.current = waiting;

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
          if (live) report.current(send.outcome);
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
          report.current(outcome); // the spec's failure toast, again
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
      report.current(outcome);
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
