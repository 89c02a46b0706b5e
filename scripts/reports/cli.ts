/** What the report CLIs (`npm run leads`, `npm run vitals`) share: arguments, day arguments, the database. */
import fs from 'node:fs';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { DatabaseOpenError, type Db, type DbFile, dbPath, openForMaintenance, openReadOnly, vitalsDbPath } from '../../server/store/sqlite.ts';
import { terminalSafe } from './terminal-safe.ts';

type Options = NonNullable<ParseArgsConfig['options']>;

const helpOption = { help: { type: 'boolean', short: 'h', default: false } } as const;

/** The usage line of the running command, printed by `fail`. */
let usageLine = '';

/** Stops the command: the message and the usage on stderr, exit code 2. */
export function fail(message: string): never {
  process.stderr.write(`${terminalSafe(message)}\n${usageLine}\n`);
  process.exit(2);
}

/**
 * The command's options, parsed strictly and typed as `parseArgs` types them, plus
 * `--help`/`-h` (prints `usage`, exit 0). An unknown or malformed option fails with the usage.
 */
export function cliArgs<const T extends Options>(options: T, usage: string) {
  usageLine = usage;
  type Config = { options: T & typeof helpOption; strict: true };
  let parsed: ReturnType<typeof parseArgs<Config>>;
  try {
    parsed = parseArgs<Config>({ options: { ...options, ...helpOption }, strict: true });
  } catch (error) {
    fail((error as Error).message);
  }
  // TypeScript cannot resolve parseArgs's value types while T is still generic.
  if ((parsed.values as { help?: boolean }).help) {
    process.stdout.write(`${usage}\n`);
    process.exit(0);
  }
  return parsed.values;
}

/** The options both reports take: the period (local days) and the data folder. */
export const periodAndDataOptions = {
  since: { type: 'string' },
  until: { type: 'string' },
  'data-dir': { type: 'string' },
} as const;

// Day arguments: YYYY-MM-DD in the machine's local time zone.

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Local midnight at the start of the given day, epoch ms; fails on a malformed or impossible date. */
export function startOfDay(text: string): number {
  const m = DAY.exec(text);
  if (!m) fail(`expected a date as YYYY-MM-DD, got "${text}"`);
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(y, mo - 1, d);
  if (date.getFullYear() !== y || date.getMonth() !== mo - 1 || date.getDate() !== d) fail(`no such date: ${text}`);
  return date.getTime();
}

/** Local midnight after the given day: `--until` includes the whole day. */
export function endOfDay(text: string): number {
  const start = new Date(startOfDay(text));
  return new Date(start.getFullYear(), start.getMonth(), start.getDate() + 1).getTime();
}

/**
 * Reads an intake database of `dataDir` (leads.db, or vitals.db) through a read-only
 * connection and closes it; undefined when no such database exists there yet (nothing has
 * been submitted). A database that can't be read (or whose schema differs from this
 * code's) stops the command with exit code 1 and a message naming the file.
 */
export function readDatabase<T>(dataDir: string, read: (db: Db) => T, which: DbFile = 'leads'): T | undefined {
  return withDatabase(dataDir, which, openReadOnly, read);
}

/** Like readDatabase, for an operator command that changes the database (never migrates it): erase, purge, redeliver. */
export function changeDatabase<T>(dataDir: string, change: (db: Db) => T, which: DbFile = 'leads'): T | undefined {
  return withDatabase(dataDir, which, openForMaintenance, change);
}

function withDatabase<T>(dataDir: string, which: DbFile, open: (dataDir: string, which: DbFile) => Db, use: (db: Db) => T): T | undefined {
  if (!fs.existsSync(which === 'leads' ? dbPath(dataDir) : vitalsDbPath(dataDir))) return undefined;
  let db: Db;
  try {
    db = open(dataDir, which);
  } catch (error) {
    if (!(error instanceof DatabaseOpenError)) throw error;
    process.stderr.write(`${terminalSafe(error.message)}\n`);
    process.exit(1);
  }
  try {
    return use(db);
  } finally {
    db.close();
  }
}
