/**
 * npm run funnel -- [--since YYYY-MM-DD] [--until YYYY-MM-DD] [--by page|source|campaign|partner]
 *                   [--format table|csv|json] [--data-dir DIR]
 * Page views, form starts, sends and stored leads, and the rates between them, per page
 * (default), source, campaign or partner. Days are UTC days (the counts are kept per UTC
 * day); --until includes that whole day. With DATABASE_URL set, read from PostgreSQL.
 */
import { FUNNEL_DIMENSIONS, funnelTotal, type FunnelDimension } from '../server/funnel/funnel.ts';
import { dataDir as defaultDataDir } from './paths.ts';
import { cliArgs, fail, periodAndDataOptions, startOfDay } from './reports/cli.ts';
import { openOperatorStore } from './reports/open-store.ts';
import { funnelAsCsv, funnelAsJson, funnelAsTable } from './reports/funnel-report.ts';

const values = cliArgs(
  {
    ...periodAndDataOptions,
    by: { type: 'string', default: 'page' },
    format: { type: 'string', default: 'table' },
  },
  'usage: npm run funnel -- [--since YYYY-MM-DD] [--until YYYY-MM-DD] [--by page|source|campaign|partner] [--format table|csv|json] [--data-dir DIR]',
);

const by = values.by as FunnelDimension;
if (!FUNNEL_DIMENSIONS.includes(by)) fail(`unknown --by "${values.by}"`);
const format = values.format;
if (format !== 'table' && format !== 'csv' && format !== 'json') fail(`unknown --format "${format}"`);
for (const day of [values.since, values.until]) if (day !== undefined) startOfDay(day); // fails on a malformed date
const period = { since: values.since, until: values.until };
if (period.since && period.until && period.since > period.until) fail('--since is after --until');

const store = await openOperatorStore(values['data-dir'] ?? defaultDataDir());
const result = await store.funnel(by, period).finally(() => store.close());
if (!result && format === 'table') process.stderr.write(`${store.noFunnel}\n`);
const { rows, total } = result ?? { rows: [], total: funnelTotal.empty() };

if (format === 'json') process.stdout.write(funnelAsJson(by, period, rows, total));
else if (format === 'csv') process.stdout.write(funnelAsCsv(by, rows));
else {
  const span = period.since || period.until ? ` from ${period.since ?? 'the start'} to ${period.until ?? 'today'} (UTC days)` : '';
  process.stdout.write(`Funnel per ${by}${span}\n${funnelAsTable(by, rows, total)}`);
}
