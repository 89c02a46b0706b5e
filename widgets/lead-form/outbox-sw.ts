/**
 * The outbox service worker, served at /outbox-sw.js (scope: the whole site) and
 * registered by a form only once one of its sends waits for a connection (lead-outbox.ts).
 * It sends what waits when the visitor opens any page of the site again (a navigation
 * request passes through it; it never answers one itself), and on a Background Sync
 * event where the browser has them (Chrome on Android), without a visit. Each send keeps
 * its Idempotency-Key, so a page and this worker sending the same one store one lead.
 * A send the service accepts is replaced at once by its receipt (nothing the visitor typed),
 * kept for the form to show at its next takeover; a refused one is kept whole, for the visitor
 * to correct. The pages it controls are told which forms have a send to show (so they take over
 * at once) and which drafts belong to accepted sends: the page loader removes those from
 * localStorage, which a worker cannot reach (../page-scripts/device-storage.ts). A form
 * registers it when it takes over on our origin (a worker cannot be installed while
 * offline); it unregisters itself at a visit that finds nothing kept (every navigation
 * deletes what is older than the limit). Built as one classic script (scripts/build/outbox-worker-plugin.ts).
 */
import { accepted, attemptSend, draftOf, keptSends, OUTBOX_SYNC_TAG, receiptOf, unreachable, updateSend, type QueuedSend } from './lead-outbox.ts';

// The few worker types used here (the project's TypeScript lib is the DOM's, not the worker's).
interface ExtendableEventLike extends Event {
  waitUntil(promise: Promise<unknown>): void;
  /** InstallEvent.addRoutes (ServiceWorker static routing; Chromium only so far). */
  addRoutes?(rules: { condition: Record<string, unknown>; source: 'network' }): Promise<void>;
}
interface WorkerScope {
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEventLike) => void): void;
  addEventListener(type: 'fetch', listener: (event: ExtendableEventLike & { request: Request }) => void): void;
  addEventListener(type: 'sync', listener: (event: ExtendableEventLike & { tag: string }) => void): void;
  addEventListener(
    type: 'message',
    listener: (event: ExtendableEventLike & { data: unknown; source: { postMessage(message: unknown): void } | null }) => void,
  ): void;
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void>; matchAll(options: { type: 'window' }): Promise<{ postMessage(message: unknown): void }[]> };
  registration: { unregister(): Promise<boolean> };
}
const worker = self as unknown as WorkerScope;

/** What the pages hear: the forms with a send to show (`kinds`, when a page asked) and the drafts of accepted sends. */
function news(sends: readonly QueuedSend[], withKinds: boolean) {
  const receipts = sends.filter((s) => s.state === 'answered' && s.outcome && accepted(s.outcome));
  return { type: OUTBOX_SYNC_TAG, drafts: [...new Set(receipts.map(draftOf))], ...(withKinds ? { kinds: [...new Set(sends.map((s) => s.kind))] } : {}) };
}

/** Sends every waiting send once; true when nothing is left waiting. */
async function flushOnce(): Promise<boolean> {
  let left = 0;
  for (const send of await keptSends()) {
    if (send.state !== 'waiting') continue;
    const outcome = await attemptSend(send, { solve: true });
    if (unreachable(outcome)) {
      left++;
      await updateSend(send);
    } else await updateSend(accepted(outcome) ? receiptOf(send, outcome) : { ...send, state: 'answered', outcome });
  }
  const kept = await keptSends(); // also deletes whatever is older than the limit
  for (const client of await worker.clients.matchAll({ type: 'window' })) client.postMessage(news(kept, false));
  if (kept.length === 0) await worker.registration.unregister(); // stays active for the pages it controls
  return left === 0;
}

let flushing: Promise<boolean> | undefined;
const flush = () => (flushing ??= flushOnce().finally(() => (flushing = undefined)));

worker.addEventListener('install', (event) => {
  // Only navigations pass through this worker; every other request goes straight to the
  // network (ServiceWorker static routing, where the browser has it). Chromium can drop a
  // beacon that a worker intercepts while its page goes away, which lost the vitals and
  // funnel beacons of the pages this worker controlled (a reload after a send among them).
  const routed = event.addRoutes?.({ condition: { not: { requestMode: 'navigate' } }, source: 'network' });
  event.waitUntil(Promise.all([worker.skipWaiting(), routed?.catch(() => undefined)]));
});
// A page asks which forms have a send to show, and which drafts to remove (after the flush its navigation started).
worker.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type !== OUTBOX_SYNC_TAG || !event.source) return;
  const source = event.source;
  event.waitUntil(
    (flushing ?? Promise.resolve(true))
      .catch(() => false)
      .then(() => keptSends())
      .then((sends) => source.postMessage(news(sends, true))),
  );
});
worker.addEventListener('fetch', (event) => {
  if (event.request.mode === 'navigate') event.waitUntil(flush().catch(() => false));
});
worker.addEventListener('sync', (event) => {
  if (event.tag !== OUTBOX_SYNC_TAG) return;
  // A rejection asks the browser to fire the sync again later.
  event.waitUntil(
    flush().then((done) => {
      if (!done) throw new Error('a send is still waiting for a connection');
    }),
  );
});
