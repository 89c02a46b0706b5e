/**
 * The outbox service worker, served at /outbox-sw.js (scope: the whole site) and
 * registered by a form only once one of its sends waits for a connection (lead-outbox.ts).
 * It sends what waits when the visitor opens any page of the site again (a navigation
 * request passes through it; it never answers one itself), and on a Background Sync
 * event where the browser has them (Chrome on Android), without a visit. Each send keeps
 * its Idempotency-Key, so a page and this worker sending the same one store one lead.
 * The answer is kept for the form to show at its next takeover; a page that asks (the
 * loader) is told which forms have a send to show, so they take over at once. A form
 * registers it when it takes over on our origin (a worker cannot be installed while
 * offline); a visit that finds nothing waiting unregisters it. Built as one classic script (scripts/build/outbox-worker-plugin.ts).
 */
import { attemptSend, keptSends, OUTBOX_SYNC_TAG, unreachable, updateSend } from './lead-outbox.ts';

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

/** Sends every waiting send once; true when nothing is left waiting. */
async function flushOnce(): Promise<boolean> {
  let left = 0;
  for (const send of await keptSends()) {
    if (send.state !== 'waiting') continue;
    const outcome = await attemptSend(send, { solve: true });
    if (unreachable(outcome)) {
      left++;
      await updateSend(send);
    } else await updateSend({ ...send, state: 'answered', outcome });
  }
  for (const client of await worker.clients.matchAll({ type: 'window' })) client.postMessage({ type: OUTBOX_SYNC_TAG });
  if (left === 0) await worker.registration.unregister(); // stays active for the pages it controls
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
// A page asks which forms have a send to show (after the flush its navigation started).
worker.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type !== OUTBOX_SYNC_TAG || !event.source) return;
  const source = event.source;
  event.waitUntil(
    (flushing ?? Promise.resolve(true))
      .catch(() => false)
      .then(() => keptSends())
      .then((sends) => source.postMessage({ type: OUTBOX_SYNC_TAG, kinds: [...new Set(sends.map((s) => s.kind))] })),
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
