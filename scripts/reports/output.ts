/** The report CLIs' output: plain-text tables, RFC 4180 CSV, local times; all terminal-safe (terminal-safe.ts). */
import { terminalSafe } from './terminal-safe.ts';

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
const WIDE = /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]|[\u{1f300}-\u{1faff}]/u;

function graphemes(text: string): string[] {
  return Array.from(segmenter.segment(text), (s) => s.segment);
}

/** Columns a terminal uses for the text: graphemes, wide CJK counts 2. */
function displayWidth(text: string): number {
  let width = 0;
  for (const g of graphemes(text)) width += WIDE.test(g) ? 2 : 1;
  return width;
}

/** Cuts to `max` columns with an ellipsis; newlines and tabs become spaces. */
function truncate(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ');
  if (displayWidth(flat) <= max) return flat;
  let out = '';
  let width = 0;
  for (const g of graphemes(flat)) {
    const w = WIDE.test(g) ? 2 : 1;
    if (width + w > max - 1) break;
    out += g;
    width += w;
  }
  return `${out}…`;
}

const pad = (text: string, width: number) => text + ' '.repeat(Math.max(0, width - displayWidth(text)));

/** A plain-text table for the terminal, cells cut to `maxCell` columns. */
export function renderTable(header: readonly string[], rows: readonly (readonly string[])[], maxCell = 40): string {
  const cells = [header, ...rows].map((row) => row.map((c) => truncate(terminalSafe(c), maxCell)));
  const widths = header.map((_, i) => Math.max(...cells.map((row) => displayWidth(row[i] ?? ''))));
  const line = (row: string[]) => row.map((c, i) => pad(c, widths[i]!)).join('  ').trimEnd();
  const rule = widths.map((w) => '─'.repeat(w)).join('  ');
  return [line(cells[0]!), rule, ...cells.slice(1).map(line)].join('\n') + '\n';
}

export { toCsv } from '../../server/csv.ts';

/** A timestamp as local "YYYY-MM-DD HH:MM". */
export function formatLocal(ms: number): string {
  const d = new Date(ms);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}:${two(d.getMinutes())}`;
}
