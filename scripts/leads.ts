/**
 * npm run leads -- [--format table|csv|json] [--kind society|career]
 *                  [--since YYYY-MM-DD] [--until YYYY-MM-DD] [--data-dir DIR] [--bom]
 * Lists the stored leads. Dates are local days; --until includes that whole day.
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { loadServerConfig } from '../server/config.ts';
import { dbPath, openDatabase } from '../server/intake/database.ts';
import { endOfDay, startOfDay } from '../server/intake/report/dates.ts';
import { leadsAsCsv, leadsAsJson, leadsAsTable } from '../server/intake/report/lead-format.ts';
import { terminalSafe } from '../server/intake/report/terminal-safe.ts';
import { listLeads, type StoredLead } from '../server/intake/report/lead-query.ts';
import type { LeadKind } from '../server/intake/leads.ts';

const usage = 'usage: npm run leads -- [--format table|csv|json] [--kind society|career] [--since YYYY-MM-DD] [--until YYYY-MM-DD] [--data-dir DIR] [--bom]';

function fail(message: string): never {
  process.stderr.write(`${terminalSafe(message)}\n${usage}\n`);
  process.exit(2);
}

let values;
try {
  ({ values } = parseArgs({
    options: {
      format: { type: 'string', default: 'table' },
      kind: { type: 'string' },
      since: { type: 'string' },
      until: { type: 'string' },
      'data-dir': { type: 'string' },
      bom: { type: 'boolean', default: false },
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

const format = values.format;
if (format !== 'table' && format !== 'csv' && format !== 'json') fail(`unknown --format "${format}"`);
const kind = values.kind as LeadKind | undefined;
if (kind !== undefined && kind !== 'society' && kind !== 'career') fail(`unknown --kind "${kind}"`);

let since: number | undefined;
let until: number | undefined;
try {
  since = values.since ? startOfDay(values.since) : undefined;
  until = values.until ? endOfDay(values.until) : undefined;
} catch (error) {
  fail((error as Error).message);
}

const dataDir = values['data-dir'] ?? loadServerConfig(process.env).dataDir;
let leads: StoredLead[] = [];
if (fs.existsSync(dbPath(dataDir))) {
  const db = openDatabase(dataDir, { mustExist: true });
  try {
    leads = listLeads(db, { kind, since, until });
  } finally {
    db.close();
  }
} else if (format === 'table') {
  process.stderr.write(`no database at ${dbPath(dataDir)} yet: nothing has been submitted\n`);
}

if (format === 'json') process.stdout.write(leadsAsJson(leads));
else if (format === 'csv') process.stdout.write((values.bom ? '\ufeff' : '') + leadsAsCsv(leads));
else process.stdout.write(leadsAsTable(leads, kind ? [kind] : ['society', 'career']));
