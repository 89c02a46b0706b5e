/**
 * npm run backup -- [--out DIR] [--keep N] [--data-dir DIR]
 * A consistent copy of every SQLite database in the data folder (leads.db, and any other
 * *.db there, with the service's key file when there is one), taken with SQLite's online backup while the service keeps running, into
 * DIR/<UTC time>/ (default: BACKUP_DIR, else ~/.local/state/societydesk/backups, outside the repository). Folders and
 * files are the running user's alone (0700/0600). Keeps the newest N backups (default 7)
 * and removes older ones, so an erased person leaves the backups within N runs. For cron.
 * With DATABASE_URL set: a pg_dump of that PostgreSQL database (custom format, for
 * pg_restore) into the same folders, kept the same way; when pg_dump is not installed,
 * it says which command to run.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { backupDir, dataDir as defaultDataDir, repoRoot } from './paths.ts';
import { cliArgs, fail } from './reports/cli.ts';
import { terminalSafe } from './reports/terminal-safe.ts';
import { libpqEnvironment, POSTGRES_CLIENT_HINT, postgresProgram } from './reports/postgres-programs.ts';
import { HMAC_KEY_FILE } from '../server/intake/spam-challenge.ts';

process.umask(0o077);

const values = cliArgs(
  {
    out: { type: 'string' },
    keep: { type: 'string', default: '7' },
    'data-dir': { type: 'string' },
  },
  'usage: npm run backup -- [--out DIR] [--keep N] [--data-dir DIR]',
);

const keep = Number(values.keep);
if (!Number.isInteger(keep) || keep < 1) fail(`--keep must be a whole number of backups, at least 1; got "${values.keep}"`);
const dataDir = values['data-dir'] ?? defaultDataDir();
const outRoot = values.out ? path.resolve(repoRoot, values.out) : backupDir();

const databaseUrl = process.env.DATABASE_URL?.trim();

const databases = databaseUrl ? ['intake.dump'] : fs.existsSync(dataDir) ? fs.readdirSync(dataDir).filter((f) => f.endsWith('.db')).sort() : [];
// Without ALTCHA_HMAC_KEY the service's key lives beside the databases: the acknowledged addresses' hashes and the CV links depend on it.
const keyFile = !databaseUrl && fs.existsSync(path.join(dataDir, HMAC_KEY_FILE)) ? [HMAC_KEY_FILE] : [];
const dump = databaseUrl ? postgresProgram('pg_dump') : undefined;
if (databaseUrl && !dump) {
  process.stderr.write(`pg_dump is not installed. ${POSTGRES_CLIENT_HINT}, or run by hand:\n  pg_dump --format=custom --file=intake.dump "$DATABASE_URL"\n`);
  process.exit(1);
}
if (databases.length === 0) {
  process.stderr.write(terminalSafe(`no database in ${dataDir}: nothing to back up\n`));
  process.exit(1);
}

const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const target = path.join(outRoot, stamp);
fs.mkdirSync(target, { recursive: true, mode: 0o700 });
fs.chmodSync(outRoot, 0o700);

try {
  if (databaseUrl) {
    const file = path.join(target, 'intake.dump');
    const result = spawnSync(dump!, ['--format=custom', `--file=${file}`], {
      env: { ...process.env, ...libpqEnvironment(databaseUrl) },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    if (result.status !== 0) throw new Error(`pg_dump failed: ${result.stderr.toString().trim()}`);
    fs.chmodSync(file, 0o600);
  }
  for (const name of databaseUrl ? [] : databases) {
    const source = new Database(path.join(dataDir, name), { readonly: true, fileMustExist: true });
    const copy = path.join(target, name);
    try {
      await source.backup(copy);
    } finally {
      source.close();
    }
    fs.chmodSync(copy, 0o600);
    const check = new Database(copy, { readonly: true });
    const result = check.pragma('integrity_check', { simple: true });
    check.close();
    if (result !== 'ok') throw new Error(`the copy of ${name} fails its integrity check: ${String(result)}`);
  }
  for (const name of keyFile) fs.copyFileSync(path.join(dataDir, name), path.join(target, name));
} catch (error) {
  fs.rmSync(target, { recursive: true, force: true });
  process.stderr.write(terminalSafe(`backup failed: ${(error as Error).message}\n`));
  process.exit(1);
}

const backups = fs
  .readdirSync(outRoot)
  .filter((f) => /^\d{4}-\d\d-\d\dT[\d-]+Z$/.test(f))
  .sort();
for (const old of backups.slice(0, Math.max(0, backups.length - keep))) fs.rmSync(path.join(outRoot, old), { recursive: true, force: true });

process.stdout.write(terminalSafe(`backed up ${[...databases, ...keyFile].join(', ')} to ${target}\n`));
