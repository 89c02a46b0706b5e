import { randomBytes } from 'node:crypto';
import type { LeadEvent } from '../delivery/lead-event.ts';
import { IDEMPOTENCY_KEEP_MS, type KeptAnswer, type KeptKey } from './idempotency.ts';
import { campaignColumns, type LeadSource } from './lead-source.ts';
import { dedupeKey, DEDUPE_WINDOW_MS, type IdempotentSave, type SaveResult } from './leads.ts';
import type { SolutionCheck, SpamReason } from './spam-challenge.ts';
import type { LeadKind } from '../../contract/lead-contract.ts';
import type { ApplicationOutcome } from '../../contract/messages/email/types.ts';
import {
  ACKNOWLEDGEMENT_TARGET,
  ACKNOWLEDGEMENT_WINDOW_MS,
  acknowledgementCounts,
  type AcknowledgementCount,
  countedOnce,
  hasRoom,
  type OutcomeEmailResult,
  outcomeRefusal,
  outcomeTarget,
  type PersonEmailPolicy,
} from '../delivery/acknowledgement.ts';
import { leadEventOf } from '../delivery/lead-event.ts';
import { LEAD_EVENT_COLUMNS, type LeadEventRow } from './lead-row.ts';
import { newReference, type RandomInt, referenceCandidates } from './reference.ts';
import { type Pool, transaction } from '../store/postgres.ts';
import { claimOpenUpload, claimUpload } from '../cv/cv-store-postgres.ts';

/**
 * Leads on PostgreSQL, with the rules of ../leads.ts: a save is one call of save_lead()
 * (migrations.ts), one transaction, which every instance's saves go through, so a used
 * solution and the ten-minute dedupe hold across instances. A save with an idempotency key
 * runs in a transaction that holds a lock on the key, so requests with one key racing on
 * different instances give one lead: the first stores it and the key, the others find the key.
 * save_lead() takes a few random reference candidates and gives the lead the first one no
 * lead has. The acknowledgement is queued in the save's transaction after save_lead() (which is
 * given no address, so it keeps its signature), by the rules of the SQLite store: the counts of
 * acknowledgement_counts are locked in one order (the network's, then the service's), so
 * instances saving at once wait for each other and never count past a limit.
 */
export function createPostgresLeads(
  pool: Pool,
  targets: readonly string[],
  options: { now?: () => number; people?: PersonEmailPolicy; random?: RandomInt } = {},
) {
  const { now = Date.now, people, random } = options;
  return {
    save: createPostgresSave(pool, targets, { now, people, random }),
    keptAnswer: (key: string) => findKept(pool, key, now()),

    async forgetExpiredKeys(): Promise<number> {
      const before = now() - IDEMPOTENCY_KEEP_MS;
      const erased = (await pool.query('DELETE FROM erased_idempotency_keys WHERE created_at < $1', [before])).rowCount ?? 0;
      return erased + ((await pool.query('DELETE FROM idempotency_keys WHERE created_at < $1', [before])).rowCount ?? 0);
    },

    async readEvent(leadId: number): Promise<LeadEvent | undefined> {
      const { rows } = await pool.query<LeadEventRow<'postgres'>>(`SELECT ${LEAD_EVENT_COLUMNS} FROM leads WHERE id = $1`, [leadId]);
      return rows[0] && leadEventOf(rows[0]);
    },

    async forgetExpiredSolutions(): Promise<number> {
      return (await pool.query('DELETE FROM used_solutions WHERE expires_at < $1', [now()])).rowCount ?? 0;
    },

    ...createPostgresPersonEmails(pool, people, now),
  };
}

