import path from 'node:path';
import Database from 'better-sqlite3';
import { ensurePrivateFile, preparePrivateDataDir } from './data-dir.ts';
import { TEAM_MIGRATION, TEAM_WORKLIST_MIGRATION } from '../team/schema-sqlite.ts';
import { CV_MIGRATION_SQLITE } from '../cv/schema-sqlite.ts';
import { freeReference } from '../intake/reference.ts';

/**
 * The service's two database files, their schema migrations, and the group-commit write
 * batcher: leads.db (leads, their delivery outbox, used spam-challenge solutions) and
 * vitals.db (field Web Vitals, kept apart so they can never crowd out a lead).
 */

export type Db = Database.Database;

export const dbPath = (dataDir: string): string => path.join(dataDir, 'leads.db');
export const vitalsDbPath = (dataDir: string): string => path.join(dataDir, 'vitals.db');

/** Field vitals, one row per metric of a beacon: in leads.db until its migration 2, in vitals.db since. */
const VITALS_TABLE = `
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
  `;

/**
 * The database schema, as an append-only list: migration N brings the file to
 * PRAGMA user_version = N. Never edit a shipped entry; add a new one.
 */
export const MIGRATIONS: readonly string[] = [
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

  ${VITALS_TABLE}
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
  // 3: the /health write probe's heartbeat row, and a record of each erasure (when, why,
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
  // 4: Idempotency-Key of each lead POST, with the first answer it got (idempotency.ts).
  `
  CREATE TABLE IF NOT EXISTS idempotency_keys (
    key          TEXT    PRIMARY KEY,
    fingerprint  TEXT    NOT NULL,              -- sha256 of the path and the validated body
    lead_id      INTEGER REFERENCES leads (id) ON DELETE CASCADE,
    status       INTEGER NOT NULL,              -- the first answer, replayed to every repeat
    body         TEXT    NOT NULL,              -- (the service's success message: no personal data)
    created_at   INTEGER NOT NULL               -- epoch ms; purged after IDEMPOTENCY_KEEP_MS
  );
  CREATE INDEX IF NOT EXISTS idempotency_keys_created ON idempotency_keys (created_at);
  `,
  // 5: the visit's campaign and page, sent with the lead outside its body (lead-source.ts).
  `
  ALTER TABLE leads ADD COLUMN utm_source TEXT;
  ALTER TABLE leads ADD COLUMN utm_medium TEXT;
  ALTER TABLE leads ADD COLUMN utm_campaign TEXT;
  ALTER TABLE leads ADD COLUMN ref TEXT;
  ALTER TABLE leads ADD COLUMN page TEXT;          -- the site route the form was on, or NULL (another site, or not sent)
  `,
  // 6: the idempotency keys of erased leads, the key alone (idempotency.ts): a retry of an erased lead's send stores nothing.
  `
  CREATE TABLE IF NOT EXISTS erased_idempotency_keys (
    key         TEXT    PRIMARY KEY,
    created_at  INTEGER NOT NULL               -- when the key was first used (epoch ms); purged with the keys, after IDEMPOTENCY_KEEP_MS
  ) WITHOUT ROWID;
  CREATE INDEX IF NOT EXISTS erased_idempotency_keys_created ON erased_idempotency_keys (created_at);
  `,
  // 7: each lead's reference (SD-XXXX-XXXX, random, unique; ../../contract/lead-reference.ts)
  // and the form's language, and the addresses sent an acknowledgement in the last 24 hours
  // (delivery/acknowledgement.ts): a keyed hash, never the address, going with its lead.
  // Leads stored before get their reference in the background once the service runs (assignMissingReferences).
  `
  ALTER TABLE leads ADD COLUMN reference TEXT;
  ALTER TABLE leads ADD COLUMN language TEXT;      -- the form's language code ('en', 'hi'); NULL before migration 6: English
  CREATE UNIQUE INDEX IF NOT EXISTS leads_reference ON leads (reference);

  CREATE TABLE IF NOT EXISTS acknowledged_addresses (
    address_hash  TEXT    PRIMARY KEY,           -- HMAC-SHA256 of the address, keyed by the service's secret
    lead_id       INTEGER NOT NULL REFERENCES leads (id) ON DELETE CASCADE,
    queued_at     INTEGER NOT NULL               -- epoch ms; the row is deleted 24 hours later
  );
  CREATE INDEX IF NOT EXISTS acknowledged_addresses_lead ON acknowledged_addresses (lead_id);
  CREATE INDEX IF NOT EXISTS acknowledged_addresses_queued ON acknowledged_addresses (queued_at);
  `,
  // 8: a lead a form sent without script, with no proof of work and its honeypot empty
  // (form-post.ts): delivered, and marked so in its webhook and email.
  `
  ALTER TABLE leads ADD COLUMN without_proof INTEGER NOT NULL DEFAULT 0;  -- 1: came without proof of work
  `,
  // 9: the team's side (server/team/, SQL in server/team/*-sqlite.ts).
  TEAM_MIGRATION,
  // 10: the CVs applicants attach, the bytes in the file (cv/cv-store.ts).
  CV_MIGRATION_SQLITE,
  // 11: how many acknowledgements each client network caused in its hour, and the service sent in its day
  // (delivery/acknowledgement.ts): a keyed hash of the network, never the address.
  `
  CREATE TABLE IF NOT EXISTS acknowledgement_counts (
    key             TEXT    PRIMARY KEY,           -- 'network <HMAC of the client network>' or 'service'
    sent            INTEGER NOT NULL,
    window_ends_at  INTEGER NOT NULL               -- epoch ms; the row is deleted after
  ) WITHOUT ROWID;
  `,
  // 12: members' names and languages, and when each lead is late (server/team/schema-sqlite.ts).
  TEAM_WORKLIST_MIGRATION,
];


