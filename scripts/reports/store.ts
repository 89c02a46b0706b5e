/**
 * What the operator commands (`npm run leads`, `npm run vitals`) read and change, on either
 * store: the SQLite files of a data folder (read-only connections, or a maintenance one
 * that never migrates), or PostgreSQL when DATABASE_URL is set. Every method resolves to
 * undefined when there is no database yet (nothing has been submitted).
 */
import type { DeliveryRow, DeliveryStatus } from '../../server/intake/delivery/outbox.ts';
import { createOutbox } from '../../server/intake/delivery/outbox.ts';
import { type Db, dbPath, vitalsDbPath } from '../../server/intake/database.ts';
import {
  checkpointAndTruncate,
  eraseLeads,
  type ErasureReason,
  type ErasureResult,
  expiredLeadIds,
  findLeadIds,
  type PersonKey,
  personRecord,
} from '../../server/intake/personal-data.ts';
import { changeDatabase, readDatabase } from './cli.ts';
import { type FunnelCounts, type FunnelDimension, type FunnelPeriod, type FunnelRates, type FunnelRow, funnelBy, funnelTotal } from '../../server/intake/funnel.ts';
import { terminalSafe } from './terminal-safe.ts';
import { type LeadFilter, listLeads, type StoredLead } from './leads-report.ts';

export type RedeliverResult = { ok: true } | { ok: false; reason: 'unknown' | 'delivered'; deliveredAt?: number };

/** An erasure, and whether no old copy of the erased rows is left in the database's own files. */
export interface Erasure extends ErasureResult {
  /** False: the rows are deleted, but old copies may remain until later; `cleanupWarning` says where and what to do. */
  cleaned: boolean;
  cleanupWarning?: string;
}

export interface VitalsSample {
  page: string;
  navigation_type: string | null;
  name: string;
  value: number;
}

export interface OperatorStore {
  /** Said when there is no database yet. */
  readonly missing: string;
  listLeads(filter: LeadFilter): Promise<StoredLead[] | undefined>;
  deliveries(): Promise<{ rows: DeliveryRow[]; counts: Record<DeliveryStatus, number> } | undefined>;
  redeliver(id: number): Promise<RedeliverResult | undefined>;
  person(key: PersonKey): Promise<Record<string, unknown[]> | undefined>;
  /** Erases these leads and every row that refers to them, records the erasure, then cleans old copies out of the files. */
  erase(key: PersonKey): Promise<Erasure | undefined>;
  purge(retentionDays: number): Promise<Erasure | undefined>;
  vitalsSamples(since: number, until: number): Promise<VitalsSample[] | undefined>;
  /** Said when nothing has been counted yet (no vitals.db, or no schema). */
  readonly noFunnel: string;
  /** The period's funnel per `by`, and its totals. */
  funnel(by: FunnelDimension, period: FunnelPeriod): Promise<{ rows: FunnelRow[]; total: FunnelCounts & FunnelRates } | undefined>;
  close(): Promise<void>;
}

/** PostgreSQL when DATABASE_URL is set (the data folder is then not used), else the SQLite files of `dataDir`. */
export async function openOperatorStore(dataDir: string, databaseUrl = process.env.DATABASE_URL?.trim()): Promise<OperatorStore> {
  if (databaseUrl) {
    const { createPostgresOperatorStore } = await import('./postgres-store.ts');
    try {
      return await createPostgresOperatorStore(databaseUrl);
    } catch (error) {
      process.stderr.write(`${terminalSafe((error as Error).message)}\n`);
      process.exit(1);
    }
  }
  return sqliteOperatorStore(dataDir);
}

/** Blocks this command (not a server) for `ms`. */
const pause = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * Deletes the leads and what refers to them in one transaction (secure_delete on), then
 * truncates the WAL so no old copy of a page survives in leads.db-wal; a reader of the
 * running service can delay that, so it is retried for up to 10 s.
 */
function eraseInSqlite(db: Db, ids: number[], reason: ErasureReason): Erasure {
  const result = db.transaction(() => eraseLeads(db, ids, reason, Date.now())).immediate();
  let walTruncated = false;
  for (let attempt = 0; attempt < 50 && !walTruncated; attempt++) {
    walTruncated = checkpointAndTruncate(db);
    if (!walTruncated) pause(200);
  }
  return {
    ...result,
    cleaned: walTruncated,
    cleanupWarning: walTruncated
      ? undefined
      : 'the rows are deleted, but leads.db-wal could not be truncated (a reader held it): old copies may remain in that file until the next checkpoint. Run the command again.',
  };
}

function sqliteOperatorStore(dataDir: string): OperatorStore {
  return {
    missing: `no database at ${dbPath(dataDir)} yet: nothing has been submitted`,
    listLeads: async (filter) => readDatabase(dataDir, (db) => listLeads(db, filter)),
    deliveries: async () =>
      readDatabase(dataDir, (db) => {
        const outbox = createOutbox(db);
        return { rows: outbox.list(), counts: outbox.counts() };
      }),
    redeliver: async (id) => changeDatabase(dataDir, (db) => createOutbox(db).redeliver(id, Date.now())),
    person: async (key) => readDatabase(dataDir, (db) => personRecord(db, key)),
    erase: async (key) => changeDatabase(dataDir, (db) => eraseInSqlite(db, findLeadIds(db, key), 'request')),
    purge: async (retentionDays) => changeDatabase(dataDir, (db) => eraseInSqlite(db, expiredLeadIds(db, retentionDays, Date.now()), 'retention')),
    vitalsSamples: async (since, until) =>
      readDatabase(
        dataDir,
        (db) => db.prepare('SELECT page, navigation_type, name, value FROM vitals WHERE created_at >= ? AND created_at < ?').all(since, until) as VitalsSample[],
        'vitals',
      ),
    noFunnel: `no database at ${vitalsDbPath(dataDir)} yet: nothing has been counted`,
    funnel: async (by, period) => readDatabase(dataDir, (db) => ({ rows: funnelBy(db, by, period), total: funnelTotal(db, period) }), 'vitals'),
    close: async () => {},
  };
}
