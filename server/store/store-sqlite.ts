import type { FastifyBaseLogger } from 'fastify';
import type { ServerConfig } from '../config.ts';
import { assignMissingReferences, createWriteBatcher, openDatabase, openVitalsDatabase } from './sqlite.ts';
import { createLeadEventReader } from '../delivery/lead-event.ts';
import { createOutbox } from '../delivery/outbox.ts';
import { createFunnelStore } from '../funnel/funnel.ts';
import { personEmailPolicy, targetsFromConfig } from '../delivery/targets.ts';
import { createWriteProbe } from '../ops/health.ts';
import { createLeadStore } from '../intake/leads.ts';
import { startRetentionPurge } from '../intake/personal-data.ts';
import { loadHmacKey } from '../intake/spam-challenge.ts';
import type { IntakeStore } from './store.ts';
import { createVitalsStore } from '../vitals/vitals.ts';
import { createSqliteCvStore } from '../cv/cv-store.ts';
import { createSqliteTeamStore } from '../team/store.ts';
import { sqliteMonitorReads } from '../ops/monitor-reads.ts';

/**
 * The default store: leads.db (leads, the outbox, used solutions) and vitals.db (vitals, funnel counts) in DATA_DIR,
 * for one service process. Every write goes through that file's group-commit batcher.
 */
export function createSqliteStore(config: ServerConfig, log: FastifyBaseLogger): IntakeStore {
  const db = openDatabase(config.dataDir);
  const batcher = createWriteBatcher(db, { maxBusyWaitMs: config.dbBusyTimeoutMs });
  const vitalsDb = openVitalsDatabase(config.dataDir);
  const vitalsBatcher = createWriteBatcher(vitalsDb, { maxBusyWaitMs: config.dbBusyTimeoutMs });
  const outbox = createOutbox(db);
  const hmacKey = loadHmacKey(config.dataDir, config.altchaHmacKey);
  const leads = createLeadStore(db, batcher, { outbox, targets: targetsFromConfig(config).map((t) => t.key), people: personEmailPolicy(config, hmacKey) });
  const readLead = createLeadEventReader(db);
  const vitals = createVitalsStore(vitalsDb, vitalsBatcher, { dailyCap: config.vitalsDailyCap, retentionDays: config.vitalsRetentionDays }, log);
  const funnel = createFunnelStore(vitalsDb, vitalsBatcher, { retentionDays: config.vitalsRetentionDays }, log);

  return {
    description: `SQLite in ${config.dataDir}`,
    leads: {
      save: leads.save,
      readEvent: async (leadId) => readLead(leadId),
      keptAnswer: async (key) => leads.keptAnswer(key),
      forgetExpiredSolutions: leads.forgetExpiredSolutions,
      forgetExpiredKeys: leads.forgetExpiredKeys,
      queueOutcomeEmail: leads.queueOutcomeEmail,
      queueAcknowledgement: leads.queueAcknowledgement,
      forgetAcknowledgedAddresses: leads.forgetAcknowledgedAddresses,
    },
    cvs: createSqliteCvStore(db, batcher, config.cvStorageMaxBytes),
    // One process: the worker's own bookkeeping keeps a delivery from being sent twice at once.
    outbox: {
      claimDue: async (at, limit) => outbox.due(at, limit),
      nextDueAt: async () => outbox.nextDueAt(),
      recordSuccess: (id, at) => batcher.run(() => outbox.recordSuccess(id, at)),
      recordFailure: (delivery, error, at, baseMs) => batcher.run(() => outbox.recordFailure(delivery, error, at, baseMs)),
    },
    vitals,
    funnel,
    team: createSqliteTeamStore(db, batcher),
    monitor: sqliteMonitorReads(db),
    checkWritable: createWriteProbe(db, batcher),
    hmacKey: async (configured) => loadHmacKey(config.dataDir, configured),
    assignMissingReferences: (limit) => batcher.run(() => assignMissingReferences(db, limit)),
    startRetentionPurge: (retentionDays, purgeLog) => startRetentionPurge(db, batcher, retentionDays, purgeLog),
    async close() {
      batcher.flush();
      vitalsBatcher.flush();
      db.close();
      vitalsDb.close();
    },
  };
}
