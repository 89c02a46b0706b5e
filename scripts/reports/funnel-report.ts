/** `npm run funnel`: the funnel's counts and rates per page, source, campaign or partner, as a table, CSV or JSON. */
import type { FunnelCounts, FunnelRates, FunnelRow } from '../../server/funnel/funnel.ts';
import { renderTable, toCsv } from './output.ts';
import { terminalSafeJson } from './terminal-safe.ts';

/** A rate as a percentage with one decimal, "–" where there is nothing to divide by. */
export const percent = (rate: number | null): string => (rate === null ? '–' : `${(rate * 100).toFixed(1)}%`);

const COLUMNS = ['views', 'starts', 'sends', 'leads', 'start rate', 'send rate', 'lead rate', 'conversion'];
const cells = (r: FunnelCounts & FunnelRates): string[] => [
  String(r.views),
  String(r.starts),
  String(r.sends),
  String(r.leads),
  percent(r.startRate),
  percent(r.sendRate),
  percent(r.leadRate),
  percent(r.conversion),
];

export function funnelAsTable(by: string, rows: readonly FunnelRow[], total: FunnelCounts & FunnelRates): string {
  if (rows.length === 0) return '  nothing counted in this period\n';
  return renderTable([by, ...COLUMNS], [...rows.map((r) => [r.key, ...cells(r)]), ['total', ...cells(total)]], 50);
}

export function funnelAsCsv(by: string, rows: readonly FunnelRow[]): string {
  const rate = (x: number | null) => (x === null ? '' : x.toFixed(4));
  return toCsv(
    [by, 'views', 'starts', 'sends', 'leads', 'startRate', 'sendRate', 'leadRate', 'conversion'],
    rows.map((r) => [r.key, String(r.views), String(r.starts), String(r.sends), String(r.leads), rate(r.startRate), rate(r.sendRate), rate(r.leadRate), rate(r.conversion)]),
  );
}

export function funnelAsJson(by: string, period: { since?: string; until?: string }, rows: readonly FunnelRow[], total: FunnelCounts & FunnelRates): string {
  return terminalSafeJson({ by, since: period.since ?? null, until: period.until ?? null, rows, total }) + '\n';
}
