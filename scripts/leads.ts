/**
 * npm run leads -- [--format table|csv|json] [--kind society|career]
 *                  [--since YYYY-MM-DD] [--until YYYY-MM-DD] [--data-dir DIR] [--bom]
 * Lists the stored leads. Dates are local days; --until includes that whole day.
 */
import { dbPath } from '../server/intake/database.ts';
import type { LeadKind } from '../widgets/shared/lead-contract.ts';
import { dataDir as defaultDataDir } from './paths.ts';
import { cliArgs, endOfDay, fail, periodAndDataOptions, readDatabase, startOfDay } from './reports/cli.ts';
import { leadsAsCsv, leadsAsJson, leadsAsTable, listLeads } from './reports/leads-report.ts';

const values = cliArgs(
  {
    format: { type: 'string', default: 'table' },
    kind: { type: 'string' },
    ...periodAndDataOptions,
    bom: { type: 'boolean', default: false },
  },
  'usage: npm run leads -- [--format table|csv|json] [--kind society|career] [--since YYYY-MM-DD] [--until YYYY-MM-DD] [--data-dir DIR] [--bom]',
);

const format = values.format;
if (format !== 'table' && format !== 'csv' && format !== 'json') fail(`unknown --format "${format}"`);
const kind = values.kind as LeadKind | undefined;
if (kind !== undefined && kind !== 'society' && kind !== 'career') fail(`unknown --kind "${kind}"`);
const since = values.since ? startOfDay(values.since) : undefined;
const until = values.until ? endOfDay(values.until) : undefined;

const dataDir = values['data-dir'] ?? defaultDataDir();
const leads = readDatabase(dataDir, (db) => listLeads(db, { kind, since, until }));
if (!leads && format === 'table') process.stderr.write(`no database at ${dbPath(dataDir)} yet: nothing has been submitted\n`);

if (format === 'json') process.stdout.write(leadsAsJson(leads ?? []));
else if (format === 'csv') process.stdout.write((values.bom ? '\ufeff' : '') + leadsAsCsv(leads ?? []));
else process.stdout.write(leadsAsTable(leads ?? [], kind ? [kind] : ['society', 'career']));
