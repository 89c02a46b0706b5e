/**
 * npm run leads -- [--format table|csv|json] [--kind society|career] [--since YYYY-MM-DD]
 *                  [--until YYYY-MM-DD] [--include-spam] [--by-source] [--data-dir DIR] [--bom]
 * npm run leads -- --deliveries [--format table|json] [--data-dir DIR]
 * npm run leads -- --redeliver ID [--data-dir DIR]
 * Lists the stored leads (spam hidden unless --include-spam), or counts them per source
 * and ISO week; lists the delivery outbox, or queues one delivery again. A listing of leads,
 * and --person, are recorded in the team's audit log (the operator, the filter, the leads' ids). Dates are local
 * days; --until includes that whole day.
 * npm run leads -- --person EMAIL_OR_PHONE_OR_REFERENCE | --erase EMAIL_OR_PHONE_OR_REFERENCE | --purge [--data-dir DIR]
 * --person prints everything held about one person (or the one lead of a reference, SD-XXXX-XXXX)
 * as JSON; --erase erases it everywhere;
 * --purge erases every lead older than LEAD_RETENTION_DAYS (scripts/reports/person.ts).
 * With DATABASE_URL set, every mode works on PostgreSQL (--data-dir is then not used).
 */
import type { LeadKind } from '../contract/lead-contract.ts';
import { dataDir as defaultDataDir } from './paths.ts';
import { cliArgs, endOfDay, fail, periodAndDataOptions, startOfDay } from './reports/cli.ts';
import { deliveriesAsJson, deliveriesAsTable } from './reports/deliveries-report.ts';
import {
  countBySource,
  leadsAsCsv,
  leadsAsJson,
  leadsAsTable,
  sourceCountsAsCsv,
  sourceCountsAsTable,
} from './reports/leads-report.ts';
import { auditRead, erasePerson, printPerson, purgeExpired } from './reports/person.ts';
import { openOperatorStore } from './reports/open-store.ts';
import { terminalSafeJson } from './reports/terminal-safe.ts';
import { loadServerConfig } from '../server/config.ts';

const values = cliArgs(
  {
    format: { type: 'string', default: 'table' },
    kind: { type: 'string' },
    ...periodAndDataOptions,
    'include-spam': { type: 'boolean', default: false },
    'by-source': { type: 'boolean', default: false },
    deliveries: { type: 'boolean', default: false },
    redeliver: { type: 'string' },
    bom: { type: 'boolean', default: false },
    person: { type: 'string' },
    erase: { type: 'string' },
    purge: { type: 'boolean', default: false },
  },
  'usage: npm run leads -- [--format table|csv|json] [--kind society|career] [--since YYYY-MM-DD] [--until YYYY-MM-DD] [--include-spam] [--by-source] [--data-dir DIR] [--bom]\n' +
    '       npm run leads -- --deliveries [--format table|json] | --redeliver DELIVERY_ID\n' +
    '       npm run leads -- --person EMAIL_OR_PHONE_OR_REFERENCE | --erase EMAIL_OR_PHONE_OR_REFERENCE | --purge [--data-dir DIR]',
);

const personalDataModes = [values.person !== undefined, values.erase !== undefined, values.purge].filter(Boolean).length;
if (personalDataModes > 1) fail('use one of --person, --erase and --purge');
const store = await openOperatorStore(values['data-dir'] ?? defaultDataDir());
if (personalDataModes === 1) {
  if (values.person !== undefined) await printPerson(store, values.person);
  else if (values.erase !== undefined) await erasePerson(store, values.erase);
  else await purgeExpired(store, loadServerConfig().leadRetentionDays);
  await store.close();
  process.exit();
}

const format = values.format;
if (format !== 'table' && format !== 'csv' && format !== 'json') fail(`unknown --format "${format}"`);
const kind = values.kind as LeadKind | undefined;
if (kind !== undefined && kind !== 'society' && kind !== 'career') fail(`unknown --kind "${String(kind)}"`);
const since = values.since ? startOfDay(values.since) : undefined;
const until = values.until ? endOfDay(values.until) : undefined;
const modes = [values['by-source'], values.deliveries, values.redeliver !== undefined].filter(Boolean).length;
if (modes > 1) fail('use one of --by-source, --deliveries and --redeliver');

const noDatabase = () => process.stderr.write(`${store.missing}\n`);

if (values.redeliver !== undefined) {
  const id = Number(values.redeliver);
  if (!Number.isSafeInteger(id) || id < 1) fail(`--redeliver takes a delivery id (see --deliveries), got "${values.redeliver}"`);
  const result = await store.redeliver(id);
  if (!result || (!result.ok && result.reason === 'unknown')) {
    process.stderr.write(`no delivery ${id}\n`);
    process.exit(1);
  }
  if (!result.ok) {
    process.stderr.write(`delivery ${id} was delivered already; it is never sent twice\n`);
    process.exit(1);
  }
  process.stdout.write(`delivery ${id} queued again; the running service sends it within a few seconds\n`);
} else if (values.deliveries) {
  if (format === 'csv') fail('--deliveries prints a table or JSON');
  const outbox = await store.deliveries();
  if (!outbox && format === 'table') noDatabase();
  const { rows, counts } = outbox ?? { rows: [], counts: { pending: 0, delivered: 0, dead: 0 } };
  process.stdout.write(format === 'json' ? deliveriesAsJson(rows) : deliveriesAsTable(rows, counts));
} else {
  const includeSpam = values['include-spam'];
  const leads = await store.listLeads({ kind, since, until, includeSpam });
  if (!leads && format === 'table') noDatabase();
  const bom = values.bom ? '\ufeff' : '';
  // A listing shows every lead's data (counts per source show none): it is in the audit log, as the team's export is.
  if (leads && !values['by-source']) {
    await auditRead(store, 'export', { filter: { kind, since: values.since, until: values.until, includeSpam }, format }, leads.map((l) => l.id));
  }
  if (values['by-source']) {
    const counts = countBySource(leads ?? []);
    if (format === 'json') process.stdout.write(terminalSafeJson(counts) + '\n');
    else if (format === 'csv') process.stdout.write(bom + sourceCountsAsCsv(counts));
    else process.stdout.write(sourceCountsAsTable(counts));
  } else if (format === 'json') process.stdout.write(leadsAsJson(leads ?? []));
  else if (format === 'csv') process.stdout.write(bom + leadsAsCsv(leads ?? []));
  else process.stdout.write(leadsAsTable(leads ?? [], kind ? [kind] : ['society', 'career'], includeSpam));
}
await store.close();
