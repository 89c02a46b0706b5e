import { FIELD_ORDER, type LeadKind } from '../leads.ts';
import { toCsv } from './csv.ts';
import { formatLocal } from './dates.ts';
import type { StoredLead } from './lead-query.ts';
import { terminalSafeJson } from './terminal-safe.ts';
import { renderTable } from './text-table.ts';

/** The three output formats of `npm run leads`. */

const ALL_FIELDS = [...new Set([...FIELD_ORDER.society, ...FIELD_ORDER.career])];

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
    const fields = FIELD_ORDER[kind];
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
