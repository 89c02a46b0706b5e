import path from 'node:path';
import Database from 'better-sqlite3';
import { ensurePrivateFile, preparePrivateDataDir } from './data-dir.ts';

/** The intake database: its file, schema migrations, and the group-commit write batcher. */

export type Db = Database.Database;

export const dbPath = (dataDir: string): string => path.join(dataDir, 'leads.db');

/**
 * The database schema, as an append-only list: migration N brings the file to
 * PRAGMA user_version = N. Never edit a shipped entry; add a new one.
 */
const MIGRATIONS: readonly string[] = [
  // 1: leads (fields as JSON, every value kept verbatim) and web-vitals samples.
  `
  CREATE TABLE leads (
    id          INTEGER PRIMARY KEY,
    kind        TEXT    NOT NULL CHECK (kind IN ('society', 'career')),
    created_at  INTEGER NOT NULL,              -- epoch milliseconds (UTC)
    dedupe_key  TEXT    NOT NULL,              -- sha256 of kind + normalised fields
    fields      TEXT    NOT NULL CHECK (json_valid(fields))
  );
  CREATE INDEX leads_kind_created ON leads (kind, created_at);
  CREATE INDEX leads_created ON leads (created_at);
  CREATE INDEX leads_dedupe ON leads (dedupe_key, created_at);

  CREATE TABLE vitals (
    id              INTEGER PRIMARY KEY,
    page            TEXT    NOT NULL,
    name            TEXT    NOT NULL CHECK (name IN ('LCP', 'INP', 'CLS', 'FCP', 'TTFB')),
    value           REAL    NOT NULL,
    rating          TEXT,
    navigation_type TEXT,
    created_at      INTEGER NOT NULL           -- epoch milliseconds (UTC)
  );
  CREATE INDEX vitals_created ON vitals (created_at);
  `,
  // 2: the /health write probe's heartbeat row, and a record of each erasure (when, why,
  // how many rows per table; never whose). IF NOT EXISTS: safe to renumber on a merge.
  `
  CREATE TABLE IF NOT EXISTS write_probe (
    id          INTEGER PRIMARY KEY,
    checked_at  INTEGER NOT NULL,              -- epoch milliseconds (UTC)
    filler      BLOB
  );
  CREATE TABLE IF NOT EXISTS erasures (
    id          INTEGER PRIMARY KEY,
    erased_at   INTEGER NOT NULL,              -- epoch milliseconds (UTC)
    reason      TEXT    NOT NULL CHECK (reason IN ('request', 'retention')),
    leads       INTEGER NOT NULL,              -- lead rows erased
    rows        TEXT    NOT NULL CHECK (json_valid(rows)) -- {"leads": n, "<table>": n, ...}
  );
  `,
];

/** The schema version this code reads and writes: the number of migrations. */
export const SCHEMA_VERSION = MIGRATIONS.length;

/** A database that can't be opened, or whose schema this code doesn't know: the message names the file. */
export class DatabaseOpenError extends Error {}

function openFile(file: string, options: Database.Options): Db {
  try {
    return new Database(file, options);
  } catch (error) {
    const e = error as { code?: string; message: string };
    throw new DatabaseOpenError(`cannot open the database ${file}: ${e.code ? `${e.code}: ` : ''}${e.message}`);
  }
}

/** Throws unless the open file's schema is this code's, saying which way it differs and what to do. */
function assertSchema(db: Db, file: string): void {
  const version = db.pragma('user_version', { simple: true }) as number;
  if (version === SCHEMA_VERSION) return;
  db.close();
  throw new DatabaseOpenError(
    version < SCHEMA_VERSION
      ? `${file}: schema version ${version} is older than this tool reads (${SCHEMA_VERSION}). Start the service once (npm run serve) to upgrade it; the operator commands never migrate it.`
      : `${file}: schema version ${version} is newer than this tool knows (${SCHEMA_VERSION}). Update this checkout to the release that wrote it.`,
  );
}

/**
 * Opens an existing database for reading only, as the report CLIs do: it never creates,
 * writes or migrates the file, and refuses a schema version other than this code's.
 */
export function openReadOnly(dataDir: string): Db {
  const file = dbPath(dataDir);
  const db = openFile(file, { readonly: true, fileMustExist: true });
  assertSchema(db, file);
  return db;
}

/**
 * Opens an existing database to change it from an operator's command (erase a person,
 * purge): never creates or migrates it; foreign keys enforced; deleted bytes overwritten;
 * waits up to 10 s for the running service's write lock (this is not the event loop).
 */
export function openForMaintenance(dataDir: string): Db {
  const file = dbPath(dataDir);
  const db = openFile(file, { fileMustExist: true });
  assertSchema(db, file);
  db.pragma('foreign_keys = ON');
  db.pragma('secure_delete = ON');
  db.pragma('busy_timeout = 10000');
  return db;
}

/**
 * Opens (creating if needed) the intake database in `dataDir` and brings its schema
 * up to date. WAL with synchronous=NORMAL: a commit survives a crash of this process
 * (it is in the WAL before the service answers); only an OS crash or power loss may
 * lose the last few transactions.
 */
