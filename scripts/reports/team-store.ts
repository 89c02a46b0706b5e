/**
 * The team's store for `npm run team`: the SQLite file of a data folder on a maintenance
 * connection (never created or migrated here), or PostgreSQL when DATABASE_URL is set.
 * Undefined when there is no database yet.
 */
import fs from 'node:fs';
import { createWriteBatcher, DatabaseOpenError, dbPath, openForMaintenance } from '../../server/store/sqlite.ts';
import { createSqliteTeamStore, type TeamStore } from '../../server/team/store.ts';
import { terminalSafe } from './terminal-safe.ts';

export interface OperatorTeamStore {
  team: TeamStore;
  close(): Promise<void>;
}

function stop(message: string): never {
  process.stderr.write(`${terminalSafe(message)}\n`);
  process.exit(1);
}

export async function openOperatorTeamStore(dataDir: string, databaseUrl = process.env.DATABASE_URL?.trim()): Promise<OperatorTeamStore | undefined> {
  if (databaseUrl) {
    const { assertSchema, createPool, describeUrl } = await import('../../server/store/postgres.ts');
    const { createPostgresTeamStore } = await import('../../server/team/store-postgres.ts');
    const pool = createPool(databaseUrl, { max: 2, application: 'intake-team' });
    try {
      if (!(await assertSchema(pool))) {
        await pool.end();
        return undefined;
      }
    } catch (error) {
      await pool.end();
      stop(`${describeUrl(databaseUrl)}: ${(error as Error).message}`);
    }
    return { team: createPostgresTeamStore(pool), close: () => pool.end() };
  }
  if (!fs.existsSync(dbPath(dataDir))) return undefined;
  let db;
  try {
    db = openForMaintenance(dataDir);
  } catch (error) {
    if (error instanceof DatabaseOpenError) stop(error.message);
    throw error;
  }
  const batcher = createWriteBatcher(db);
  return {
    team: createSqliteTeamStore(db, batcher),
    close: async () => {
      batcher.flush();
      db.close();
    },
  };
}
