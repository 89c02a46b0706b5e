/**
 * npm run restore -- [--from BACKUP] [--data-dir DIR]
 * Puts a backup made by `npm run backup` back: the newest one in BACKUP_DIR unless --from
 * names one (a BACKUP_DIR/<UTC time>/ folder). Only into an empty place, so it never mixes
 * with or overwrites live data:
 * - SQLite: into an empty (or missing) data folder (DATA_DIR, or --data-dir): the databases
 *   (each checked with integrity_check) and the service's key file, 0600 in a 0700 folder;
 * - PostgreSQL (DATABASE_URL set): into a database with no schema yet, with pg_restore.
 * Then start the service on it. Every erasure requested after the backup was taken must be
 * made again (docs/operations.md#restoring-a-backup): the backup still holds those people.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { backupDir, dataDir as defaultDataDir, repoRoot } from './paths.ts';
import { cliArgs, fail } from './reports/cli.ts';
import { terminalSafe } from './reports/terminal-safe.ts';
import { libpqEnvironment, POSTGRES_CLIENT_HINT, postgresProgram } from './reports/postgres-programs.ts';
import { createPool, describeUrl, schemaVersion } from '../server/store/postgres.ts';
import { HMAC_KEY_FILE } from '../server/intake/spam-challenge.ts';

process.umask(0o077);

const values = cliArgs({ from: { type: 'string' }, 'data-dir': { type: 'string' } }, 'usage: npm run restore -- [--from BACKUP_FOLDER] [--data-dir DIR]');
const say = (text: string) => process.stdout.write(terminalSafe(`${text}\n`));
const stop = (text: string): never => {
  process.stderr.write(terminalSafe(`restore: ${text}\n`));
  process.exit(1);
};

/** The backup to restore: --from, else the newest folder of BACKUP_DIR. */
function chosenBackup(): string {
  if (values.from) return path.resolve(repoRoot, values.from);
  const root = backupDir();
  const stamps = fs.existsSync(root) ? fs.readdirSync(root).filter((f) => /^\d{4}-\d\d-\d\dT[\d-]+Z$/.test(f)).sort() : [];
  if (stamps.length === 0) stop(`no backup in ${root}: name one with --from`);
  return path.join(root, stamps[stamps.length - 1]!);
}

const from = chosenBackup();
if (!fs.existsSync(from) || !fs.statSync(from).isDirectory()) fail(`${from} is not a backup folder`);
const databaseUrl = process.env.DATABASE_URL?.trim();

if (databaseUrl) {
  const dump = path.join(from, 'intake.dump');
  if (!fs.existsSync(dump)) stop(`${from} holds no intake.dump (a SQLite backup? unset DATABASE_URL to restore it into a data folder)`);
  const pgRestore = postgresProgram('pg_restore') ?? stop(`pg_restore is not installed. ${POSTGRES_CLIENT_HINT}`);
  const pool = createPool(databaseUrl, { max: 1, application: 'intake-restore' });
  try {
    const version = await schemaVersion(pool);
    if (version > 0) stop(`${describeUrl(databaseUrl)} already holds the service's schema (version ${version}): restore only into an empty database (createdb a new one, or drop this one first)`);
  } finally {
    await pool.end();
  }
  const result = spawnSync(pgRestore, ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${libpqEnvironment(databaseUrl).PGDATABASE ?? ''}`, dump], {
    env: { ...process.env, ...libpqEnvironment(databaseUrl) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  if (result.status !== 0) stop(`pg_restore failed: ${result.stderr.toString().trim()}`);
  say(`restored ${dump} into ${describeUrl(databaseUrl)}`);
} else {
  const dataDir = path.resolve(repoRoot, values['data-dir'] ?? defaultDataDir());
  const databases = fs.readdirSync(from).filter((f) => f.endsWith('.db')).sort();
  if (!databases.includes('leads.db')) stop(`${from} holds no leads.db (a PostgreSQL backup? set DATABASE_URL to restore it into a database)`);
  if (fs.existsSync(dataDir) && fs.readdirSync(dataDir).length > 0) stop(`${dataDir} is not empty: restore only into an empty data folder (move the old one aside first)`);
  for (const name of databases) {
    const check = new Database(path.join(from, name), { readonly: true, fileMustExist: true });
    const integrity = check.pragma('integrity_check', { simple: true });
    check.close();
    if (integrity !== 'ok') stop(`${name} in the backup fails its integrity check: ${String(integrity)}`);
  }
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  fs.chmodSync(dataDir, 0o700);
  const files = [...databases, ...(fs.existsSync(path.join(from, HMAC_KEY_FILE)) ? [HMAC_KEY_FILE] : [])];
  for (const name of files) {
    fs.copyFileSync(path.join(from, name), path.join(dataDir, name), fs.constants.COPYFILE_EXCL);
    fs.chmodSync(path.join(dataDir, name), 0o600);
  }
  say(`restored ${files.join(', ')} from ${from} into ${dataDir}`);
}
say(`taken ${path.basename(from)}: erase again everyone whose erasure was requested after it (docs/operations.md#restoring-a-backup), then start the service`);