/** vitals.db, its own append-only list. */
export const VITALS_MIGRATIONS: readonly string[] = [
  // 1: one row per metric of a beacon.
  VITALS_TABLE,
  // 2: the funnel's daily counters (funnel.ts): one row per day and key and event, its count; '' stands for "none" in a key column.
  `
  CREATE TABLE IF NOT EXISTS funnel_counts (
    day       TEXT    NOT NULL,              -- YYYY-MM-DD, UTC
    page      TEXT    NOT NULL,              -- a route of the site; '' for a lead sent from another site
    source    TEXT    NOT NULL,              -- utm_source, else ref; '' when neither
    medium    TEXT    NOT NULL,              -- utm_medium or ''
    campaign  TEXT    NOT NULL,              -- utm_campaign or ''
    partner   TEXT    NOT NULL,              -- the partner id or ''
    event     TEXT    NOT NULL CHECK (event IN ('view', 'start', 'send', 'lead')),
    count     INTEGER NOT NULL CHECK (count > 0),
    PRIMARY KEY (day, page, source, medium, campaign, partner, event)
  ) WITHOUT ROWID;
`,
  // 3: how many keys each day of funnel_counts holds, so a new key takes its place past no COUNT(*) (funnel.ts, MAX_KEYS_PER_DAY).
  `
  CREATE TABLE IF NOT EXISTS funnel_day_keys (
    day        TEXT    PRIMARY KEY,           -- YYYY-MM-DD, UTC
    key_count  INTEGER NOT NULL               -- rows of funnel_counts on that day
  ) WITHOUT ROWID;
  INSERT OR IGNORE INTO funnel_day_keys (day, key_count) SELECT day, COUNT(*) FROM funnel_counts GROUP BY day;
  `,
];

/** Each database file of DATA_DIR: where it is and its migrations (the schema version is their number). */
const FILES = {
  leads: { path: dbPath, migrations: MIGRATIONS },
  vitals: { path: vitalsDbPath, migrations: VITALS_MIGRATIONS },
} as const;
export type DbFile = keyof typeof FILES;

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
function assertSchema(db: Db, file: string, migrations: readonly string[]): void {
  const expected = migrations.length;
  const version = db.pragma('user_version', { simple: true }) as number;
  if (version === expected) return;
  db.close();
  throw new DatabaseOpenError(
    version < expected
      ? `${file}: schema version ${version} is older than this tool reads (${expected}). Start the service once (npm run serve) to upgrade it; the operator commands never migrate it.`
      : `${file}: schema version ${version} is newer than this tool knows (${expected}). Update this checkout to the release that wrote it.`,
  );
}

/**
 * Opens an existing database for reading only, as the report CLIs do: it never creates,
 * writes or migrates the file, and refuses a schema version other than this code's.
 */
export function openReadOnly(dataDir: string, which: DbFile = 'leads'): Db {
  const file = FILES[which].path(dataDir);
  const db = openFile(file, { readonly: true, fileMustExist: true });
  assertSchema(db, file, FILES[which].migrations);
  return db;
}

/**
 * Opens an existing database to change it from an operator's command (erase a person,
 * purge): never creates or migrates it; foreign keys enforced; deleted bytes overwritten;
 * waits up to 10 s for the running service's write lock (this is not the event loop).
 */
