/**
 * Sends that could not reach the service, kept on the device until they go: an IndexedDB
 * store read by the form (which retries while the page is open) and by the outbox
 * service worker (outbox-sw.ts: at the next visit to any page of the site, and on a
 * Background Sync event). Each send keeps its Idempotency-Key, so however many of them
 * go, the service stores one lead. A send the service accepted is kept only as its receipt
 * (receiptOf: nothing the visitor typed) until its form shows it; anything older than
 * OUTBOX_MAX_AGE_DAYS is deleted whenever the store is read. No DOM: the worker bundles this too.
 */
import { createStore, del, get, promisifyRequest, set, values, type UseStore } from 'idb-keyval';
import { postJson, type PostOutcome } from './api-client.ts';
import { HEADERS } from '../../contract/http.ts';
import { type LeadKind, OUTBOX_MAX_AGE_DAYS } from '../../contract/lead-contract.ts';
import { DRAFT_KEY_PREFIX } from './device-keys.ts';
import { proofExpired, solve } from './proof-of-work.ts';
import { withoutVisit } from './lead-request.ts';

/** Where the worker is served (at the site root, so its scope is every page). */
export const OUTBOX_WORKER_PATH = '/outbox-sw.js';
/** The Background Sync tag the form registers and the worker answers. */
export const OUTBOX_SYNC_TAG = 'lead-outbox';
export const OUTBOX_MAX_AGE_MS = OUTBOX_MAX_AGE_DAYS * 24 * 60 * 60 * 1000;

export interface QueuedSend {
  /** The Idempotency-Key: made when the visitor first pressed send. */
  key: string;
  kind: LeadKind;
  url: string;
  /** The spec's JSON body, exactly. */
  body: Record<string, string>;
  /** The request's other headers (notice version, language), without the proof of work. */
  headers: Record<string, string>;
  /** The proof-of-work solution, reused until its challenge expires. */
  proof?: string;
  challengeUrl: string;
  queuedAt: number;
  /** waiting: not through yet; answered: the service answered (`outcome`), for the form to show at its next takeover (accepted: a receipt only). */
  state: 'waiting' | 'answered';
  outcome?: PostOutcome;
  /** The form's controls as they were sent, to show again (a refusal to correct). */
  values?: Record<string, string>;
}

let store: UseStore | undefined;
const outbox = () => (store ??= createStore('societydesk-outbox', 'sends'));

export const putSend = (send: QueuedSend): Promise<void> => set(send.key, send, outbox());
export const getSend = (key: string): Promise<QueuedSend | undefined> => get(key, outbox());
export const deleteSend = (key: string): Promise<void> => del(key, outbox());

/**
 * Writes `send` only if it is still kept and still waiting, in one transaction: a send that the
 * form has meanwhile finished (and deleted) is not brought back by the worker, nor the other
 * way round, and a receipt is never overwritten by the send it stands for.
 */
export const updateSend = (send: QueuedSend): Promise<void> =>
  outbox()('readwrite', (store) => {
    const request = store.get(send.key);
    request.onsuccess = () => {
      if ((request.result as QueuedSend | undefined)?.state === 'waiting') store.put(send, send.key);
    };
    return promisifyRequest(store.transaction);
  });

/** Whether the service accepted the send (a lead stored, or a repeat of one). */
export const accepted = (outcome: PostOutcome): boolean => outcome.type === 'json' && outcome.ok;

/**
 * What is kept of a send the service accepted, until its form shows the answer: which form
 * (its kind and the address it posts to, without the visit's campaign and page), when, and the
 * answer. Nothing the visitor typed: no body, no values, no headers, no proof.
 */
export const receiptOf = (send: QueuedSend, outcome: PostOutcome): QueuedSend => ({
  key: send.key,
  kind: send.kind,
  url: withoutVisit(send.url),
  body: {},
  headers: {},
  challengeUrl: '',
  queuedAt: send.queuedAt,
  state: 'answered',
  outcome,
});

/** The localStorage key of a form's draft (draft-store.ts): one per form kind and where it posts (the API base and partner: another form is another draft). */
export const draftKey = (kind: LeadKind, url: string): string => `${DRAFT_KEY_PREFIX}${kind}:${url}`;

/** The draft of the form a send came from: gone once the send is accepted. */
export const draftOf = (send: QueuedSend): string => draftKey(send.kind, withoutVisit(send.url));

/** Every kept send (and receipt) younger than OUTBOX_MAX_AGE_DAYS; older ones are deleted. */
export async function keptSends(now = Date.now()): Promise<QueuedSend[]> {
  const all = (await values(outbox())) as QueuedSend[];
  const old = all.filter((s) => now - s.queuedAt > OUTBOX_MAX_AGE_MS);
  await Promise.all(old.map((s) => deleteSend(s.key)));
  return all.filter((s) => !old.includes(s)).sort((a, b) => a.queuedAt - b.queuedAt);
}

/** No HTTP answer, or the service could not store it (5xx): the send waits and goes again. */
export const unreachable = (outcome: PostOutcome): boolean =>
  outcome.type === 'network' || outcome.type === 'timeout' || outcome.status >= 500;

/**
 * One attempt of a send: with its Idempotency-Key (a structured-field string, as the IETF
 * draft has it), and a proof of work whose challenge has not expired (a retry fetches and
 * solves a new one when it has, or when there was none). Updates `send.proof`.
 */
export async function attemptSend(send: QueuedSend, { solve: solveMissing }: { solve: boolean }): Promise<PostOutcome> {
  if (send.proof && proofExpired(send.proof)) send.proof = undefined;
  if (!send.proof && solveMissing) send.proof = await solve(send.challengeUrl, new AbortController().signal);
  return postJson(send.url, send.body, {
    headers: { ...send.headers, [HEADERS.idempotencyKey]: `"${send.key}"`, ...(send.proof ? { [HEADERS.proof]: send.proof } : {}) },
  });
}
