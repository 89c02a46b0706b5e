import type { FastifyBaseLogger } from 'fastify';
import { nationalPhoneNumber } from '../../contract/lead-contract.ts';
import { type ErasureReason, type ErasureResult, fileBytes, hostOf, iso, LEAD_MENTIONS, normaliseEmail, type PersonKey, scheduleRetentionPurge } from './personal-data.ts';
import { type Pool, transaction } from '../store/postgres.ts';

/**
 * One person's data on PostgreSQL, with the rules of ../personal-data.ts (the same
 * email and phone comparison, run here in JavaScript over the stored values). Rows that
 * refer to a lead are found from the schema, as there. After an erasure the touched tables
 * are vacuumed, so the deleted rows are gone from their pages and indexes; what that
 * leaves in PostgreSQL's WAL and in backups is in docs/postgresql.md.
 */

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;
const DAY_MS = 86_400_000;

/** Every (table, column) with a foreign key to leads(id), read from the catalog. */
async function tablesReferencingLeads(pool: Pool): Promise<{ table: string; column: string }[]> {
  const { rows } = await pool.query<{ table: string; column: string }>(
    `SELECT c.conrelid::regclass::text AS table, a.attname AS column
       FROM pg_constraint c JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = ANY (c.conkey)
      WHERE c.contype = 'f' AND c.confrelid = 'leads'::regclass ORDER BY 1, 2`,
  );
  return rows;
}

/** The LEAD_MENTIONS tables this database has. */
async function mentions(pool: Pool) {
  const present = [];
  for (const mention of LEAD_MENTIONS) if ((await pool.query<{ t: string | null }>('SELECT to_regclass($1)::text AS t', [mention.table])).rows[0]?.t) present.push(mention);
  return present;
}

/** The ids of every lead whose email or phone is this person's, oldest first; the lead of a reference. */
export async function findLeadIds(pool: Pool, key: PersonKey): Promise<number[]> {
  if ('reference' in key) return (await pool.query<{ id: number }>('SELECT id FROM leads WHERE reference = $1', [key.reference])).rows.map((r) => Number(r.id));
  // The worklist's search index narrows the leads to compare (server/team/search-index.ts); leads it has not reached yet are all compared.
  const candidates =
    'email' in key
      ? { sql: "search_text LIKE '%' || $1 || '%' ESCAPE '\\'", param: key.email.replace(/[\\%_]/g, (c) => `\\${c}`) }
      : { sql: 'phone_key = $1', param: key.phone };
  const { rows } = await pool.query<{ id: number; email: string | null; phone: string | null }>(
    `SELECT id, fields->>'email' AS email, fields->>'phone' AS phone FROM leads WHERE ${candidates.sql} OR phone_key IS NULL ORDER BY id`,
    [candidates.param],
  );
  return rows
    .filter((r) => ('email' in key ? r.email !== null && normaliseEmail(r.email) === key.email : r.phone !== null && nationalPhoneNumber(r.phone) === (key).phone))
    .map((r) => r.id);
}

function readable(row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [column, value] of Object.entries(row)) out[column] = Buffer.isBuffer(value) ? fileBytes(value) : column.endsWith('_at') ? iso(value) : value;
  return out;
}

/** Everything held about one person, shaped as the SQLite store's personRecord. */
export async function personRecord(pool: Pool, key: PersonKey): Promise<Record<string, unknown[]>> {
  const ids = await findLeadIds(pool, key);
  const { rows: leads } = await pool.query('SELECT * FROM leads WHERE id = ANY ($1) ORDER BY id', [ids]);
  const record: Record<string, unknown[]> = {
    leads: leads.map(({ dedupe_key: _hash, imported_from: _copy, ...row }: Record<string, unknown>) => ({
      ...readable(row),
      source: row.partner ?? hostOf(row.origin),
      spam: row.spam_reason !== null,
    })),
  };
  for (const ref of await tablesReferencingLeads(pool)) {
    const { rows } = await pool.query(`SELECT * FROM ${quote(ref.table)} WHERE ${quote(ref.column)} = ANY ($1) ORDER BY 1`, [ids]);
    record[ref.table] = [...(record[ref.table] ?? []), ...rows.map(readable)];
  }
  for (const mention of await mentions(pool)) {
    const { rows } = await pool.query(`SELECT * FROM ${quote(mention.table)} WHERE ${quote(mention.column)} = ANY ($1) ORDER BY 1`, [ids]);
    record[mention.table] = rows.map(readable);
  }
  return record;
}

/** Deletes these leads and every row that refers to them in one transaction, records the erasure, then vacuums the touched tables. */
export async function eraseLeads(pool: Pool, ids: readonly number[], reason: ErasureReason, now: number): Promise<ErasureResult> {
  const refs = await tablesReferencingLeads(pool);
  const scrubbed = await mentions(pool);
  const result = await transaction(pool, async (client) => {
    const rows: Record<string, number> = {};
    // The leads' idempotency keys become tombstones, the key alone (../idempotency.ts): a device still retrying is answered, nothing stored again.
    await client.query(
      'INSERT INTO erased_idempotency_keys (key, created_at) SELECT key, created_at FROM idempotency_keys WHERE lead_id = ANY ($1) ON CONFLICT DO NOTHING',
      [ids],
    );
    for (const ref of refs) {
      const { rowCount } = await client.query(`DELETE FROM ${quote(ref.table)} WHERE ${quote(ref.column)} = ANY ($1)`, [ids]);
      rows[ref.table] = (rows[ref.table] ?? 0) + (rowCount ?? 0);
    }
    for (const mention of scrubbed) {
      rows[mention.table] = (await client.query(`UPDATE ${quote(mention.table)} SET ${mention.scrub} WHERE ${quote(mention.column)} = ANY ($1)`, [ids])).rowCount ?? 0;
    }
    rows.leads = (await client.query('DELETE FROM leads WHERE id = ANY ($1)', [ids])).rowCount ?? 0;
    if (rows.leads > 0) {
      await client.query('INSERT INTO erasures (erased_at, reason, leads, rows) VALUES ($1, $2, $3, $4)', [now, reason, rows.leads, JSON.stringify(rows)]);
    }
    return { leads: rows.leads, rows };
  });
  if (result.leads > 0) {
    for (const table of ['leads', ...new Set([...refs.map((r) => r.table), ...scrubbed.map((m) => m.table)])]) await pool.query(`VACUUM ${quote(table)}`);
  }
  return result;
}

/** Erases everything held about one person: `--erase` and the team's erasure. */
export async function erasePerson(pool: Pool, key: PersonKey, now: number): Promise<ErasureResult> {
  return eraseLeads(pool, await findLeadIds(pool, key), 'request', now);
}

export async function expiredLeadIds(pool: Pool, retentionDays: number, now: number): Promise<number[]> {
  const { rows } = await pool.query<{ id: number }>('SELECT id FROM leads WHERE created_at < $1 ORDER BY id', [now - retentionDays * DAY_MS]);
  return rows.map((r) => r.id);
}

/** The running service's retention purge (every instance runs it; the second finds nothing left). Returns a stop function. */
export function startPostgresRetentionPurge(pool: Pool, retentionDays: number, log: FastifyBaseLogger): () => void {
  return scheduleRetentionPurge(async () => eraseLeads(pool, await expiredLeadIds(pool, retentionDays, Date.now()), 'retention', Date.now()), retentionDays, log);
}