/** A lead's save: one call of save_lead(), in a transaction with what must commit with it (the idempotency key, the CV's claim, the acknowledgement). */
function createPostgresSave(pool: Pool, targets: readonly string[], { now, people, random }: { now: () => number; people?: PersonEmailPolicy; random?: RandomInt }) {
  return async function save(
    kind: LeadKind,
    fields: Record<string, string>,
    source: LeadSource,
    check: SolutionCheck,
    idempotency?: IdempotentSave,
    cvUpload?: string,
  ): Promise<SaveResult> {
    const at = now();
    const args = saveLeadArgs(kind, fields, source, check, targets, at, random);
    const saveLead = async (client: Pick<Pool, 'query'>): Promise<SaveResult> => {
      const { rows } = await client.query<{ lead_id: number; duplicate: boolean; spam: SpamReason | null; reference: string; acknowledged: boolean }>(
        `SELECT lead_id, duplicate, spam, reference, acknowledged
           FROM save_lead($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21)`,
        args,
      );
      const row = rows[0]!;
      const queued = row.duplicate || row.spam ? 0 : targets.length;
      return { leadId: Number(row.lead_id), reference: row.reference, duplicate: row.duplicate, spam: row.spam, queued };
    };
    // A lead that came without proof of work is marked in the save's own transaction, before its deliveries can be sent.
    const withoutProof = check.spam === null && check.withoutProof === true;
    // Only a lead that proved it came from a person's browser on a page (its proof of work) may make the service write to an address.
    const mayAcknowledge = !withoutProof && check.spam === null && source.network !== undefined && people?.acknowledge === true && people.addressKey(fields.email) !== undefined;
    if (!idempotency && !withoutProof && !mayAcknowledge && cvUpload === undefined) return saveLead(pool);
    return transaction(pool, async (client): Promise<SaveResult> => {
      if (idempotency) {
        await client.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 1))', [idempotency.key]);
        const kept = await findKept(client, idempotency.key, at);
        if (kept) return { replay: kept };
      }
      // The upload's row stays locked until the lead commits: a second application naming it waits, then finds it claimed.
      if (cvUpload !== undefined && !(await claimOpenUpload(client, cvUpload, at))) return { cvUnknown: true };
      const saved = await saveLead(client);
      if (!('leadId' in saved)) return saved;
      if (withoutProof && !saved.duplicate && !saved.spam) await client.query('UPDATE leads SET without_proof = true WHERE id = $1', [saved.leadId]);
      if (mayAcknowledge && !saved.duplicate && !saved.spam && (await acknowledge(client, people, saved.leadId, fields.email, at, source.network))) saved.queued++;
      if (cvUpload !== undefined) await claimUpload(client, cvUpload, saved.leadId, at);
      if (idempotency) {
        const { fingerprint, status, body } = idempotency.answer(saved.reference);
        await client.query(
          `INSERT INTO idempotency_keys (key, fingerprint, lead_id, status, body, created_at) VALUES ($1, $2, $3, $4, $5, $6)
           ON CONFLICT (key) DO UPDATE SET fingerprint = excluded.fingerprint, lead_id = excluded.lead_id,
             status = excluded.status, body = excluded.body, created_at = excluded.created_at`,
          [idempotency.key, fingerprint, saved.leadId, status, body, at],
        );
      }
      return saved;
    });
  };
}

/** save_lead()'s arguments, in its order (migrations-postgres.ts). */
function saveLeadArgs(kind: LeadKind, fields: Record<string, string>, source: LeadSource, check: SolutionCheck, targets: readonly string[], at: number, random?: RandomInt): unknown[] {
  return [
    kind,
    at,
    dedupeKey(kind, fields),
    JSON.stringify(fields),
    source.origin,
    source.partner,
    source.noticeVersion,
    check.spam,
    check.solution?.signature ?? null,
    check.solution?.expiresAt ?? null,
    targets,
    DEDUPE_WINDOW_MS,
    ...campaignColumns(source.campaign),
    source.page,
    source.language ?? 'en',
    referenceCandidates(REFERENCE_CANDIDATES, random),
    null, // no address: the acknowledgement is queued after save_lead(), by acknowledge()
    ACKNOWLEDGEMENT_WINDOW_MS,
  ];
}

/** The person's emails queued on demand: an applicant's outcome, the acknowledgement of a lead taken out of spam; and their counts forgotten. */
function createPostgresPersonEmails(pool: Pool, people: PersonEmailPolicy | undefined, now: () => number) {
  return {
    async queueOutcomeEmail(leadId: number, outcome: ApplicationOutcome): Promise<OutcomeEmailResult> {
      const { rows } = await pool.query<{ kind: string; spam_reason: string | null; email: string | undefined }>(
        "SELECT kind, spam_reason, fields->>'email' AS email FROM leads WHERE id = $1",
        [leadId],
      );
      const reason = outcomeRefusal(people, rows[0]);
      if (reason) return { queued: false, reason };
      const at = now();
      // The lead may be erased between the two statements: then the foreign key refuses the row.
      const { rowCount } = await pool.query(
        `INSERT INTO deliveries (lead_id, target, status, attempts, next_attempt_at, created_at)
         SELECT id, $2, 'pending', 0, $3, $3 FROM leads WHERE id = $1
         ON CONFLICT (lead_id, target) DO NOTHING`,
        [leadId, outcomeTarget(outcome), at],
      );
      if (rowCount) return { queued: true };
      return { queued: false, reason: (await pool.query('SELECT 1 FROM leads WHERE id = $1', [leadId])).rowCount ? 'already-queued' : 'unknown-lead' };
    },

    async queueAcknowledgement(leadId: number): Promise<boolean> {
      if (!people?.acknowledge) return false;
      return transaction(pool, async (client) => {
        const { rows } = await client.query<{ spam_reason: string | null; email: string | undefined }>(
          "SELECT spam_reason, fields->>'email' AS email FROM leads WHERE id = $1 FOR UPDATE",
          [leadId],
        );
        if (!rows[0] || rows[0].spam_reason !== null) return false;
        return acknowledge(client, people, leadId, rows[0].email, now());
      });
    },

    async forgetAcknowledgedAddresses(): Promise<number> {
      await pool.query('DELETE FROM acknowledgement_counts WHERE window_ends_at <= $1', [now()]);
      return (await pool.query('DELETE FROM acknowledged_addresses WHERE queued_at < $1', [now() - ACKNOWLEDGEMENT_WINDOW_MS])).rowCount ?? 0;
    },
  };
}

