import { createHash } from 'node:crypto';
import type { Db } from '../store/sqlite.ts';
import { IDEMPOTENCY_KEY_PATTERN } from '../../contract/http.ts';
import { OUTBOX_MAX_AGE_DAYS } from '../../contract/lead-contract.ts';

/**
 * Idempotency keys of lead POSTs (the IETF httpapi draft "The Idempotency-Key HTTP Header
 * Field"): each key is stored with its lead, in the lead's transaction, together with the
 * first answer; a repeat gets that answer again and stores and delivers nothing. A key
 * reused with another body is refused (422). Kept a day longer than a form keeps a send
 * waiting on the device, so any retry a form can make finds its key.
 *
 * When a lead is erased (`npm run leads -- --erase`, the retention purge), its keys become
 * tombstones: the key alone (no fingerprint, no lead, no answer), kept as long as the key
 * would have been, so a device still retrying that send is answered as before and nothing is
 * stored again. All the SQL of the feature is here (tables `idempotency_keys`, migration 4,
 * and `erased_idempotency_keys`, migration 6), so another store implementation ports these
 * statements (leads-postgres.ts, personal-data-postgres.ts).
 */

export const IDEMPOTENCY_KEEP_MS = (OUTBOX_MAX_AGE_DAYS + 1) * 24 * 60 * 60 * 1000;

/** The first answer given for a key, and what it was given for. */
export interface KeptAnswer {
  fingerprint: string;
  status: number;
  body: string;
}

/** A key whose lead was erased: nothing of the submission is kept, only that the key was used. */
export interface ErasedKey {
  erased: true;
}

/** What a kept key answers: its first answer, or that its lead was erased. */
export type KeptKey = KeptAnswer | ErasedKey;

/**
 * The header as sent: absent → { key: undefined }; a structured-field string (`"abc…"`, as
 * the draft defines it) or a bare token (as Stripe's clients send it) → the key; anything
 * else → invalid.
 */
export function readIdempotencyKey(header: string | string[] | undefined): { ok: true; key: string | undefined } | { ok: false } {
  if (header === undefined) return { ok: true, key: undefined };
  if (Array.isArray(header)) return { ok: false };
  const value = header.trim();
  const key = value.length >= 2 && value.startsWith('"') && value.endsWith('"') ? value.slice(1, -1) : value;
  return IDEMPOTENCY_KEY_PATTERN.test(key) ? { ok: true, key } : { ok: false };
}

/** What a key's submission was: the path and the body as validated (trimmed values, payload order). */
export function requestFingerprint(path: string, fields: Record<string, string>): string {
  return createHash('sha256').update(JSON.stringify([path, fields])).digest('base64url');
}

export function createIdempotencyStore(db: Db, now: () => number = Date.now) {
  const find = db.prepare<[string, number], KeptAnswer>(
    'SELECT fingerprint, status, body FROM idempotency_keys WHERE key = ? AND created_at >= ?',
  );
  const findErased = db.prepare<[string, number], { one: number }>('SELECT 1 AS one FROM erased_idempotency_keys WHERE key = ? AND created_at >= ?');
  const remember = db.prepare<[string, string, number, number, string, number]>(
    'INSERT OR REPLACE INTO idempotency_keys (key, fingerprint, lead_id, status, body, created_at) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const forget = db.prepare<[number]>('DELETE FROM idempotency_keys WHERE created_at < ?');
  const forgetErased = db.prepare<[number]>('DELETE FROM erased_idempotency_keys WHERE created_at < ?');
  return {
    /** The first answer given for `key`, or that its lead was erased, if it is still kept. */
    find(key: string): KeptKey | undefined {
      const since = now() - IDEMPOTENCY_KEEP_MS;
      return find.get(key, since) ?? (findErased.get(key, since) ? { erased: true } : undefined);
    },
    /** Inside the lead's transaction: the key, its lead and the answer about to be sent. */
    remember(key: string, answer: KeptAnswer, leadId: number, at: number): void {
      remember.run(key, answer.fingerprint, leadId, answer.status, answer.body, at);
    },
    /** Forgets keys and tombstones past IDEMPOTENCY_KEEP_MS (housekeeping). */
    purge: (): number => forget.run(now() - IDEMPOTENCY_KEEP_MS).changes + forgetErased.run(now() - IDEMPOTENCY_KEEP_MS).changes,
  };
}

/**
 * In the erasure's transaction, before the leads go: their keys become tombstones (the key
 * and when it was first used, nothing else). `idList`: the leads' ids as a JSON array.
 */
export function keepErasedKeys(db: Db, idList: string): void {
  db.prepare(
    'INSERT OR IGNORE INTO erased_idempotency_keys (key, created_at) SELECT key, created_at FROM idempotency_keys WHERE lead_id IN (SELECT value FROM json_each(?))',
  ).run(idList);
}
