import type { Db } from '../database.ts';
import type { LeadKind } from '../leads.ts';

export interface StoredLead {
  id: number;
  kind: LeadKind;
  /** Epoch milliseconds (UTC). */
  createdAt: number;
  fields: Record<string, string>;
}

export interface LeadFilter {
  kind?: LeadKind;
  /** Inclusive lower bound, epoch ms. */
  since?: number;
  /** Exclusive upper bound, epoch ms. */
  until?: number;
}

/** Stored leads, oldest first, filtered by kind and creation time. */
export function listLeads(db: Db, filter: LeadFilter = {}): StoredLead[] {
  const where: string[] = [];
  const params: (string | number)[] = [];
  if (filter.kind) {
    where.push('kind = ?');
    params.push(filter.kind);
  }
  if (filter.since !== undefined) {
    where.push('created_at >= ?');
    params.push(filter.since);
  }
  if (filter.until !== undefined) {
    where.push('created_at < ?');
    params.push(filter.until);
  }
  const sql = `SELECT id, kind, created_at, fields FROM leads ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY created_at, id`;
  const rows = db.prepare(sql).all(...params) as { id: number; kind: LeadKind; created_at: number; fields: string }[];
  return rows.map((r) => ({ id: r.id, kind: r.kind, createdAt: r.created_at, fields: JSON.parse(r.fields) }));
}
