import type { FastifyBaseLogger } from 'fastify';
import { nationalPhoneNumber } from '../../contract/lead-contract.ts';
import { parseReference } from '../../contract/lead-reference.ts';
import type { Db, WriteBatcher } from '../store/sqlite.ts';
import { keepErasedKeys } from './idempotency.ts';

/**
 * One person's data, as the DPDP Act has us handle it: find everything held about them
 * (their leads and every row that refers to a lead), erase it so the bytes are gone from
 * the database files, and erase every lead past the retention period the same way. Each
 * erasure is recorded (when, why, how many rows per table) without any personal data.
 *
 * Rows that refer to a lead are found from the schema (every table with a foreign key to
 * leads), so a table added later (the delivery outbox) is covered without a change here.
 */

/**
 * Who to look for: an email (compared case-insensitively), a phone number (the lead
 * contract's phone rule), or the reference of one lead (that lead alone: the person quoting
 * it may not own every lead sent with its address).
 */
export type PersonKey = { email: string } | { phone: string } | { reference: string };

export const normaliseEmail = (text: string): string => text.normalize('NFC').trim().toLowerCase();

/**
 * EMAIL_OR_PHONE_OR_REFERENCE as the operator typed it; throws with a sentence when it is
 * none. A reference has a letter (its SD- prefix, or one of its characters), so eight digits are a phone number.
 */
export function parsePersonKey(text: string): PersonKey {
  const value = text.trim();
  if (value.includes('@')) {
    if (!/^[^\s@]+@[^\s@]+$/.test(value)) throw new Error(`"${value}" is not an email address`);
    return { email: normaliseEmail(value) };
  }
  const reference = /[A-Za-z]/.test(value) ? parseReference(value) : undefined;
  if (reference) return { reference };
  const phone = nationalPhoneNumber(value);
  if (!/^\+?[\d\s().-]+$/.test(value) || phone.length < 7 || phone.length > 15) {
    throw new Error(`"${value}" is neither an email address nor a phone number nor a lead's reference (SD-XXXX-XXXX)`);
  }
  return { phone };
}

interface Reference {
  table: string;
  column: string;
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Every (table, column) with a foreign key to leads(id), read from the schema. */
export function tablesReferencingLeads(db: Db): Reference[] {
  const tables = db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> 'leads'")
    .pluck()
    .all() as string[];
  return tables.flatMap((table) =>
    (db.prepare(`PRAGMA foreign_key_list(${quote(table)})`).all() as { table: string; from: string }[])
      .filter((fk) => fk.table === 'leads')
      .map((fk) => ({ table, column: fk.from })),
  );
}

/**
 * Tables that name a lead without a foreign key, because their rows outlive it: the team's
 * audit log (server/team/audit.ts) keeps who did what, and an erasure removes from its
 * entries the lead and the details (`scrub`); `--person` lists those entries.
 */
export const LEAD_MENTIONS: readonly { table: string; column: string; scrub: string }[] = [
  { table: 'team_audit', column: 'lead_id', scrub: 'lead_id = NULL, detail = NULL' },
];

const hasTable = (db: Db, table: string) => db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(table) !== undefined;

/** The ids of every lead whose email or phone is this person's, oldest first; the lead of a reference. */
export function findLeadIds(db: Db, key: PersonKey): number[] {
  db.function('normalise_email', { deterministic: true }, (v: unknown) => (typeof v === 'string' ? normaliseEmail(v) : null));
  // The rule runs on each stored value as typed, so a lead stored under any spelling, before or after a change of the rule, is found.
  db.function('normalise_phone', { deterministic: true }, (v: unknown) => (typeof v === 'string' ? nationalPhoneNumber(v) : null));
  if ('reference' in key) return db.prepare('SELECT id FROM leads WHERE reference = ?').pluck().all(key.reference) as number[];
  // The worklist's search index narrows the leads to compare (server/team/search-index.ts); leads it has not reached yet are all compared.
  const sql =
    'email' in key
      ? `SELECT id FROM leads WHERE (id IN (SELECT rowid FROM lead_search WHERE lead_search MATCH ?) OR phone_key IS NULL)
           AND normalise_email(json_extract(fields, '$.email')) = ? ORDER BY id`
      : "SELECT id FROM leads WHERE (phone_key = ? OR phone_key IS NULL) AND normalise_phone(json_extract(fields, '$.phone')) = ? ORDER BY id";
  const narrowing = 'email' in key ? `"${key.email.replace(/"/g, '""')}"` : key.phone;
  return db.prepare(sql).pluck().all(narrowing, 'email' in key ? key.email : key.phone) as number[];
}

/** A file's bytes (a CV) as a person's record lists them: how many, never the content (its name, type and SHA-256 are beside it). */
export const fileBytes = (bytes: Buffer): string => `${bytes.length} bytes`;

export const iso = (ms: unknown) => (typeof ms === 'number' ? new Date(ms).toISOString() : ms);

/** A row for people to read: *_at epoch-ms columns as ISO times; JSON columns parsed. */
function readable(row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [column, value] of Object.entries(row)) {
    if (Buffer.isBuffer(value)) out[column] = fileBytes(value);
    else if (column.endsWith('_at')) out[column] = iso(value);
    else if ((column === 'fields' || column === 'detail') && typeof value === 'string') out[column] = JSON.parse(value);
    else out[column] = value;
  }
  return out;
}

