import { terminalSafe } from './terminal-safe.ts';
import { sqliteOperatorStore } from './sqlite-store.ts';
import type { OperatorStore } from './store.ts';

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
