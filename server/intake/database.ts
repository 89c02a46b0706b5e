import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';

/**
 * The service's two database files, their schema migrations, and the group-commit write
 * batcher: leads.db (leads, their delivery outbox, used spam-challenge solutions) and
 * vitals.db (field Web Vitals, kept apart so they can never crowd out a lead).
 */

export type Db = Database.Database;

export const dbPath = (dataDir: string): string => path.join(dataDir, 'leads.db');
export const vitalsDbPath = (dataDir: string): string => path.join(dataDir, 'vitals.db');

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
  // 2: each lead's source, notice version and spam flag; the delivery outbox; used
  // proof-of-work solutions. Field vitals moved to vitals.db (older samples are dropped:
  // performance numbers, no personal data).
  `
  ALTER TABLE leads ADD COLUMN origin TEXT;          -- the Origin header verbatim ('null': a sandboxed frame); NULL when absent
  ALTER TABLE leads ADD COLUMN partner TEXT;         -- the ?partner= slug, or NULL
  ALTER TABLE leads ADD COLUMN notice_version TEXT;  -- the X-Notice-Version header (the notice the person was shown), or NULL
  ALTER TABLE leads ADD COLUMN spam_reason TEXT;     -- NULL: a person; else why it was flagged (never notified)

  CREATE TABLE deliveries (
    id              INTEGER PRIMARY KEY,
    lead_id         INTEGER NOT NULL REFERENCES leads (id) ON DELETE CASCADE,
    target          TEXT    NOT NULL,              -- 'webhook <url>' or 'email'
    status          TEXT    NOT NULL CHECK (status IN ('pending', 'delivered', 'dead')),
    attempts        INTEGER NOT NULL DEFAULT 0,
    next_attempt_at INTEGER NOT NULL,              -- epoch ms
    created_at      INTEGER NOT NULL,              -- epoch ms
    delivered_at    INTEGER,                       -- epoch ms of the recorded success
    last_error      TEXT,
    UNIQUE (lead_id, target)
  );
  CREATE INDEX deliveries_due ON deliveries (status, next_attempt_at);

  CREATE TABLE used_solutions (
    signature   TEXT    PRIMARY KEY,               -- of the ALTCHA challenge: each is good for one lead
    expires_at  INTEGER NOT NULL                   -- epoch ms; purged after
  ) WITHOUT ROWID;
  CREATE INDEX used_solutions_expiry ON used_solutions (expires_at);

  DROP TABLE vitals;
  `,
];

/** vitals.db, its own append-only list. */
const VITALS_MIGRATIONS: readonly string[] = [
  // 1: one row per metric of a beacon.
  `
  CREATE TABLE vitals (
    id              INTEGER PRIMARY KEY,
    page            TEXT    NOT NULL,              -- a route of the site, or /404
    name            TEXT    NOT NULL CHECK (name IN ('LCP', 'INP', 'CLS', 'FCP', 'TTFB')),
    value           REAL    NOT NULL,
    rating          TEXT,
    navigation_type TEXT,
    created_at      INTEGER NOT NULL               -- epoch milliseconds (UTC)
  );
  CREATE INDEX vitals_created ON vitals (created_at);
  `,
];

/**
 * Opens (creating if needed) the intake database in `dataDir` and brings its schema
 * up to date. WAL with synchronous=NORMAL: a commit survives a crash of this process
 * (it is in the WAL before the service answers); only an OS crash or power loss may
 * lose the last few transactions.
 */
export function openDatabase(dataDir: string, options: { mustExist?: boolean } = {}): Db {
  return open(dbPath(dataDir), MIGRATIONS, options);
}

/** Opens (creating if needed) vitals.db in `dataDir`, like openDatabase. */
export function openVitalsDatabase(dataDir: string, options: { mustExist?: boolean } = {}): Db {
  return open(vitalsDbPath(dataDir), VITALS_MIGRATIONS, options);
}

function open(file: string, migrations: readonly string[], options: { mustExist?: boolean }): Db {
  if (!options.mustExist) {
    // The leads are personal data: a new data folder and file are readable by the service's user only
    // (SQLite gives the -wal and -shm files the database file's mode).
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    fs.closeSync(fs.openSync(file, 'a', 0o600));
  }
  const db = new Database(file, { fileMustExist: options.mustExist ?? false });
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('busy_timeout = 5000');
  db.pragma('foreign_keys = ON');
  migrate(db, migrations);
  return db;
}

/** Applies every migration newer than the file's user_version, each in its own transaction. */
function migrate(db: Db, migrations: readonly string[]): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  if (current > migrations.length) {
    throw new Error(
      `database schema version ${current} is newer than this code knows (${migrations.length}); refusing to run`,
    );
  }
  for (let version = current + 1; version <= migrations.length; version++) {
    db.transaction(() => {
      db.exec(migrations[version - 1]!);
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

/**
 * Group commit: writes requested during one turn of the event loop are committed together
 * in one transaction (one WAL append instead of one per request), then every caller's
 * promise settles. A caller is only told "done" after the commit, so answering success
 * after `await run(...)` still means the row is in the file. Each job runs in its own
 * savepoint: a job that throws fails alone; the rest of the batch commits.
 */
export function createWriteBatcher(db: Db) {
  interface Job {
    work: () => unknown;
    resolve: (value: unknown) => void;
    reject: (error: unknown) => void;
  }
  let queue: Job[] = [];
  let scheduled = false;

  const runJob = db.transaction((work: () => unknown) => work()); // nested → SAVEPOINT
  const runBatch = db.transaction((jobs: Job[]) => {
    const outcomes: [ok: boolean, value: unknown][] = [];
    for (const job of jobs) {
      try {
        outcomes.push([true, runJob(job.work)]);
      } catch (error) {
        outcomes.push([false, error]);
      }
    }
    return outcomes;
  });

  function flush(): void {
    scheduled = false;
    const jobs = queue;
    queue = [];
    if (jobs.length === 0) return;
    let outcomes: [boolean, unknown][];
    try {
      outcomes = runBatch.immediate(jobs);
    } catch (error) {
      for (const job of jobs) job.reject(error);
      return;
    }
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
        queue.push({ work, resolve: resolve as (v: unknown) => void, reject });
        if (!scheduled) {
          scheduled = true;
          setImmediate(flush);
        }
      });
    },
    /** Commits whatever is queued now (used before closing the database). */
    flush,
  };
}

export type WriteBatcher = ReturnType<typeof createWriteBatcher>;
