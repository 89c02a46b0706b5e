import type { AuditAction, AuditEntry } from '../../contract/team.ts';
import type { Db, WriteBatcher } from '../store/sqlite.ts';

/**
 * The audit log: who signed in, who viewed which lead, who listed, searched or paged through
 * which leads (their ids, leadsRead), who changed what, who exported and who erased, who
 * downloaded a CV (a member, or a signed link), and what the operator did from `npm run team`
 * and `npm run leads` (a listing, a person's data). An entry names a lead by id
 * without a foreign key, and its detail never holds a search term or a person's contact
 * details; an erasure (server/intake/personal-data.ts) keeps the entries of the erased
 * leads but removes their lead id and detail. SQLite here; PostgreSQL in
 * server/team/audit-postgres.ts.
 */

/** Who did it: a member, or the operator at the server (npm run team). */
export interface Actor {
  memberId: number | null;
  /** The member's email, or OPERATOR. */
  name: string;
}

export const OPERATOR: Actor = { memberId: null, name: 'operator' };
/** Whoever holds a webhook's signed CV link (GET /cv/:id): the service cannot tell who. */
export const SIGNED_LINK: Actor = { memberId: null, name: 'signed link' };

/**
 * The leads a bulk read showed, for its audit entry: how many, and their ids (never their
 * data) as ascending runs, "3-7,9,12-40", so that an export of thousands stays one short line.
 */
export function leadsRead(ids: readonly number[]): { count: number; ids: string } {
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  const runs: string[] = [];
  for (let i = 0; i < sorted.length; i++) {
    const start = sorted[i]!;
    while (sorted[i + 1] === sorted[i]! + 1) i++;
    runs.push(start === sorted[i] ? String(start) : `${start}-${sorted[i]}`);
  }
  return { count: sorted.length, ids: runs.join(',') };
}

export interface NewAuditEntry {
  at: number;
  actor: Actor;
  action: AuditAction;
  leadId?: number | null;
  detail?: Record<string, unknown> | null;
}

export interface AuditQuery {
  /** Entries at or after this time (epoch ms). */
  since?: number;
  /** Entries with a smaller id (the next page). */
  before?: number;
  limit: number;
}

export interface AuditStore {
  record(entry: NewAuditEntry): Promise<void>;
  /** Newest first. */
  list(query: AuditQuery): Promise<AuditEntry[]>;
}

export const AUDIT_COLUMNS = 'id, at, actor, action, lead_id AS "leadId", detail';

/** A stored row as the API gives it (SQLite keeps detail as JSON text). */
export function auditEntry(row: { id: number; at: number; actor: string; action: string; leadId: number | null; detail: unknown }): AuditEntry {
  return {
    id: Number(row.id),
    at: Number(row.at),
    actor: row.actor,
    action: row.action as AuditAction,
    leadId: row.leadId === null ? null : Number(row.leadId),
    detail: typeof row.detail === 'string' ? (JSON.parse(row.detail) as Record<string, unknown>) : ((row.detail as Record<string, unknown> | null) ?? null),
  };
}

/** The insert as a statement to run inside another write (a change and its entry commit together). */
export function sqliteAuditWriter(db: Db) {
  const insert = db.prepare<[number, number | null, string, string, number | null, string | null]>(
    'INSERT INTO team_audit (at, member_id, actor, action, lead_id, detail) VALUES (?, ?, ?, ?, ?, ?)',
  );
  return (entry: NewAuditEntry): void => {
    insert.run(entry.at, entry.actor.memberId, entry.actor.name, entry.action, entry.leadId ?? null, entry.detail ? JSON.stringify(entry.detail) : null);
  };
}

export function createSqliteAudit(db: Db, batcher: WriteBatcher): AuditStore {
  const write = sqliteAuditWriter(db);
  return {
    record: (entry) => batcher.run(() => write(entry)),
    async list({ since, before, limit }) {
      const rows = db
        .prepare(`SELECT ${AUDIT_COLUMNS} FROM team_audit WHERE at >= ? AND id < ? ORDER BY id DESC LIMIT ?`)
        .all(since ?? 0, before ?? Number.MAX_SAFE_INTEGER, limit) as Parameters<typeof auditEntry>[0][];
      return rows.map(auditEntry);
    },
  };
}
