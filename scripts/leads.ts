/**
 * npm run leads -- [--format table|csv|json] [--kind society|career]
 *                  [--since YYYY-MM-DD] [--until YYYY-MM-DD] [--data-dir DIR] [--bom]
 * npm run leads -- --person EMAIL_OR_PHONE | --erase EMAIL_OR_PHONE | --purge [--data-dir DIR]
 * Lists the stored leads. Dates are local days; --until includes that whole day.
 * --person prints everything held about one person as JSON; --erase erases it everywhere;
 * --purge erases every lead older than LEAD_RETENTION_DAYS (scripts/reports/person.ts).
 */
import { dbPath } from '../server/intake/database.ts';
import type { LeadKind } from '../widgets/shared/lead-contract.ts';
import { dataDir as defaultDataDir } from './paths.ts';
import { cliArgs, endOfDay, fail, periodAndDataOptions, readDatabase, startOfDay } from './reports/cli.ts';
import { leadsAsCsv, leadsAsJson, leadsAsTable, listLeads } from './reports/leads-report.ts';
import { erasePerson, printPerson, purgeExpired } from './reports/person.ts';
import { loadServerConfig } from '../server/config.ts';

const values = cliArgs(
  {
    format: { type: 'string', default: 'table' },
    kind: { type: 'string' },
    ...periodAndDataOptions,
    bom: { type: 'boolean', default: false },
    person: { type: 'string' },
    erase: { type: 'string' },
    purge: { type: 'boolean', default: false },
  },
  'usage: npm run leads -- [--format table|csv|json] [--kind society|career] [--since YYYY-MM-DD] [--until YYYY-MM-DD] [--data-dir DIR] [--bom]\n' +
    '       npm run leads -- --person EMAIL_OR_PHONE | --erase EMAIL_OR_PHONE | --purge [--data-dir DIR]',
);

const personalDataModes = [values.person !== undefined, values.erase !== undefined, values.purge].filter(Boolean).length;
if (personalDataModes > 1) fail('use one of --person, --erase and --purge');
if (personalDataModes === 1) {
  const dir = values['data-dir'] ?? defaultDataDir();
  if (values.person !== undefined) printPerson(dir, values.person);
  else if (values.erase !== undefined) erasePerson(dir, values.erase);
  else purgeExpired(dir, loadServerConfig().leadRetentionDays);
  process.exit(0);
}

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
