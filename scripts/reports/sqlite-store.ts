/**
 * The operator commands' store on the SQLite files of a data folder: read-only connections,
 * or a maintenance one that never migrates.
 */
import { createOutbox } from '../../server/delivery/outbox.ts';
import { type Db, dbPath, vitalsDbPath } from '../../server/store/sqlite.ts';
import { checkpointAndTruncate, eraseLeads, type ErasureReason, expiredLeadIds, findLeadIds, personRecord } from '../../server/intake/personal-data.ts';
import { funnelBy, funnelTotal } from '../../server/funnel/funnel.ts';
import { changeDatabase, readDatabase } from './cli.ts';
import { listLeads } from './leads-report.ts';
import { sqliteAuditWriter } from '../../server/team/audit.ts';
import type { Erasure, OperatorStore, VitalsSample } from './store.ts';

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

export function sqliteOperatorStore(dataDir: string): OperatorStore {
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
    audit: async (entry) => changeDatabase(dataDir, (db) => sqliteAuditWriter(db)(entry)),
    close: async () => {},
  };
}
