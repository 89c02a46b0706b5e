/**
 * Issue 41, item 7: start-up does no work per lead. A store of a release from before lead
 * references (SQLite schema 6, PostgreSQL schema 5) full of leads without one opens without
 * touching them: they get their references in batches once the service listens, while it
 * answers. On SQLite and PostgreSQL alike.
 */
import Database from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { REFERENCE_PATTERN } from '../../contract/lead-reference.ts';
import { buildApp } from '../../server/app.ts';
import { loadServerConfig } from '../../server/config.ts';
import { dbPath, MIGRATIONS } from '../../server/store/sqlite.ts';
import { createPool } from '../../server/store/postgres.ts';
import { MIGRATIONS as POSTGRES_MIGRATIONS } from '../../server/store/migrations-postgres.ts';
import { freshDatabase } from '../helpers/postgres.ts';
import { tempDir } from '../helpers/server.ts';

const LEADS = 20_000;
const NOW = Date.now();
const fields = (i: number) => JSON.stringify({ name: `Resident ${i}`, email: `r${i}@example.in`, phone: '9876543210', societyName: 'Green Park', city: 'Pune' });

async function startApp(env: Record<string, string>): Promise<FastifyInstance> {
  return buildApp({ ...loadServerConfig({ LOG_LEVEL: 'silent', ...env }), host: '127.0.0.1', port: 0, distDir: tempDir('intake-dist-') });
}

async function servesWhileItWorks(app: FastifyInstance, missing: () => Promise<number>, references: () => Promise<string[]>) {
  await app.listen({ host: '127.0.0.1', port: 0 });
  try {
    expect((await app.inject('/health')).statusCode).toBe(200);
    await expect.poll(missing, { timeout: 60_000 }).toBe(0);
    const all = await references();
    expect(all).toHaveLength(LEADS);
    expect(new Set(all).size).toBe(LEADS);
    expect(all.every((r) => REFERENCE_PATTERN.test(r))).toBe(true);
  } finally {
    await app.close();
  }
}

describe('a store of an older release, full of leads without a reference', () => {
  it('SQLite: opening it touches no lead; they get their references once the service runs', async () => {
    const dataDir = tempDir();
    const old = new Database(dbPath(dataDir));
    old.exec(MIGRATIONS.slice(0, 6).join(';\n'));
    old.pragma('user_version = 6');
    const insert = old.prepare("INSERT INTO leads (kind, created_at, dedupe_key, fields) VALUES ('society', ?, ?, ?)");
    old.transaction(() => {
      for (let i = 0; i < LEADS; i++) insert.run(NOW, `key-${i}`, fields(i));
    })();
    old.close();

    const read = <T>(sql: string) => {
      const db = new Database(dbPath(dataDir), { readonly: true });
      try {
        return db.prepare(sql).pluck().all() as T[];
      } finally {
        db.close();
      }
    };
    const missing = async () => read<number>('SELECT COUNT(*) FROM leads WHERE reference IS NULL')[0]!;
    const app = await startApp({ DATA_DIR: dataDir });
    expect(await missing()).toBe(LEADS); // migrated to this release's schema, and not one lead touched
    await servesWhileItWorks(app, missing, async () => read<string>('SELECT reference FROM leads'));
  }, 120_000);

  it('PostgreSQL: the same', async () => {
    const url = await freshDatabase();
    const pool = createPool(url);
    try {
      await pool.query('CREATE TABLE schema_migrations (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
      for (let version = 1; version <= 5; version++) {
        await pool.query(POSTGRES_MIGRATIONS[version - 1]!);
        await pool.query('INSERT INTO schema_migrations (version) VALUES ($1)', [version]);
      }
      await pool.query(
        "INSERT INTO leads (kind, created_at, dedupe_key, fields) SELECT 'society', $1, 'key-' || i, $2::json FROM generate_series(1, $3) AS i",
        [NOW, fields(0), LEADS],
      );
      const missing = async () => Number((await pool.query('SELECT count(*) AS n FROM leads WHERE reference IS NULL')).rows[0].n);
      const app = await startApp({ DATABASE_URL: url });
      expect(await missing()).toBe(LEADS);
      await servesWhileItWorks(app, missing, async () => (await pool.query<{ reference: string }>('SELECT reference FROM leads')).rows.map((r) => r.reference));
    } finally {
      await pool.end();
    }
  }, 120_000);
});
