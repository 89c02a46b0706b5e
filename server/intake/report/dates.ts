/** Day arguments of the report CLIs: YYYY-MM-DD in the machine's local time zone. */

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Local midnight at the start of the given day, epoch ms; throws on a malformed or impossible date. */
export function startOfDay(text: string): number {
  const m = DAY.exec(text);
  if (!m) throw new Error(`expected a date as YYYY-MM-DD, got "${text}"`);
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(y, mo - 1, d);
  if (date.getFullYear() !== y || date.getMonth() !== mo - 1 || date.getDate() !== d) {
    throw new Error(`no such date: ${text}`);
  }
  return date.getTime();
}

/** Local midnight after the given day: `--until` includes the whole day. */
export function endOfDay(text: string): number {
  const start = new Date(startOfDay(text));
  return new Date(start.getFullYear(), start.getMonth(), start.getDate() + 1).getTime();
}

/** A timestamp as local "YYYY-MM-DD HH:MM". */
export function formatLocal(ms: number): string {
  const d = new Date(ms);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}:${two(d.getMinutes())}`;
}