export function openForMaintenance(dataDir: string, which: DbFile = 'leads'): Db {
  const file = FILES[which].path(dataDir);
  const db = openFile(file, { fileMustExist: true });
  assertSchema(db, file, FILES[which].migrations);
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
  return open(dataDir, 'leads', options);
}

/** Opens (creating if needed) vitals.db in `dataDir`, like openDatabase. */
export function openVitalsDatabase(dataDir: string, options: { mustExist?: boolean } = {}): Db {
  return open(dataDir, 'vitals', options);
}

function open(dataDir: string, which: DbFile, options: { mustExist?: boolean }): Db {
  const file = FILES[which].path(dataDir);
  // The leads are personal data: the folder and every file in it are the service user's alone.
  if (!options.mustExist) {
    preparePrivateDataDir(dataDir);
    ensurePrivateFile(file);
  }
  const db = openFile(file, { fileMustExist: options.mustExist ?? false });
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  // A deleted row's bytes are overwritten, not left in free pages (erasure, retention purge).
  db.pragma('secure_delete = ON');
  // Before listening, waiting for another process's lock is fine; after, a wait would
  // block the event loop (every page, /health), so the service connection never waits
  // inside SQLite: the write batcher retries on its own timers instead.
  db.pragma('busy_timeout = 5000');
  migrate(db, file, FILES[which].migrations);
  db.pragma('busy_timeout = 0');
  return db;
}

/**
 * Gives up to `limit` leads stored before migration 7 their reference; answers how many it
 * gave (0: none is missing one). The service runs it in batches after it starts listening
 * (../delivery/reference-backfill.ts), so a large store of an older release starts at once.
 */
export function assignMissingReferences(db: Db, limit: number): number {
  const missing = db.prepare<[number]>('SELECT id FROM leads WHERE reference IS NULL LIMIT ?').pluck().all(limit) as number[];
  const taken = db.prepare<[string]>('SELECT 1 FROM leads WHERE reference = ?').pluck();
  const assign = db.prepare<[string, number]>('UPDATE leads SET reference = ? WHERE id = ? AND reference IS NULL');
  let assigned = 0;
  for (const id of missing) assigned += assign.run(freeReference((reference) => taken.get(reference) !== undefined), id).changes;
  return assigned;
}

/** Applies every migration newer than the file's user_version, each in its own transaction. */
function migrate(db: Db, file: string, migrations: readonly string[]): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  if (current > migrations.length) {
    throw new DatabaseOpenError(
      `${file}: schema version ${current} is newer than this code knows (${migrations.length}); refusing to run`,
    );
  }
  for (let version = current + 1; version <= migrations.length; version++) {
    db.transaction(() => {
      db.exec(migrations[version - 1]!);
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

/** A write waiting for the next batch, with the caller's promise to settle after the commit. */
interface Job {
  work: () => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
  queuedAt: number;
}

type Outcome = [ok: boolean, value: unknown];

/**
 * One transaction for a batch of jobs, each in its own savepoint: a job that throws is
 * rolled back alone and its error kept as its outcome; the others' results are kept too.
 */
function batchTransaction(db: Db) {
  const runJob = db.transaction((work: () => unknown) => work()); // nested → SAVEPOINT
  return db.transaction((jobs: Job[]) => {
    const outcomes: Outcome[] = [];
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
}

/** Settles each job's promise with its outcome in the committed batch. */
function settle(jobs: Job[], outcomes: Outcome[]): void {
  jobs.forEach((job, i) => {
    const [ok, value] = outcomes[i]!;
    if (ok) job.resolve(value);
    else job.reject(value);
  });
}

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
  let queue: Job[] = [];
  let scheduled = false;
  let retryTimer: NodeJS.Timeout | undefined;
  let busyAttempts = 0;
  let busySince: number | null = null;
  const runBatch = batchTransaction(db);

  /**
   * Another process holds the write lock: the jobs that have waited `maxBusyWaitMs` (every
   * one, without `retryWhenBusy`) fail with DatabaseBusyError; the rest go back to the front
   * of the queue, tried again after a pause that grows with each busy attempt.
   */
  function retryWhenUnlocked(jobs: Job[], retryWhenBusy: boolean): void {
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
  }

  function flush(retryWhenBusy = true): void {
    scheduled = false;
    retryTimer = undefined;
    const jobs = queue;
    queue = [];
    if (jobs.length === 0) return;
    let outcomes: Outcome[];
    try {
      outcomes = runBatch.immediate(jobs);
    } catch (error) {
      if (isBusy(error)) retryWhenUnlocked(jobs, retryWhenBusy);
      else for (const job of jobs) job.reject(error);
      return;
    }
    busyAttempts = 0;
    busySince = null;
    settle(jobs, outcomes);
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
