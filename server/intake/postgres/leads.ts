import { randomBytes } from 'node:crypto';
import type { LeadEvent } from '../delivery/lead-event.ts';
import { IDEMPOTENCY_KEEP_MS, type KeptAnswer } from '../idempotency.ts';
import { campaignColumns, type LeadSource } from '../lead-source.ts';
import { CAMPAIGN_KEYS, type CampaignKey } from '../../../contract/campaign.ts';
import { dedupeKey, DEDUPE_WINDOW_MS, type SaveResult } from '../leads.ts';
import type { SolutionCheck, SpamReason } from '../spam-challenge.ts';
import type { LeadKind } from '../../../contract/lead-contract.ts';
import { type Pool, transaction } from './connection.ts';

/**
 * Leads on PostgreSQL, with the rules of ../leads.ts: a save is one call of save_lead()
 * (migrations.ts), one transaction, which every instance's saves go through, so a used
 * solution and the ten-minute dedupe hold across instances. A save with an idempotency key
 * runs in a transaction that holds a lock on the key, so requests with one key racing on
 * different instances give one lead: the first stores it and the key, the others find the key.
 */
export function createPostgresLeads(pool: Pool, targets: readonly string[], now: () => number = Date.now) {
  async function findKept(client: Pick<Pool, 'query'>, key: string): Promise<KeptAnswer | undefined> {
    const { rows } = await client.query<KeptAnswer>('SELECT fingerprint, status, body FROM idempotency_keys WHERE key = $1 AND created_at >= $2', [
      key,
      now() - IDEMPOTENCY_KEEP_MS,
    ]);
    return rows[0];
  }
  return {
    async save(
      kind: LeadKind,
      fields: Record<string, string>,
      source: LeadSource,
      check: SolutionCheck,
      idempotency?: { key: string; answer: KeptAnswer },
    ): Promise<SaveResult> {
      const at = now();
      const args = [
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
      ];
      const saveLead = async (client: Pick<Pool, 'query'>): Promise<SaveResult> => {
        const { rows } = await client.query<{ lead_id: number; duplicate: boolean; spam: SpamReason | null }>(
          'SELECT lead_id, duplicate, spam FROM save_lead($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)',
          args,
        );
        const row = rows[0]!;
        const queued = row.duplicate || row.spam ? 0 : targets.length;
        return { leadId: Number(row.lead_id), duplicate: row.duplicate, spam: row.spam, queued };
      };
      // A lead that came without proof of work is marked in the save's own transaction, before its deliveries can be sent.
      const withoutProof = check.spam === null && check.withoutProof === true;
      if (!idempotency && !withoutProof) return saveLead(pool);
      if (!idempotency) {
        return transaction(pool, async (client) => {
          const saved = await saveLead(client);
          if ('leadId' in saved && !saved.duplicate && !saved.spam) await client.query('UPDATE leads SET without_proof = true WHERE id = $1', [saved.leadId]);
          return saved;
        });
      }
      return transaction(pool, async (client) => {
        await client.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 1))', [idempotency.key]);
        const kept = await findKept(client, idempotency.key);
        if (kept) return { replay: kept };
        const saved = await saveLead(client);
        if ('leadId' in saved) {
          const { fingerprint, status, body } = idempotency.answer;
          await client.query(
            `INSERT INTO idempotency_keys (key, fingerprint, lead_id, status, body, created_at) VALUES ($1, $2, $3, $4, $5, $6)
             ON CONFLICT (key) DO UPDATE SET fingerprint = excluded.fingerprint, lead_id = excluded.lead_id,
               status = excluded.status, body = excluded.body, created_at = excluded.created_at`,
            [idempotency.key, fingerprint, saved.leadId, status, body, at],
          );
        }
        return saved;
      });
    },

    keptAnswer: (key: string) => findKept(pool, key),

    async forgetExpiredKeys(): Promise<number> {
      return (await pool.query('DELETE FROM idempotency_keys WHERE created_at < $1', [now() - IDEMPOTENCY_KEEP_MS])).rowCount ?? 0;
    },

    async readEvent(leadId: number): Promise<LeadEvent | undefined> {
      type Row = { id: number; kind: LeadKind; created_at: number; origin: string | null; partner: string | null; page: string | null; fields: Record<string, string>; without_proof: boolean } & Record<CampaignKey, string | null>;
      const { rows } = await pool.query<Row>(
        'SELECT id, kind, created_at, origin, partner, page, utm_source, utm_medium, utm_campaign, ref, fields, without_proof FROM leads WHERE id = $1',
        [leadId],
      );
      const row = rows[0];
      if (!row) return undefined;
      return {
        id: Number(row.id),
        kind: row.kind,
        createdAt: new Date(Number(row.created_at)).toISOString(),
        source: {
          origin: row.origin,
          partner: row.partner,
          page: row.page,
          campaign: Object.fromEntries(CAMPAIGN_KEYS.map((key) => [key, row[key]])) as Record<CampaignKey, string | null>,
        },
        fields: row.fields,
        withoutProofOfWork: row.without_proof,
      };
    },

    async forgetExpiredSolutions(): Promise<number> {
      return (await pool.query('DELETE FROM used_solutions WHERE expires_at < $1', [now()])).rowCount ?? 0;
    },
  };
}

/** The proof-of-work key: the configured one, else the one kept in the database (made by whichever instance asked first). */
export async function postgresHmacKey(pool: Pool, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  await pool.query("INSERT INTO settings (name, value) VALUES ('altcha_hmac_key', $1) ON CONFLICT (name) DO NOTHING", [randomBytes(32).toString('base64url')]);
  const { rows } = await pool.query<{ value: string }>("SELECT value FROM settings WHERE name = 'altcha_hmac_key'");
  return rows[0]!.value;
}
