/**
 * npm run vitals -- [--days N | --since YYYY-MM-DD [--until YYYY-MM-DD]] [--data-dir DIR] [--json]
 * The 75th percentile of each web-vitals metric per page over the period (default: the
 * last 28 days), with sample counts and Google's rating of that p75.
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { loadServerConfig } from '../server/config.ts';
import { dbPath, openDatabase } from '../server/intake/database.ts';
import { endOfDay, formatLocal, startOfDay } from '../server/intake/report/dates.ts';
import { terminalSafe, terminalSafeJson } from '../server/intake/report/terminal-safe.ts';
import { renderTable } from '../server/intake/report/text-table.ts';
import { summariseVitals, type VitalsSummary } from '../server/intake/report/vitals-query.ts';

const usage = 'usage: npm run vitals -- [--days N | --since YYYY-MM-DD [--until YYYY-MM-DD]] [--data-dir DIR] [--json]';

function fail(message: string): never {
  process.stderr.write(`${terminalSafe(message)}\n${usage}\n`);
  process.exit(2);
}

let values;
try {
  ({ values } = parseArgs({
    options: {
      days: { type: 'string' },
      since: { type: 'string' },
      until: { type: 'string' },
      'data-dir': { type: 'string' },
      json: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  }));
} catch (error) {
  fail((error as Error).message);
}
if (values.help) {
  process.stdout.write(`${usage}\n`);
  process.exit(0);
}
if (values.days !== undefined && (values.since !== undefined || values.until !== undefined)) {
  fail('use either --days or --since/--until');
}

let since: number;
let until: number;
try {
  until = values.until ? endOfDay(values.until) : Date.now() + 1;
  if (values.since) since = startOfDay(values.since);
  else {
    const days = values.days === undefined ? 28 : Number(values.days);
    if (!Number.isInteger(days) || days < 1 || days > 3650) fail(`--days must be a whole number from 1 to 3650`);
    since = until - days * 86_400_000;
  }
} catch (error) {
  fail((error as Error).message);
}

const dataDir = values['data-dir'] ?? loadServerConfig(process.env).dataDir;
let summary: VitalsSummary[] = [];
if (fs.existsSync(dbPath(dataDir))) {
  const db = openDatabase(dataDir, { mustExist: true });
  try {
    summary = summariseVitals(db, since, until);
  } finally {
    db.close();
  }
}

if (values.json) {
  process.stdout.write(terminalSafeJson({ since: new Date(since).toISOString(), until: new Date(until).toISOString(), summary }) + '\n');
} else {
  process.stdout.write(`Web vitals, p75 per page, ${formatLocal(since)} to ${formatLocal(until)}\n`);
  if (summary.length === 0) process.stdout.write('  no samples in this period\n');
  else {
    const fmt = (s: VitalsSummary) => (s.metric === 'CLS' ? s.p75.toFixed(3) : `${Math.round(s.p75)} ms`);
    process.stdout.write(
      renderTable(
        ['page', 'metric', 'p75', 'samples', 'rating'],
        summary.map((s) => [s.page, s.metric, fmt(s), String(s.samples), s.rating]),
        60,
      ),
    );
  }
}
