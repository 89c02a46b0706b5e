import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { MIGRATIONS } from './migrations.ts';

export type Db = Database.Database;

export const DB_FILE_NAME = 'leads.db';

export const dbPath = (dataDir: string): string => path.join(dataDir, DB_FILE_NAME);

/**
 * Opens (creating if needed) the intake database in `dataDir` and brings its schema
 * up to date. WAL with synchronous=NORMAL: a commit survives a crash of this process
 * (it is in the WAL before the service answers); only an OS crash or power loss may
 * lose the last few transactions.
 */
export function openDatabase(dataDir: string, options: { mustExist?: boolean } = {}): Db {
  // The leads are personal data: a new data folder is readable by the service's user only.
  if (!options.mustExist) fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const db = new Database(dbPath(dataDir), { fileMustExist: options.mustExist ?? false });
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('busy_timeout = 5000');
  db.pragma('foreign_keys = ON');
  migrate(db);
  return db;
}

/** Applies every migration newer than the file's user_version, each in its own transaction. */
export function migrate(db: Db): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  if (current > MIGRATIONS.length) {
    throw new Error(
      `database schema version ${current} is newer than this code knows (${MIGRATIONS.length}); refusing to run`,
    );
  }
  for (let version = current + 1; version <= MIGRATIONS.length; version++) {
    db.transaction(() => {
      db.exec(MIGRATIONS[version - 1]!);
      db.pragma(`user_version = ${version}`);
    })();
  }
}

/** True when the database answers a trivial query. */
export function isHealthy(db: Db): boolean {
  try {
    return db.prepare('SELECT 1 AS ok').get() !== undefined;
  } catch {
    return false;
  }
}
