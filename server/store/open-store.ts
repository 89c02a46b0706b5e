import type { FastifyBaseLogger } from 'fastify';
import type { ServerConfig } from '../config.ts';
import type { IntakeStore } from './store.ts';

/** The store the configuration names: PostgreSQL when DATABASE_URL is set, else SQLite in DATA_DIR. */
export async function openIntakeStore(config: ServerConfig, log: FastifyBaseLogger): Promise<IntakeStore> {
  if (config.databaseUrl) {
    const { createPostgresStore } = await import('./store-postgres.ts');
    return createPostgresStore({ ...config, databaseUrl: config.databaseUrl }, log);
  }
  const { createSqliteStore } = await import('./store-sqlite.ts');
  return createSqliteStore(config, log);
}
