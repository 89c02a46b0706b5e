/**
 * Issue 41, item 9: this release opens a store made by the previous one. The store is built
 * with 1.0.0's own migrations (test/ops/fixtures/release-1.0.0.json, taken from commit
 * 9c6b87e by scripts/release-fixture.ts), holds what 1.0.0 wrote, and this code's service
 * starts on it: migrated to today's schema, every lead there, its outbox read as before.
 */
import fs from 'node:fs';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { dbPath, MIGRATIONS, vitalsDbPath, VITALS_MIGRATIONS } from '../../server/store/sqlite.ts';
import { createPool, schemaVersion } from '../../server/store/postgres.ts';
import { MIGRATIONS as POSTGRES_MIGRATIONS } from '../../server/store/migrations-postgres.ts';
import { freshDatabase } from '../helpers/postgres.ts';
import { ROOT, startServer, tempDir } from '../helpers/server.ts';

const previous = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, 'fixtures', 'release-1.0.0.json'), 'utf8')) as {
  version: string;
  commit: string;
  migrations: { 'leads.db': string[]; 'vitals.db': string[]; PostgreSQL: string[] };
};
const NOW = Date.now();
const LEADS = [
  { kind: 'society', reference: 'SD-4K7Q-2M9X', fields: { name: 'Asha Rao', email: 'asha@example.in', phone: '+91 98765 43210', societyName: 'Green Park', city: 'Pune' } },
  { kind: 'career', reference: 'SD-7HMC-QX3T', fields: { name: 'Ravi Kumar', email: 'ravi@example.in', phone: '9876543210', college: 'COEP' } },
];

const leadsListed = async (env: Record<string, string>) =>
  (JSON.parse((await promisify(execFile)(process.execPath, ['scripts/run.mjs', 'scripts/leads.ts', '--format', 'json'], { cwd: ROOT, env: { ...process.env, DATABASE_URL: '', ...env } })).stdout) as Record<string, string>[]).map(
    (l) => [l.reference, l.kind, l.email],
  );

async function startsAndReads(env: Record<string, string>) {
  const server = await startServer({ env });
  try {
    expect((await fetch(`${server.url}/health`)).status).toBe(200);
    // The outbox 1.0.0 wrote, read by this release's readiness: the dead delivery is named.
    const ready = await fetch(`${server.url}/health/ready`);
    expect(ready.status).toBe(503);
    expect(((await ready.json()) as { reasons: string[] }).reasons).toEqual(['1 delivery to webhook is dead: its retries ran out (npm run leads -- --deliveries, then --redeliver ID)']);
  } finally {
    await server.stop();
  }
  expect(await leadsListed(env)).toEqual(expect.arrayContaining(LEADS.map((l) => [l.reference, l.kind, l.fields.email])));
}

describe(`a store made by ${previous.version} (${previous.commit.slice(0, 7)})`, () => {
  it('the fixture is that release\'s migrations: as many as it shipped', () => {
    expect(previous.migrations['leads.db']).toHaveLength(10);
    expect(previous.migrations['vitals.db']).toHaveLength(3);
    expect(previous.migrations.PostgreSQL).toHaveLength(9);
  });

  it('SQLite: starts, migrated to this release, every lead and delivery there', async () => {
    const dataDir = tempDir();
    fs.chmodSync(dataDir, 0o700);
    for (const [file, migrations] of [[dbPath(dataDir), previous.migrations['leads.db']], [vitalsDbPath(dataDir), previous.migrations['vitals.db']]] as const) {
      const db = new Database(file);
      migrations.forEach((sql, i) => db.transaction(() => {
        db.exec(sql);
        db.pragma(`user_version = ${i + 1}`);
      })());
      db.close();
    }
    const db = new Database(dbPath(dataDir));
    const insert = db.prepare('INSERT INTO leads (kind, created_at, dedupe_key, fields, reference, language) VALUES (?, ?, ?, ?, ?, ?)');
    const ids = LEADS.map((l, i) => Number(insert.run(l.kind, NOW - i * 60_000, `key-${i}`, JSON.stringify(l.fields), l.reference, 'en').lastInsertRowid));
    db.prepare("INSERT INTO deliveries (lead_id, target, status, attempts, next_attempt_at, created_at) VALUES (?, 'webhook https://crm.example/hook', 'dead', 31, ?, ?)").run(ids[0], NOW, NOW);
    db.prepare("INSERT INTO deliveries (lead_id, target, status, attempts, next_attempt_at, created_at, delivered_at) VALUES (?, 'webhook https://crm.example/hook', 'delivered', 1, ?, ?, ?)").run(ids[1], NOW, NOW, NOW);
    db.close();

    await startsAndReads({ DATA_DIR: dataDir });
    const upgraded = new Database(dbPath(dataDir), { readonly: true });
    expect(upgraded.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
    upgraded.close();
    const vitals = new Database(vitalsDbPath(dataDir), { readonly: true });
    expect(vitals.pragma('user_version', { simple: true })).toBe(VITALS_MIGRATIONS.length);
    vitals.close();
  }, 60_000);

  it('PostgreSQL: starts, migrated to this release, every lead and delivery there', async () => {
    const url = await freshDatabase();
    const pool = createPool(url);
    try {
      await pool.query('CREATE TABLE schema_migrations (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
      for (const [i, sql] of previous.migrations.PostgreSQL.entries()) {
        await pool.query(sql);
        await pool.query('INSERT INTO schema_migrations (version) VALUES ($1)', [i + 1]);
      }
      const ids: number[] = [];
      for (const [i, l] of LEADS.entries()) {
        const { rows } = await pool.query<{ id: number }>('INSERT INTO leads (kind, created_at, dedupe_key, fields, reference, language) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id', [l.kind, NOW - i * 60_000, `key-${i}`, JSON.stringify(l.fields), l.reference, 'en']);
        ids.push(rows[0]!.id);
      }
      await pool.query("INSERT INTO deliveries (lead_id, target, status, attempts, next_attempt_at, created_at) VALUES ($1, 'webhook https://crm.example/hook', 'dead', 31, $2, $2)", [ids[0], NOW]);

      await startsAndReads({ DATABASE_URL: url });
      expect(await schemaVersion(pool)).toBe(POSTGRES_MIGRATIONS.length);
    } finally {
      await pool.end();
    }
  }, 60_000);
});
