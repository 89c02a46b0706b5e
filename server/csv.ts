/** CSV for people and spreadsheets, written the same way by the operator commands (`npm run leads -- --format csv`) and the team's export. */
import { terminalSafeMultiline } from './terminal-safe.ts';

/**
 * RFC 4180 CSV: CRLF line ends, a field quoted when it holds a comma, quote, CR or LF,
 * quotes doubled. Cells a spreadsheet would run as a formula (starting with = + - @, tab
 * or CR) get a leading single quote, so opening the export never executes anything.
 * Terminal controls are escaped visibly: the CSV is read on screen too.
 */
export function csvCell(value: string): string {
  let v = terminalSafeMultiline(value);
  if (/^[=+\-@\t\r]/.test(v)) v = `'${v}`;
  return /[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
}

export function toCsv(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

