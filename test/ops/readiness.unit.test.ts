/**
 * Issue 41, item 5: GET /health/ready's rules, on a test clock (no waiting for 30 minutes),
 * and the store reads behind it and /metrics, on SQLite and on PostgreSQL alike.
 */
import { describe, expect, it } from 'vitest';
import type pg from 'pg';
import { openDatabase } from '../../server/store/sqlite.ts';
import { createPool, migrate } from '../../server/store/postgres.ts';
import { postgresMonitorReads, sqliteMonitorReads, type MonitorReads } from '../../server/ops/monitor-reads.ts';
import { readinessProblems, type ReadinessFacts } from '../../server/ops/readiness.ts';
import { freshDatabase } from '../helpers/postgres.ts';
import { tempDir } from '../helpers/server.ts';

const MINUTE = 60_000;
const NOW = Date.UTC(2026, 10, 28, 12, 0, 0);
const LIMITS = { maxPendingAgeS: 1800, diskMinFreeMb: 512 };
const healthy: ReadinessFacts = { writable: { ok: true }, backlog: [], disk: { freeBytes: 10 * 2 ** 30, sizeBytes: 20 * 2 ** 30 } };

describe('readiness', () => {
  it('is ready with nothing dead, nothing older than DELIVERY_MAX_PENDING_AGE_S and room on the disk', () => {
    const backlog = [{ target: 'webhook https://crm.example/hook', pending: 3, dead: 0, oldestPendingAt: NOW - 29 * MINUTE }];
    expect(readinessProblems({ ...healthy, backlog }, LIMITS, NOW)).toEqual([]);
  });

  it('fails once the oldest pending delivery is older than the limit (1800 s by default), naming the target by its kind only', () => {
    const at = (ageS: number) => [{ target: 'webhook https://crm.example/hook?token=secret', pending: 1, dead: 0, oldestPendingAt: NOW - ageS * 1000 }];
    expect(readinessProblems({ ...healthy, backlog: at(1800) }, LIMITS, NOW)).toEqual([]);
    expect(readinessProblems({ ...healthy, backlog: at(1801) }, LIMITS, NOW)).toEqual(['a delivery to webhook has waited 1801 s, longer than DELIVERY_MAX_PENDING_AGE_S (1800 s)']);
  });

  it('fails on a dead delivery, a store that takes no write, a nearly full disk: every reason at once', () => {
    const facts: ReadinessFacts = {
      writable: { ok: false, reason: 'the database is read-only: it cannot store submissions' },
      backlog: [
        { target: 'email', pending: 0, dead: 2, oldestPendingAt: null },
        { target: 'acknowledgement', pending: 1, dead: 1, oldestPendingAt: NOW - 1000 },
      ],
      disk: { freeBytes: 100 * 2 ** 20, sizeBytes: 20 * 2 ** 30 },
    };
    expect(readinessProblems(facts, LIMITS, NOW)).toEqual([
      'the database is read-only: it cannot store submissions',
      '2 deliveries to email are dead: their retries ran out (npm run leads -- --deliveries, then --redeliver ID)',
      '1 delivery to acknowledgement is dead: its retries ran out (npm run leads -- --deliveries, then --redeliver ID)',
      "the data folder's disk has 100 MB free, less than DISK_MIN_FREE_MB (512 MB)",
    ]);
  });
});

const DELIVERIES = [
  // [target, status, created_at]
  ['webhook https://crm.example/hook', 'pending', NOW - 40 * MINUTE],
  ['webhook https://crm.example/hook', 'pending', NOW - 5 * MINUTE],
  ['webhook https://crm.example/hook', 'delivered', NOW - 90 * MINUTE],
  ['webhook https://crm.example/hook', 'dead', NOW - 2000 * MINUTE],
  ['email', 'delivered', NOW - 10 * MINUTE],
  ['acknowledgement', 'dead', NOW - 3 * MINUTE],
] as const;
const EXPECTED_BACKLOG = [
  { target: 'acknowledgement', pending: 0, dead: 1, oldestPendingAt: null },
  { target: 'webhook https://crm.example/hook', pending: 2, dead: 1, oldestPendingAt: NOW - 40 * MINUTE },
];

async function readsAgree(reads: MonitorReads) {
  expect(await reads.deliveryBacklog()).toEqual(EXPECTED_BACKLOG);
  expect(await reads.cvBytes()).toBe(1234);
}

describe('the store reads behind /health/ready and /metrics', () => {
  it('SQLite: unsent deliveries per target, the oldest pending one, CV bytes', async () => {
    const db = openDatabase(tempDir());
    try {
      const newLead = db.prepare("INSERT INTO leads (kind, created_at, dedupe_key, fields) VALUES ('career', ?, 'k', '{}')");
      const lead = newLead.run(NOW).lastInsertRowid;
      // One delivery per (lead, target): a lead of its own for each row.
      const insert = db.prepare('INSERT INTO deliveries (lead_id, target, status, next_attempt_at, created_at) VALUES (?, ?, ?, ?, ?)');
      for (const [target, status, at] of DELIVERIES) insert.run(newLead.run(NOW).lastInsertRowid, target, status, at, at);
      db.prepare("INSERT INTO cv_uploads (id, lead_id, name, type, size, sha256, content, created_at) VALUES ('u1', ?, 'cv.pdf', 'application/pdf', 1234, 'x', x'00', ?)").run(lead, NOW);
      await readsAgree(sqliteMonitorReads(db));
      expect(db.prepare('EXPLAIN QUERY PLAN SELECT target FROM deliveries WHERE status IN (\'pending\', \'dead\')').all().map((r) => (r as { detail: string }).detail).join()).toMatch(/USING INDEX deliveries_due/);
    } finally {
      db.close();
    }
  });

  it('PostgreSQL: the same, each from an index', async () => {
    const pool: pg.Pool = createPool(await freshDatabase());
    try {
      await migrate(pool);
      const { rows } = await pool.query<{ id: number }>("INSERT INTO leads (kind, created_at, dedupe_key, fields) VALUES ('career', $1, 'k', '{}') RETURNING id", [NOW]);
      const lead = rows[0]!.id;
      // One delivery per (lead, target): a lead of its own for each row.
      for (const [target, status, at] of DELIVERIES) {
        const other = (await pool.query<{ id: number }>("INSERT INTO leads (kind, created_at, dedupe_key, fields) VALUES ('society', $1, 'k', '{}') RETURNING id", [NOW])).rows[0]!.id;
        await pool.query('INSERT INTO deliveries (lead_id, target, status, next_attempt_at, created_at) VALUES ($1, $2, $3, $4, $4)', [other, target, status, at]);
      }
      await pool.query("INSERT INTO cv_uploads (id, lead_id, name, type, size, sha256, content, created_at) VALUES ('u1', $1, 'cv.pdf', 'application/pdf', 1234, 'x', '\\x00', $2)", [lead, NOW]);
      await readsAgree(postgresMonitorReads(pool));
      await pool.query('SET enable_seqscan = off');
      const plan = (await pool.query("EXPLAIN SELECT target FROM deliveries WHERE status = 'dead'")).rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n');
      expect(plan).toMatch(/deliveries_dead/);
    } finally {
      await pool.end();
    }
  });
});
