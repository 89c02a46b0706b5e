import type { FastifyBaseLogger } from 'fastify';
import type { ServerConfig } from '../config.ts';
import { personEmailPolicy, targetsFromConfig } from '../delivery/targets.ts';
import type { IntakeStore } from './store.ts';
import { createPool, describeUrl, migrate } from './postgres.ts';
import { createPostgresWriteProbe } from '../ops/health-postgres.ts';
import { assignMissingReferences, createPostgresLeads, postgresHmacKey } from '../intake/leads-postgres.ts';
import { createPostgresFunnel } from '../funnel/funnel-postgres.ts';
import { createPostgresOutbox } from '../delivery/outbox-postgres.ts';
import { startPostgresRetentionPurge } from '../intake/personal-data-postgres.ts';
import { forgetEndedWindows, postgresRateLimitStore } from '../http/rate-limit-postgres.ts';
import { createPostgresVitals } from '../vitals/vitals-postgres.ts';
import { createPostgresTeamStore } from '../team/store-postgres.ts';
import { createPostgresCvStore } from '../cv/cv-store-postgres.ts';
import { postgresMonitorReads } from '../ops/monitor-reads.ts';

/**
 * The store when DATABASE_URL is set: one PostgreSQL database for every instance of the
 * service. The schema is brought up to date before the instance serves anything.
 */
export async function createPostgresStore(config: ServerConfig & { databaseUrl: string }, log: FastifyBaseLogger): Promise<IntakeStore> {
  const pool = createPool(config.databaseUrl, { max: config.databasePoolSize });
  try {
    await migrate(pool);
  } catch (error) {
    await pool.end();
    throw new Error(`${describeUrl(config.databaseUrl)}: ${(error as Error).message}`, { cause: error });
  }
  const secret = await postgresHmacKey(pool, config.altchaHmacKey);
  const leads = createPostgresLeads(pool, targetsFromConfig(config).map((t) => t.key), { people: personEmailPolicy(config, secret) });
  const vitals = createPostgresVitals(pool, { dailyCap: config.vitalsDailyCap, retentionDays: config.vitalsRetentionDays }, log);

  return {
    description: describeUrl(config.databaseUrl),
    leads: {
      ...leads,
      forgetExpiredSolutions: async () => {
        await forgetEndedWindows(pool);
        return leads.forgetExpiredSolutions();
      },
    },
    cvs: createPostgresCvStore(pool, config.cvStorageMaxBytes),
    outbox: createPostgresOutbox(pool, config.deliveryLeaseMs),
    vitals,
    funnel: createPostgresFunnel(pool, { retentionDays: config.vitalsRetentionDays }, log),
    team: createPostgresTeamStore(pool),
    monitor: postgresMonitorReads(pool),
    checkWritable: createPostgresWriteProbe(pool),
    hmacKey: (configured) => postgresHmacKey(pool, configured),
    assignMissingReferences: (limit) => assignMissingReferences(pool, limit),
    rateLimitStore: postgresRateLimitStore(pool),
    startRetentionPurge: (retentionDays, purgeLog) => startPostgresRetentionPurge(pool, retentionDays, purgeLog),
    close: () => pool.end(),
  };
}
