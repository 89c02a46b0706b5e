import pg from 'pg';
import { MIGRATIONS } from './migrations-postgres.ts';

/**
 * The connection pool to the DATABASE_URL, and the schema: migrations are applied at
 * start under an advisory lock, so instances starting together apply each one once.
 */

export type Pool = pg.Pool;

// bigint (epoch ms, ids) as a number: every value this schema holds is far below 2^53.
const INT8: number = pg.types.builtins.INT8;
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
    const parse = pg.types.getTypeParser(oid, format) as (value: string) => unknown; // pg-types declares it `any`
    return oid === INT8 ? Number : parse;
  }) as typeof pg.types.getTypeParser,
};

/** A random but fixed number: the advisory lock every instance takes to migrate. */
const MIGRATION_LOCK = 7_306_221_021;

/** A database that can't be reached, or whose schema this code doesn't know. */
export class PostgresOpenError extends Error {}

/** The URL without its password, for messages and logs. */
export function describeUrl(url: string): string {
  try {
    const u = new URL(url);
    return `PostgreSQL ${u.username ? `${decodeURIComponent(u.username)}@` : ''}${u.host || 'localhost'}${u.pathname}`;
  } catch {
    return 'PostgreSQL (DATABASE_URL)';
  }
}

export function createPool(url: string, options: { max?: number; application?: string } = {}): Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    application_name: options.application ?? 'intake',
    types,
  });
  // An idle connection the server dropped (restart, network): the pool replaces it; nothing to crash over.
  pool.on('error', () => {});
  return pool;
}

/** The schema version recorded in the database: 0 when it has none yet. */
export async function schemaVersion(pool: Pool): Promise<number> {
  // Two statements: one naming schema_migrations fails to plan where the table does not exist, whatever guards it.
  const { rows: table } = await pool.query<{ name: string | null }>("SELECT to_regclass('schema_migrations')::text AS name");
  if (!table[0]?.name) return 0;
  const { rows } = await pool.query<{ version: number | null }>('SELECT max(version) AS version FROM schema_migrations');
  return rows[0]?.version ?? 0;
}

/** Applies every migration newer than the database's version, each in its own transaction, one instance at a time. */
export async function migrate(pool: Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await client.query('CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
      const { rows } = await client.query<{ version: number | null }>('SELECT max(version) AS version FROM schema_migrations');
      const current = rows[0]?.version ?? 0;
      if (current > MIGRATIONS.length) {
        throw new PostgresOpenError(`the database's schema version ${current} is newer than this code knows (${MIGRATIONS.length}); refusing to run`);
      }
      for (let version = current + 1; version <= MIGRATIONS.length; version++) {
        await client.query('BEGIN');
        try {
          await client.query(MIGRATIONS[version - 1]!);
          await client.query('INSERT INTO schema_migrations (version) VALUES ($1)', [version]);
          await client.query('COMMIT');
        } catch (error) {
          await client.query('ROLLBACK');
          throw error;
        }
      }
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } finally {
    client.release();
  }
}

/** Refuses a schema other than this code's (the operator commands never migrate). Resolves false when there is no schema yet. */
export async function assertSchema(pool: Pool): Promise<boolean> {
  const version = await schemaVersion(pool);
  if (version === 0) return false;
  if (version === MIGRATIONS.length) return true;
  throw new PostgresOpenError(
    version < MIGRATIONS.length
      ? `the database's schema version ${version} is older than this tool reads (${MIGRATIONS.length}). Start the service once (npm run serve) to upgrade it; the operator commands never migrate it.`
      : `the database's schema version ${version} is newer than this tool knows (${MIGRATIONS.length}). Update this checkout to the release that wrote it.`,
  );
}

/** Runs `work` in one transaction on one connection. */
export async function transaction<T>(pool: Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}