export function openDatabase(dataDir: string, options: { mustExist?: boolean } = {}): Db {
  // The leads are personal data: the folder and every file in it are the service user's alone.
  if (!options.mustExist) {
    preparePrivateDataDir(dataDir);
    ensurePrivateFile(dbPath(dataDir));
  }
  const db = openFile(dbPath(dataDir), { fileMustExist: options.mustExist ?? false });
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  // A deleted row's bytes are overwritten, not left in free pages (erasure, retention purge).
  db.pragma('secure_delete = ON');
  // Before listening, waiting for another process's lock is fine; after, a wait would
  // block the event loop (every page, /health), so the service connection never waits
  // inside SQLite: the write batcher retries on its own timers instead.
  db.pragma('busy_timeout = 5000');
  migrate(db, dbPath(dataDir));
  db.pragma('busy_timeout = 0');
  return db;
}

/** Applies every migration newer than the file's user_version, each in its own transaction. */
function migrate(db: Db, file: string): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  if (current > MIGRATIONS.length) {
    throw new DatabaseOpenError(
      `${file}: schema version ${current} is newer than this code knows (${MIGRATIONS.length}); refusing to run`,
    );
  }
  for (let version = current + 1; version <= MIGRATIONS.length; version++) {
    db.transaction(() => {
      db.exec(MIGRATIONS[version - 1]!);
      db.pragma(`user_version = ${version}`);
    })();
  }
}

/** A write that waited longer than allowed for another process's write lock: the service answers 503. */
export class DatabaseBusyError extends Error {
  readonly statusCode = 503;
  readonly code = 'DB_BUSY';
  constructor(waitedMs: number) {
    super(`another process has held the database's write lock for ${Math.round(waitedMs / 1000)} s`);
  }
}

const isBusy = (error: unknown) => {
  const code = (error as { code?: unknown }).code;
  return code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED' || (typeof code === 'string' && code.startsWith('SQLITE_BUSY_'));
};

/**
 * Group commit: writes requested during one turn of the event loop are committed together
 * in one transaction (one WAL append instead of one per request), then every caller's
 * promise settles. A caller is only told "done" after the commit, so answering success
 * after `await run(...)` still means the row is in the file. Each job runs in its own
 * savepoint: a job that throws fails alone; the rest of the batch commits.
 *
 * When another process holds the write lock, the batch is retried on a timer with growing
 * pauses (the event loop stays free), and a job that has waited `maxBusyWaitMs` fails with
 * DatabaseBusyError. `busySince()` tells /health how long writes have been waiting.
 */
export function createWriteBatcher(db: Db, options: { maxBusyWaitMs?: number; now?: () => number } = {}) {
  const maxBusyWaitMs = options.maxBusyWaitMs ?? 5_000;
  const now = options.now ?? Date.now;
  interface Job {
    work: () => unknown;
    resolve: (value: unknown) => void;
    reject: (error: unknown) => void;
    queuedAt: number;
  }
  let queue: Job[] = [];
  let scheduled = false;
  let retryTimer: NodeJS.Timeout | undefined;
  let busyAttempts = 0;
  let busySince: number | null = null;

  const runJob = db.transaction((work: () => unknown) => work()); // nested → SAVEPOINT
  const runBatch = db.transaction((jobs: Job[]) => {
    const outcomes: [ok: boolean, value: unknown][] = [];
    for (const job of jobs) {
      let cause: unknown;
      try {
        outcomes.push([true, runJob(() => {
          try {
            return job.work();
          } catch (error) {
            cause = error;
            throw error;
          }
        })]);
      } catch (error) {
        // On a full disk or an I/O error SQLite rolls the whole transaction back: then no
        // job of this batch is stored, and every one of them must fail with the cause.
        if (!db.inTransaction) throw cause ?? error;
        outcomes.push([false, cause ?? error]);
      }
    }
    return outcomes;
  });

  function flush(retryWhenBusy = true): void {
    scheduled = false;
    retryTimer = undefined;
    const jobs = queue;
    queue = [];
    if (jobs.length === 0) return;
    let outcomes: [boolean, unknown][];
    try {
      outcomes = runBatch.immediate(jobs);
    } catch (error) {
      if (!isBusy(error)) {
        for (const job of jobs) job.reject(error);
        return;
      }
      const at = now();
      busySince ??= at;
      const waiting = jobs.filter((job) => retryWhenBusy && at - job.queuedAt < maxBusyWaitMs);
      for (const job of jobs) if (!waiting.includes(job)) job.reject(new DatabaseBusyError(at - job.queuedAt));
      queue = [...waiting, ...queue];
      if (queue.length > 0) {
        const pause = Math.min(250, 5 * 2 ** busyAttempts++);
        retryTimer = setTimeout(flush, pause);
        scheduled = true;
      }
      return;
    }
    busyAttempts = 0;
    busySince = null;
    jobs.forEach((job, i) => {
      const [ok, value] = outcomes[i]!;
      if (ok) job.resolve(value);
      else job.reject(value);
    });
  }

  return {
    /** Runs `work` inside the next batch transaction; resolves with its result after the commit. */
    run<T>(work: () => T): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        queue.push({ work, resolve: resolve as (v: unknown) => void, reject, queuedAt: now() });
        if (!scheduled) {
          scheduled = true;
          setImmediate(flush);
        }
      });
    },
    /** Commits whatever is queued now, without waiting for a lock (used before closing the database). */
    flush: () => {
      clearTimeout(retryTimer);
      flush(false);
    },
    /** When writes started waiting for another process's lock (epoch ms), or null. */
    busySince: () => busySince,
    maxBusyWaitMs,
  };
}

export type WriteBatcher = ReturnType<typeof createWriteBatcher>;
