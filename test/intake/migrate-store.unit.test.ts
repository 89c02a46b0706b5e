/**
 * npm run migrate-store: a data folder made by the service on SQLite is copied into a real
 * PostgreSQL (leads, their outbox state, idempotency keys and the tombstones of erased leads'
 * keys, the record of erasures, vitals, used solutions, the proof-of-work key, the team's
 * members, statuses, notes and audit log), and a second run copies nothing twice. After the
 * move, a device retrying with its key gets its first answer from PostgreSQL, and a retry of
 * an erased lead stores nothing.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import Database from 'better-sqlite3';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { solvedHeader } from '../helpers/altcha.ts';
import { freshDatabase } from '../helpers/postgres.ts';
import { postJson, readDb, ROOT, startServer } from '../helpers/server.ts';
import { VALID_SOCIETY } from '../helpers/fixtures.ts';
import { startWebhookReceiver, webhookSecret } from '../../scripts/webhook-receiver.ts';

const run = promisify(execFile);
const migrateStore = async (url: string, dataDir: string) =>
  (await run(process.execPath, ['--import', 'tsx', 'scripts/migrate-store.ts', '--to', url, '--data-dir', dataDir], { cwd: ROOT })).stdout;

const KEPT_KEY = 'migrate-kept-0123456789abcdef';
const ERASED_KEY = 'migrate-erased-0123456789abcdef';
const society = (i: number) => ({ ...VALID_SOCIETY, name: `Resident ${i}`, email: `resident${i}@example.in` });

describe('npm run migrate-store', () => {
  let db: pg.Pool | undefined;
  afterAll(() => db?.end());

  it('copies a SQLite data folder into PostgreSQL; a second run adds nothing', async () => {
    const secret = webhookSecret();
    const receiver = await startWebhookReceiver(secret);
    // Two targets: the receiver (delivered) and a closed port (pending, with its error).
    const server = await startServer({ env: { WEBHOOK_URLS: `${receiver.url},http://127.0.0.1:1/hooks`, WEBHOOK_SECRET: secret, ALTCHA_MAX_NUMBER: '100' } });
    try {
      const header = await solvedHeader(server.url);
      expect((await postJson(`${server.url}/addSocietyQuery`, society(1), { 'x-altcha': header })).status).toBe(200);
      expect((await postJson(`${server.url}/addSocietyQuery`, society(2), { 'x-altcha': header })).status).toBe(200); // reused: spam
      expect((await postJson(`${server.url}/addSocietyQuery`, society(3), { 'x-altcha': await solvedHeader(server.url) })).status).toBe(200);
      expect((await postJson(`${server.url}/vitals`, { page: '/', metrics: [{ name: 'LCP', value: 900 }, { name: 'TTFB', value: 80 }] })).status).toBe(204);
      // Two sends with an Idempotency-Key: one lead stays, the other is erased below.
      for (const [i, key] of [[4, KEPT_KEY], [5, ERASED_KEY]] as const) {
        const res = await postJson(`${server.url}/addSocietyQuery`, society(i), { 'x-altcha': await solvedHeader(server.url), 'Idempotency-Key': `"${key}"` });
        expect(res.status).toBe(200);
      }
      await expect.poll(() => receiver.accepted.length, { timeout: 15_000 }).toBe(4);
    } finally {
      await server.stop();
      await receiver.stop();
    }
    // The team's work on the first lead: a member owns it, contacted, with a note, and the audit log says so.
    const team = new Database(path.join(server.dataDir, 'leads.db'));
    team.exec(`INSERT INTO team_members (id, email, role, created_at) VALUES (7, 'asha@team.example', 'admin', 1);
      UPDATE leads SET status = 'contacted', owner_id = 7, next_call_on = '2026-12-01', version = 2 WHERE id = 1;
      INSERT INTO lead_notes (lead_id, author_id, text, created_at) VALUES (1, 7, 'Called: wants a demo.', 2);
      INSERT INTO team_audit (at, member_id, actor, action, lead_id, detail) VALUES (2, 7, 'asha@team.example', 'change', 1, '{"status":["new","contacted"]}');`);
    team.close();
    expect((await run(process.execPath, ['--import', 'tsx', 'scripts/leads.ts', '--erase', 'resident5@example.in', '--data-dir', server.dataDir], { cwd: ROOT })).stdout).toMatch(
      /^erasure: 1 lead erased \((?=[^)]*\bdeliveries: 2\b)(?=[^)]*\bidempotency_keys: 1\b)[a-z_]+: \d+(, [a-z_]+: \d+)*\)/,
    );
    const sqliteDeliveries = readDb(server.dataDir, (d) =>
      d.prepare("SELECT json_extract(l.fields, '$.email') AS email, d.target, d.status, d.attempts FROM deliveries d JOIN leads l ON l.id = d.lead_id ORDER BY 1, 2").all(),
    );

    const url = await freshDatabase();
    const first = await migrateStore(url, server.dataDir);
    expect(first).toMatch(
      /: 4 leads \(0 were there already\) with 6 deliveries, 2 idempotency keys, 1 erasure records, 2 vitals samples \(0 there already\), 0 funnel counts, 4 used proof-of-work solutions, the proof-of-work key; the team: 1 members, 0 passkeys, 1 notes, 1 audit entries\n$/,
    );

    db = new pg.Pool({ connectionString: url, max: 1 });
    const leads = (await db.query("SELECT fields->>'email' AS email, spam_reason FROM leads ORDER BY id")).rows;
    expect(leads).toEqual([
      { email: 'resident1@example.in', spam_reason: null },
      { email: 'resident2@example.in', spam_reason: 'reused-solution' },
      { email: 'resident3@example.in', spam_reason: null },
      { email: 'resident4@example.in', spam_reason: null },
    ]);
    // Each lead keeps the reference its person was given.
    const sqliteReferences = readDb(server.dataDir, (d) => d.prepare('SELECT reference FROM leads ORDER BY id').pluck().all());
    expect(sqliteReferences).toHaveLength(4);
    expect((await db.query('SELECT reference FROM leads ORDER BY id')).rows.map((r) => r.reference)).toEqual(sqliteReferences);
    const deliveries = (
      await db.query("SELECT l.fields->>'email' AS email, d.target, d.status, d.attempts FROM deliveries d JOIN leads l ON l.id = d.lead_id ORDER BY 1, 2")
    ).rows;
    expect(deliveries).toEqual(sqliteDeliveries);
    expect(deliveries.map((d) => d.status).sort()).toEqual(['delivered', 'delivered', 'delivered', 'pending', 'pending', 'pending']);
    expect(Number((await db.query('SELECT count(*) AS n FROM vitals')).rows[0].n)).toBe(2);
    const worked = (
      await db.query(
        `SELECT l.status, m.email AS owner, l.next_call_on, l.version, n.text AS note, a.lead_id = l.id AS audited
           FROM leads l JOIN team_members m ON m.id = l.owner_id JOIN lead_notes n ON n.lead_id = l.id AND n.author_id = m.id JOIN team_audit a ON a.member_id = m.id`,
      )
    ).rows;
    expect(worked).toEqual([{ status: 'contacted', owner: 'asha@team.example', next_call_on: '2026-12-01', version: 2, note: 'Called: wants a demo.', audited: true }]);

    expect((await db.query('SELECT reason, leads, rows FROM erasures')).rows).toEqual([{ reason: 'request', leads: 1, rows: { acknowledged_addresses: 0, cv_uploads: 0, deliveries: 2, idempotency_keys: 1, lead_notes: 0, leads: 1, team_audit: 0 } }]);
    expect((await db.query('SELECT key FROM erased_idempotency_keys')).rows).toEqual([{ key: ERASED_KEY }]);

    // The service on PostgreSQL: a device still retrying either send stores nothing more.
    const moved = await startServer({ env: { DATABASE_URL: url, SPAM_CHALLENGE: 'off' } });
    try {
      for (const [i, key] of [[4, KEPT_KEY], [5, ERASED_KEY]] as const) {
        const retry = await postJson(`${moved.url}/addSocietyQuery`, society(i), { 'Idempotency-Key': `"${key}"` });
        expect([retry.status, retry.headers.get('idempotent-replayed')], key).toEqual([200, 'true']);
        expect(await retry.json()).toMatchObject({ success: true });
      }
    } finally {
      await moved.stop();
    }
    expect((await db.query("SELECT fields->>'email' AS email FROM leads ORDER BY id")).rows.map((r) => r.email)).toEqual([
      'resident1@example.in',
      'resident2@example.in',
      'resident3@example.in',
      'resident4@example.in',
    ]);

    const second = await migrateStore(url, server.dataDir);
    expect(second).toMatch(
      /: 0 leads \(4 were there already\) with 0 deliveries, 0 idempotency keys, 0 erasure records, 0 vitals samples \(2 there already\), 0 funnel counts, 0 used proof-of-work solutions; the team: 0 members, 0 passkeys, 0 notes, 0 audit entries\n$/,
    );
    const totals = (
      await db.query(
        'SELECT (SELECT count(*) FROM leads)::int AS leads, (SELECT count(*) FROM deliveries)::int AS deliveries, (SELECT count(*) FROM vitals)::int AS vitals, (SELECT count(*) FROM erasures)::int AS erasures, (SELECT count(*) FROM idempotency_keys)::int AS keys',
      )
    ).rows[0];
    expect(totals).toEqual({ leads: 4, deliveries: 6, vitals: 2, erasures: 1, keys: 1 });
  }, 240_000);
});
