/**
 * npm run vitals -- [--days N | --since YYYY-MM-DD [--until YYYY-MM-DD]] [--data-dir DIR] [--json]
 * (with DATABASE_URL set: from PostgreSQL; --data-dir is then not used)
 * The 75th percentile of each web-vitals metric per page and navigation type (navigate, reload,
 * back-forward, back-forward-cache, prerender, restore) over the period (default: the
 * last 28 days), with sample counts and Google's rating of that p75.
 */
import { dataDir as defaultDataDir } from './paths.ts';
import { cliArgs, endOfDay, fail, periodAndDataOptions, startOfDay } from './reports/cli.ts';
import { formatLocal } from './reports/output.ts';
import { terminalSafeJson } from './reports/terminal-safe.ts';
import { openOperatorStore } from './reports/open-store.ts';
import { summariseVitals, vitalsAsTable } from './reports/vitals-report.ts';

const values = cliArgs(
  {
    days: { type: 'string' },
    ...periodAndDataOptions,
    json: { type: 'boolean', default: false },
  },
  'usage: npm run vitals -- [--days N | --since YYYY-MM-DD [--until YYYY-MM-DD]] [--data-dir DIR] [--json]',
);
if (values.days !== undefined && (values.since !== undefined || values.until !== undefined)) {
  fail('use either --days or --since/--until');
}

const until = values.until ? endOfDay(values.until) : Date.now() + 1;
let since: number;
if (values.since) since = startOfDay(values.since);
else {
  const days = values.days === undefined ? 28 : Number(values.days);
  if (!Number.isInteger(days) || days < 1 || days > 3650) fail(`--days must be a whole number from 1 to 3650`);
  since = until - days * 86_400_000;
}

const store = await openOperatorStore(values['data-dir'] ?? defaultDataDir());
const summary = summariseVitals((await store.vitalsSamples(since, until)) ?? []);
await store.close();

if (values.json) {
  process.stdout.write(terminalSafeJson({ since: new Date(since).toISOString(), until: new Date(until).toISOString(), summary }) + '\n');
} else {
  process.stdout.write(`Web vitals, p75 per page and navigation type, ${formatLocal(since)} to ${formatLocal(until)}\n`);
  process.stdout.write(summary.length === 0 ? '  no samples in this period\n' : vitalsAsTable(summary));
}
