import { AUDIT_COLUMNS, auditEntry, type AuditStore, type NewAuditEntry } from './audit.ts';
import type { Pool } from '../store/postgres.ts';

/** The team's audit log on PostgreSQL, with the rules of server/team/audit.ts. */

/** The insert, on a pool or inside a transaction's client. */
export async function writeAudit(client: Pick<Pool, 'query'>, entry: NewAuditEntry): Promise<void> {
  await client.query('INSERT INTO team_audit (at, member_id, actor, action, lead_id, detail) VALUES ($1, $2, $3, $4, $5, $6)', [
    entry.at,
    entry.actor.memberId,
    entry.actor.name,
    entry.action,
    entry.leadId ?? null,
    entry.detail ? JSON.stringify(entry.detail) : null,
  ]);
}

export function createPostgresAudit(pool: Pool): AuditStore {
  return {
    record: (entry) => writeAudit(pool, entry),
    async list({ since, before, limit }) {
      const { rows } = await pool.query(`SELECT ${AUDIT_COLUMNS} FROM team_audit WHERE at >= $1 AND id < $2 ORDER BY id DESC LIMIT $3`, [
        since ?? 0,
        before ?? Number.MAX_SAFE_INTEGER,
        limit,
      ]);
      return rows.map(auditEntry);
    },
  };
}
