/**
 * The outbox service worker, served at /outbox-sw.js (scope: the whole site) and
 * registered by a form only once one of its sends waits for a connection (lead-outbox.ts).
 * It sends what waits when the visitor opens any page of the site again (a navigation
 * request passes through it; it never answers one itself), and on a Background Sync
 * event where the browser has them (Chrome on Android), without a visit. Each send keeps
 * its Idempotency-Key, so a page and this worker sending the same one store one lead.
 * A send the service accepts is deleted at once; in its place only a marker naming its draft
 * stays until a page has removed that draft from localStorage, which a worker cannot reach
 * (the page loader, ../page-scripts/device-storage.ts, then says so and the marker goes). The answer is posted to the open pages, where a form still showing that send shows it;
 * a form taken over later does not (the person has the acknowledgement email). A refused send is
 * kept whole, for the visitor to correct: the pages that ask are told its form, which takes over
 * at once. A form registers this worker when it takes over on our origin (a worker cannot be
 * installed while offline); it unregisters itself once nothing is kept (every navigation
 * deletes what is older than the limit). Built as one classic script (site-generator/outbox-worker-plugin.ts).
 */
import type { PostOutcome } from './api-client.ts';
import {
  accepted,
  attemptSend,
  forgetSentDrafts,
  OUTBOX_SYNC_TAG,
  readOutbox,
  replaceBySentMarker,
  unreachable,
  updateSend,
  type DraftsRemoved,
  type OutboxNews,
} from './lead-outbox.ts';
import type { LeadKind } from '../../contract/lead-contract.ts';
import { CAREER_APPLICATION, SOCIETY_REGISTRATION } from '../registry/names.ts';

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
  clients: { matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<{ postMessage(message: unknown): void }[]> };
  registration: { unregister(): Promise<boolean> };
}
const worker = self as unknown as WorkerScope;

const FORM_ELEMENTS: Record<LeadKind, string> = { society: SOCIETY_REGISTRATION, career: CAREER_APPLICATION };

/** What the pages hear (OutboxNews): the drafts to remove, and the forms with a send to show when a page asked. */
async function news(forms: boolean, sent?: OutboxNews['sent']): Promise<OutboxNews> {
  const { sends, sentDrafts } = await readOutbox(); // also deletes whatever is older than the limit
  return { type: OUTBOX_SYNC_TAG, drafts: sentDrafts, ...(forms ? { forms: [...new Set(sends.map((s) => FORM_ELEMENTS[s.kind]))] } : {}), ...(sent ? { sent } : {}) };
}

/** With nothing kept (no send, no marker), the worker has done its part. It stays active for the pages it controls. */
async function unregisterIfIdle(): Promise<void> {
  const { sends, sentDrafts } = await readOutbox();
  if (sends.length === 0 && sentDrafts.length === 0) await worker.registration.unregister();
}

/**
 * Sends every waiting send once; true when nothing is left waiting. When the service answered
 * any, every open page of ours hears it (those this worker does not control too): a form still
 * showing one of the accepted sends shows its answer, another waiting form tries again at once,
 * and the loader removes the drafts.
 */
async function flushOnce(): Promise<boolean> {
  let left = 0;
  let answered = 0;
  const sent: { key: string; outcome: PostOutcome }[] = [];
  for (const send of (await readOutbox()).sends) {
    if (send.state !== 'waiting') continue;
    const outcome = await attemptSend(send, { solve: true });
    if (unreachable(outcome)) {
      left++;
      await updateSend(send);
      continue;
    }
    answered++;
    if (accepted(outcome)) {
      await replaceBySentMarker(send);
      sent.push({ key: send.key, outcome });
    } else await updateSend({ ...send, state: 'answered', outcome });
  }
  if (answered > 0) {
    const message = await news(false, sent);
    for (const client of await worker.clients.matchAll({ type: 'window', includeUncontrolled: true })) client.postMessage(message);
  }
  await unregisterIfIdle();
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
// A page asks which forms have a send to show, and which drafts to remove (after the flush its
// navigation started); a page that has removed drafts says so: their markers go.
worker.addEventListener('message', (event) => {
  const data = event.data as (Partial<OutboxNews> & Partial<DraftsRemoved>) | null;
  if (Array.isArray(data?.removed)) {
    if (data.removed.length > 0) event.waitUntil(forgetSentDrafts(data.removed).then(unregisterIfIdle));
    return;
  }
  const source = event.source;
  if (data?.type !== OUTBOX_SYNC_TAG || !source) return;
  event.waitUntil(
    (flushing ?? Promise.resolve(true))
      .catch(() => false)
      .then(() => news(true))
      .then((answer) => source.postMessage(answer)),
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
