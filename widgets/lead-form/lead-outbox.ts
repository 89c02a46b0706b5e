/**
 * Sends that could not reach the service, kept on the device until they go: an IndexedDB
 * store read by the form (which retries while the page is open) and by the outbox
 * service worker (outbox-sw.ts: at the next visit to any page of the site, and on a
 * Background Sync event). Each send keeps its Idempotency-Key, so however many of them
 * go, the service stores one lead. A send the service accepts is deleted at once: when the
 * worker sent it, a marker naming only its draft stays until a page has removed that draft
 * (SentMarker); a refused send is kept whole, for the visitor to correct. Anything older than
 * OUTBOX_MAX_AGE_DAYS is deleted whenever the store is read. No DOM: the worker bundles this too.
 */
import { createStore, del, delMany, promisifyRequest, set, values, type UseStore } from 'idb-keyval';
import { postFile, postJson, type PostOutcome } from './api-client.ts';
import { CV } from '../../contract/cv-upload.ts';
import { HEADERS } from '../../contract/http.ts';
import { cvUploadUrl, refusesCv, uploadIdOf } from './cv-file.ts';
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
  /** waiting: not through yet; answered: the service refused it (`outcome`), for the form to show at its next takeover with the values to correct. */
  state: 'waiting' | 'answered';
  outcome?: PostOutcome;
  /** The form's controls as they were sent, to show again (a refusal to correct). */
  values?: Record<string, string>;
  /**
   * The CV sent with a career application: the file itself (IndexedDB keeps files), uploaded
   * before the application, and the id the upload answered, which every retry names again.
   */
  cv?: { file: File; upload?: string };
}

/**
 * What stays of a send the outbox worker got accepted, until a page of ours has removed its
 * draft from localStorage (which a worker cannot reach): the draft's key, and nothing else (no
 * body, values, headers, answer or reference). Kept under that key, beside the sends (kept
 * under their Idempotency-Key), so the accepted sends of one form leave one marker.
 */
interface SentMarker {
  draft: string;
}

/**
 * What the outbox worker tells the pages (the page loader speaks it too, written out:
 * ../page-scripts/loader.ts): the drafts of the sends it got accepted (a page removes them and
 * answers DraftsRemoved, and the worker forgets them); in its answer to a page that asks, the
 * elements of the forms with a send to show (still waiting, or refused), which take over at
 * once; after sending, the answers it got accepted, for a form that is open to show.
 */
export interface OutboxNews {
  type: typeof OUTBOX_SYNC_TAG;
  drafts: string[];
  forms?: string[];
  sent?: { key: string; outcome: PostOutcome }[];
}

/** What the page loader answers OutboxNews with: the drafts it has removed from localStorage. No `type`: the worker never answers it. */
export interface DraftsRemoved {
  removed: string[];
}

let store: UseStore | undefined;
const outbox = () => (store ??= createStore('societydesk-outbox', 'sends'));

export const putSend = (send: QueuedSend): Promise<void> => set(send.key, send, outbox());
export const deleteSend = (key: string): Promise<void> => del(key, outbox());

/**
 * Writes `send` only if it is still kept and still waiting, in one transaction: a send that the
 * form has meanwhile finished (and deleted) is not brought back by the worker, nor the other
 * way round, and a refusal already kept is never overwritten by the send it answered.
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
 * The service accepted `send`, which the worker sent: the send is deleted, and in the same
 * transaction a marker naming its draft takes its place, for a page to remove the draft. Only
 * while the send is still kept: a form that finished it meanwhile has removed its draft itself.
 */
export const replaceBySentMarker = (send: QueuedSend): Promise<void> =>
  outbox()('readwrite', (store) => {
    const request = store.get(send.key);
    request.onsuccess = () => {
      if (!request.result) return;
      const marker: SentMarker = { draft: draftOf(send) };
      store.delete(send.key);
      store.put(marker, marker.draft);
    };
    return promisifyRequest(store.transaction);
  });