/** The key's first answer, or that its lead was erased (a tombstone, ../idempotency.ts), if it is still kept. */
async function findKept(client: Pick<Pool, 'query'>, key: string, at: number): Promise<KeptKey | undefined> {
  const since = at - IDEMPOTENCY_KEEP_MS;
  const { rows } = await client.query<KeptAnswer>('SELECT fingerprint, status, body FROM idempotency_keys WHERE key = $1 AND created_at >= $2', [key, since]);
  if (rows[0]) return rows[0];
  const erased = await client.query('SELECT 1 FROM erased_idempotency_keys WHERE key = $1 AND created_at >= $2', [key, since]);
  return erased.rowCount ? { erased: true } : undefined;
}

/** Inside a transaction: queues the lead's acknowledgement when its mailbox, its client network (if given) and the service's day allow (../delivery/acknowledgement.ts). */
async function acknowledge(client: Pick<Pool, 'query'>, people: PersonEmailPolicy | undefined, leadId: number, email: string | undefined, at: number, network?: string): Promise<boolean> {
  const address = people?.acknowledge ? people.addressKey(email) : undefined;
  if (address === undefined) return false;
  const counts = acknowledgementCounts(people!, network);
  const read: (AcknowledgementCount | undefined)[] = [];
  for (const c of counts) {
    await client.query('INSERT INTO acknowledgement_counts (key, sent, window_ends_at) VALUES ($1, 0, 0) ON CONFLICT (key) DO NOTHING', [c.key]);
    const { rows } = await client.query<{ sent: number; window_ends_at: string }>('SELECT sent, window_ends_at FROM acknowledgement_counts WHERE key = $1 FOR UPDATE', [c.key]);
    read.push(rows[0] && { sent: Number(rows[0].sent), windowEndsAt: Number(rows[0].window_ends_at) });
  }
  if (!counts.every((c, i) => hasRoom(read[i], c.max, at))) return false;
  // At most one acknowledgement per mailbox per window: a row younger than it stays as it is.
  const took = await client.query(
    `INSERT INTO acknowledged_addresses AS a (address_hash, lead_id, queued_at) VALUES ($1, $2, $3)
     ON CONFLICT (address_hash) DO UPDATE SET lead_id = excluded.lead_id, queued_at = excluded.queued_at WHERE a.queued_at < $4`,
    [address, leadId, at, at - ACKNOWLEDGEMENT_WINDOW_MS],
  );
  if (!took.rowCount) return false;
  for (const [i, c] of counts.entries()) {
    const next = countedOnce(read[i], c.windowMs, at);
    await client.query('UPDATE acknowledgement_counts SET sent = $2, window_ends_at = $3 WHERE key = $1', [c.key, next.sent, next.windowEndsAt]);
  }
  const queued = await client.query(
    `INSERT INTO deliveries (lead_id, target, status, attempts, next_attempt_at, created_at) VALUES ($1, $2, 'pending', 0, $3, $3)
     ON CONFLICT (lead_id, target) DO NOTHING`,
    [leadId, ACKNOWLEDGEMENT_TARGET, at],
  );
  return (queued.rowCount ?? 0) > 0;
}

/** save_lead() takes the first free one of these: at 10^6 leads all three are taken once in 10^16 saves. */
const REFERENCE_CANDIDATES = 3;

/**
 * Gives up to `limit` leads stored before migration 6 their reference in one statement;
 * answers how many it gave (0: none is missing one). Run in batches by the service once it
 * listens (../delivery/reference-backfill.ts); instances doing it together each give only the rows
 * still missing one. A candidate another lead took (unique_violation) makes the batch draw again.
 */
export async function assignMissingReferences(pool: Pool, limit: number, random?: RandomInt): Promise<number> {
  const { rows } = await pool.query<{ id: number }>('SELECT id FROM leads WHERE reference IS NULL LIMIT $1', [limit]);
  if (rows.length === 0) return 0;
  const ids = rows.map((r) => r.id);
  for (let attempt = 0; ; attempt++) {
    try {
      const result = await pool.query(
        `UPDATE leads l SET reference = v.reference FROM unnest($1::bigint[], $2::text[]) AS v (id, reference)
          WHERE l.id = v.id AND l.reference IS NULL`,
        [ids, ids.map(() => newReference(random))],
      );
      return result.rowCount ?? 0;
    } catch (error) {
      // unique_violation: one of the batch's draws is taken; ten misses in a row mean something else is wrong.
      if ((error as { code?: string }).code !== '23505' || attempt >= 10) throw error;
    }
  }
}

/** The proof-of-work key: the configured one, else the one kept in the database (made by whichever instance asked first). */
export async function postgresHmacKey(pool: Pool, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  await pool.query("INSERT INTO settings (name, value) VALUES ('altcha_hmac_key', $1) ON CONFLICT (name) DO NOTHING", [randomBytes(32).toString('base64url')]);
  const { rows } = await pool.query<{ value: string }>("SELECT value FROM settings WHERE name = 'altcha_hmac_key'");
  return rows[0]!.value;
}