/**
 * Everything held about one person: their leads (every column: fields, when, the source,
 * the notice version they were shown, the spam flag) and, per table that refers to a
 * lead, those rows (e.g. `deliveries`). Nothing found: `leads` is empty.
 */
export function personRecord(db: Db, key: PersonKey): Record<string, unknown[]> {
  const ids = findLeadIds(db, key);
  const idList = JSON.stringify(ids);
  const leads = db
    .prepare('SELECT * FROM leads WHERE id IN (SELECT value FROM json_each(?)) ORDER BY id')
    .all(idList) as Record<string, unknown>[];
  const record: Record<string, unknown[]> = {
    leads: leads.map(({ dedupe_key: _hash, ...row }) => ({
      ...readable(row),
      // As `npm run leads` names them: the source is the partner if set, else the origin's host.
      ...('origin' in row || 'partner' in row ? { source: row.partner ?? hostOf(row.origin) } : {}),
      ...('spam_reason' in row ? { spam: row.spam_reason !== null } : {}),
    })),
  };
  for (const ref of tablesReferencingLeads(db)) {
    const rows = db
      .prepare(`SELECT * FROM ${quote(ref.table)} WHERE ${quote(ref.column)} IN (SELECT value FROM json_each(?)) ORDER BY rowid`)
      .all(idList) as Record<string, unknown>[];
    record[ref.table] = [...(record[ref.table] ?? []), ...rows.map(readable)];
  }
  for (const mention of LEAD_MENTIONS.filter((m) => hasTable(db, m.table))) {
    const rows = db
      .prepare(`SELECT * FROM ${quote(mention.table)} WHERE ${quote(mention.column)} IN (SELECT value FROM json_each(?)) ORDER BY rowid`)
      .all(idList) as Record<string, unknown>[];
    record[mention.table] = rows.map(readable);
  }
  return record;
}

/** A lead's source for people to read: its origin's host (the origin itself when it is not a URL). */
export function hostOf(origin: unknown): string | null {
  if (typeof origin !== 'string') return null;
  try {
    return new URL(origin).host || origin;
  } catch {
    return origin;
  }
}

export type ErasureReason = 'request' | 'retention';

export interface ErasureResult {
  leads: number;
  /** Rows deleted per table, leads included. */
  rows: Record<string, number>;
}

/**
 * Deletes these leads and every row that refers to them, and records the erasure (when,
 * why, how many rows; no personal data). Their idempotency keys are kept as tombstones (the
 * key alone: idempotency.ts). Runs in the caller's transaction. The connection
 * must have secure_delete on, so the deleted bytes are overwritten in the pages; the
 * caller then checkpoints the WAL (checkpointAndTruncate) so no old copy survives there.
 */