/** These drafts are gone from localStorage: their markers are deleted (only markers: sends are kept under their Idempotency-Key). */
export const forgetSentDrafts = (drafts: readonly unknown[]): Promise<void> =>
  delMany(drafts.filter((d): d is string => typeof d === 'string' && d.startsWith(DRAFT_KEY_PREFIX)), outbox());

/** The localStorage key of a form's draft (draft-store.ts): one per form kind and where it posts (the API base and partner: another form is another draft). */
export const draftKey = (kind: LeadKind, url: string): string => `${DRAFT_KEY_PREFIX}${kind}:${url}`;

/** The draft of the form a send came from: gone once the send is accepted. */
const draftOf = (send: QueuedSend): string => draftKey(send.kind, withoutVisit(send.url));

const isMarker = (record: QueuedSend | SentMarker): record is SentMarker => !('key' in record);

/**
 * What the outbox holds: every send younger than OUTBOX_MAX_AGE_DAYS, oldest first, and the
 * drafts its markers name. Older sends are deleted, and so is an accepted one that an earlier
 * version kept as a receipt.
 */
export async function readOutbox(now = Date.now()): Promise<{ sends: QueuedSend[]; sentDrafts: string[] }> {
  const all = await values<QueuedSend | SentMarker>(outbox());
  const sends = all.filter((record): record is QueuedSend => !isMarker(record));
  const gone = sends.filter((s) => now - s.queuedAt > OUTBOX_MAX_AGE_MS || (s.outcome && accepted(s.outcome)));
  await Promise.all(gone.map((s) => deleteSend(s.key)));
  return {
    sends: sends.filter((s) => !gone.includes(s)).sort((a, b) => a.queuedAt - b.queuedAt),
    sentDrafts: all.filter(isMarker).map((marker) => marker.draft),
  };
}

/** No HTTP answer, or the service could not store it (5xx, but a refusal of the CV: its storage is full, 507): the send waits and goes again. */
export const unreachable = (outcome: PostOutcome): boolean =>
  outcome.type === 'network' || outcome.type === 'timeout' || (outcome.status >= 500 && !refusesCv(outcome));

/**
 * One attempt of a send: with its Idempotency-Key (a structured-field string, as the IETF
 * draft has it), and a proof of work whose challenge has not expired (a retry fetches and
 * solves a new one when it has, or when there was none). Updates `send.proof`.
 */
export async function attemptSend(send: QueuedSend, { solve: solveMissing }: { solve: boolean }): Promise<PostOutcome> {
  if (send.cv && !send.cv.upload) {
    const uploaded = await uploadCv(send, send.cv.file);
    if (typeof uploaded !== 'string') return uploaded;
    send.cv.upload = uploaded;
  }
  if (send.proof && proofExpired(send.proof)) send.proof = undefined;
  if (!send.proof && solveMissing) send.proof = await solve(send.challengeUrl, new AbortController().signal);
  return postJson(send.url, send.body, {
    headers: {
      ...send.headers,
      [HEADERS.idempotencyKey]: `"${send.key}"`,
      ...(send.proof ? { [HEADERS.proof]: send.proof } : {}),
      ...(send.cv?.upload ? { [HEADERS.cvUpload]: send.cv.upload } : {}),
    },
  });
}

/**
 * Uploads a send's CV (CV_UPLOAD_PATH, in the form's language): the id it answered, else what
 * happened instead, for the send to report (no connection: it waits; a refusal names the CV).
 */
async function uploadCv(send: QueuedSend, file: File): Promise<string | PostOutcome> {
  const language = send.headers[HEADERS.language];
  const outcome = await postFile(cvUploadUrl(send.url), CV.control, file, { headers: language ? { [HEADERS.language]: language } : {} });
  const id = uploadIdOf(outcome);
  if (id) return id;
  // An answer that says it took the file but names no id is no upload: never read as the application's success.
  return outcome.type === 'json' && outcome.ok ? { type: 'invalid-response', status: outcome.status, ok: false } : outcome;
}
