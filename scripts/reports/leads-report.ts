/** `npm run leads`: the stored leads, filtered, as a table, CSV or JSON. */
import type { Db } from '../../server/intake/database.ts';
import { fieldNames, type LeadKind } from '../../widgets/shared/lead-contract.ts';
import { formatLocal, renderTable, toCsv } from './output.ts';
import { terminalSafeJson } from './terminal-safe.ts';

interface StoredLead {
  id: number;
  kind: LeadKind;
  /** Epoch milliseconds (UTC). */
  createdAt: number;
  fields: Record<string, string>;
}

interface LeadFilter {
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

const ALL_FIELDS = [...new Set([...fieldNames('society'), ...fieldNames('career')])];

export function leadsAsJson(leads: readonly StoredLead[]): string {
  const out = leads.map((l) => ({ id: l.id, kind: l.kind, createdAt: new Date(l.createdAt).toISOString(), ...l.fields }));
  return terminalSafeJson(out) + '\n';
}

/** One CSV for both kinds: the union of the fields, empty where a kind has none. */
export function leadsAsCsv(leads: readonly StoredLead[]): string {
  const header = ['id', 'kind', 'createdAt', ...ALL_FIELDS];
  const rows = leads.map((l) => [
    String(l.id),
    l.kind,
    new Date(l.createdAt).toISOString(),
    ...ALL_FIELDS.map((f) => l.fields[f] ?? ''),
  ]);
  return toCsv(header, rows);
}

const TITLES: Record<LeadKind, string> = { society: 'Society registration requests', career: 'Career applications' };

/** One table per kind (their columns differ), newest last. */
export function leadsAsTable(leads: readonly StoredLead[], kinds: readonly LeadKind[]): string {
  const parts: string[] = [];
  for (const kind of kinds) {
    const mine = leads.filter((l) => l.kind === kind);
    const fields = fieldNames(kind);
    parts.push(`${TITLES[kind]} (${mine.length})\n`);
    if (mine.length === 0) {
      parts.push('  none\n');
      continue;
    }
    const header = ['id', 'received', ...fields];
    const rows = mine.map((l) => [String(l.id), formatLocal(l.createdAt), ...fields.map((f) => l.fields[f] ?? '')]);
    parts.push(renderTable(header, rows, kind === 'career' ? 30 : 40));
  }
  return parts.join('\n');
}
