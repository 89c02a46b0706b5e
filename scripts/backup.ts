/**
 * npm run backup -- [--out DIR] [--keep N] [--data-dir DIR]
 * A consistent copy of every SQLite database in the data folder (leads.db, and any other
 * *.db there), taken with SQLite's online backup while the service keeps running, into
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

/** pg_dump on the PATH, else the newest of Debian's /usr/lib/postgresql/<version>/bin. */
function pgDump(): string | undefined {
  const onPath = spawnSync('pg_dump', ['--version'], { stdio: 'ignore' });
  if (onPath.status === 0) return 'pg_dump';
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root) ? fs.readdirSync(root).filter((v) => /^\d+$/.test(v)).sort((a, b) => Number(b) - Number(a)) : [];
  return versions.map((v) => path.join(root, v, 'bin', 'pg_dump')).find((p) => fs.existsSync(p));
}

const databases = databaseUrl ? ['intake.dump'] : fs.existsSync(dataDir) ? fs.readdirSync(dataDir).filter((f) => f.endsWith('.db')).sort() : [];
const dump = databaseUrl ? pgDump() : undefined;
if (databaseUrl && !dump) {
  process.stderr.write(
    'pg_dump is not installed. Install the PostgreSQL client (Debian: sudo apt-get install -y postgresql-client), or run by hand:\n' +
      '  pg_dump --format=custom --file=intake.dump "$DATABASE_URL"\n',
  );
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
    // The URL's parts go in libpq's environment, not the arguments: a password there would show in ps.
    const u = new URL(databaseUrl);
    const libpq: Record<string, string> = {
      PGHOST: decodeURIComponent(u.hostname.replace(/^\[|\]$/g, '')) || (u.searchParams.get('host') ?? ''),
      PGPORT: u.port,
      PGUSER: decodeURIComponent(u.username),
      PGPASSWORD: decodeURIComponent(u.password),
      PGDATABASE: decodeURIComponent(u.pathname.slice(1)),
      PGSSLMODE: u.searchParams.get('sslmode') ?? '',
    };
    const result = spawnSync(dump!, ['--format=custom', `--file=${file}`], {
      env: { ...process.env, ...Object.fromEntries(Object.entries(libpq).filter(([, v]) => v)) },
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
    if (result !== 'ok') throw new Error(`the copy of ${name} fails its integrity check: ${result}`);
  }
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

process.stdout.write(terminalSafe(`backed up ${databases.join(', ')} to ${target}\n`));