export function eraseLeads(db: Db, ids: readonly number[], reason: ErasureReason, now: number): ErasureResult {
  if (!db.pragma('secure_delete', { simple: true })) throw new Error('erasing needs PRAGMA secure_delete = ON on this connection');
  const idList = JSON.stringify(ids);
  const rows: Record<string, number> = {};
  keepErasedKeys(db, idList); // a device still retrying an erased lead's send is answered, and nothing is stored again
  for (const ref of tablesReferencingLeads(db)) {
    const { changes } = db
      .prepare(`DELETE FROM ${quote(ref.table)} WHERE ${quote(ref.column)} IN (SELECT value FROM json_each(?))`)
      .run(idList);
    rows[ref.table] = (rows[ref.table] ?? 0) + changes;
  }
  for (const mention of LEAD_MENTIONS.filter((m) => hasTable(db, m.table))) {
    rows[mention.table] = db
      .prepare(`UPDATE ${quote(mention.table)} SET ${mention.scrub} WHERE ${quote(mention.column)} IN (SELECT value FROM json_each(?))`)
      .run(idList).changes;
  }
  rows.leads = db.prepare('DELETE FROM leads WHERE id IN (SELECT value FROM json_each(?))').run(idList).changes;
  if (rows.leads > 0) {
    db.prepare('INSERT INTO erasures (erased_at, reason, leads, rows) VALUES (?, ?, ?, ?)').run(now, reason, rows.leads, JSON.stringify(rows));
  }
  return { leads: rows.leads, rows };
}

/** Erases everything held about one person (their leads, what refers to them, their audit entries' details): `--erase` and the team's erasure. */
export function erasePerson(db: Db, key: PersonKey, now: number): ErasureResult {
  return eraseLeads(db, findLeadIds(db, key), 'request', now);
}

/** The ids of leads received before `now - retentionDays`. */
export function expiredLeadIds(db: Db, retentionDays: number, now: number): number[] {
  return db.prepare('SELECT id FROM leads WHERE created_at < ? ORDER BY id').pluck().all(now - retentionDays * 86_400_000) as number[];
}

/**
 * Copies the WAL into the database file and truncates the WAL to zero bytes, so the
 * old page images it holds (the erased rows as they were) are gone. False when another
 * connection's read kept it from finishing (try again later).
 */
export function checkpointAndTruncate(db: Db): boolean {
  const [result] = db.pragma('wal_checkpoint(TRUNCATE)') as { busy: number; log: number; checkpointed: number }[];
  return result !== undefined && result.busy === 0;
}

const DAY_MS = 86_400_000;

/**
 * The running service's retention purge: at start and then daily, every lead older than
 * `retentionDays` is erased through the write batcher (so it waits for locks like any
 * write), then the WAL is truncated (retried each minute while a reader holds it).
 * Returns a stop function.
 */
/**
 * Runs a store's retention erasure at start and then daily, logging what it erased or why
 * it failed; `afterErasure` runs when it erased something. Returns a stop function.
 */
export function scheduleRetentionPurge(
  erase: () => Promise<ErasureResult>,
  retentionDays: number,
  log: FastifyBaseLogger,
  afterErasure: () => void = () => {},
): () => void {
  const purge = async () => {
    try {
      const result = await erase();
      if (result.leads === 0) return;
      log.info({ erased: result.rows, retentionDays }, 'retention purge: leads past the retention period erased');
      afterErasure();
    } catch (error) {
      log.error({ err: { message: (error as Error).message, code: (error as { code?: string }).code } }, 'retention purge failed; retried tomorrow');
    }
  };
  const first = setImmediate(() => void purge());
  const daily = setInterval(() => void purge(), DAY_MS).unref();
  return () => {
    clearImmediate(first);
    clearInterval(daily);
  };
}

export function startRetentionPurge(
  db: Db,
  batcher: WriteBatcher,
  retentionDays: number,
  log: FastifyBaseLogger,
): () => void {
  let retry: NodeJS.Timeout | undefined;
  const truncate = (attempt = 0) => {
    if (checkpointAndTruncate(db)) return;
    if (attempt < 60) retry = setTimeout(() => truncate(attempt + 1), 60_000).unref();
    else log.warn('retention purge: the WAL could not be truncated for an hour; old copies of erased rows remain in leads.db-wal');
  };
  const stop = scheduleRetentionPurge(
    () => batcher.run(() => eraseLeads(db, expiredLeadIds(db, retentionDays, Date.now()), 'retention', Date.now())),
    retentionDays,
    log,
    truncate,
  );
  return () => {
    stop();
    clearTimeout(retry);
  };
}
