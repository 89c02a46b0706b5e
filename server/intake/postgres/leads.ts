import { randomBytes } from 'node:crypto';
import type { LeadEvent } from '../delivery/lead-event.ts';
import type { LeadSource } from '../lead-source.ts';
import { dedupeKey, DEDUPE_WINDOW_MS, type SaveResult } from '../leads.ts';
import type { SolutionCheck, SpamReason } from '../spam-challenge.ts';
import type { LeadKind } from '../../../widgets/shared/lead-contract.ts';
import type { Pool } from './connection.ts';

/**
 * Leads on PostgreSQL, with the rules of ../leads.ts: a save is one call of save_lead()
 * (migrations.ts), one transaction, which every instance's saves go through, so a used
 * solution and the ten-minute dedupe hold across instances.
 */
export function createPostgresLeads(pool: Pool, targets: readonly string[], now: () => number = Date.now) {
  return {
    async save(kind: LeadKind, fields: Record<string, string>, source: LeadSource, check: SolutionCheck): Promise<SaveResult> {
      const { rows } = await pool.query<{ lead_id: number; duplicate: boolean; spam: SpamReason | null }>(
        'SELECT lead_id, duplicate, spam FROM save_lead($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)',
        [
          kind,
          now(),
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
        ],
      );
      const row = rows[0]!;
      const queued = row.duplicate || row.spam ? 0 : targets.length;
      return { leadId: row.lead_id, duplicate: row.duplicate, spam: row.spam, queued };
    },

    async readEvent(leadId: number): Promise<LeadEvent | undefined> {
      const { rows } = await pool.query<{ id: number; kind: LeadKind; created_at: number; origin: string | null; partner: string | null; fields: Record<string, string> }>(
        'SELECT id, kind, created_at, origin, partner, fields FROM leads WHERE id = $1',
        [leadId],
      );
      const row = rows[0];
      if (!row) return undefined;
      return { id: row.id, kind: row.kind, createdAt: new Date(row.created_at).toISOString(), source: { origin: row.origin, partner: row.partner }, fields: row.fields };
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
