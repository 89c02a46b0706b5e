import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFERENCE_PATTERN } from '../../contract/lead-reference.ts';
import { SETTINGS } from '../../server/config.ts';
import { openDatabase } from '../../server/store/sqlite.ts';
import { createOutbox, MAX_ATTEMPTS, retryDelayMs } from '../../server/delivery/outbox.ts';
import { VALID_SOCIETY } from '../helpers/fixtures.ts';
import { outboxDrained } from '../helpers/outbox.ts';
import { countRows, postJson, readDb, ROOT, startServer, tempDir, type RunningServer } from '../helpers/server.ts';
import { startWebhookReceiver, webhookSecret } from '../../scripts/webhook-receiver.ts';

const run = promisify(execFile);
const leadsCli = async (args: string[]) => {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'scripts/leads.ts', ...args], { cwd: ROOT, env: { ...process.env, DATA_DIR: '' } });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
};

const society = (i: number) => ({
  ...VALID_SOCIETY,
  name: `Resident ${i}`,
  email: `resident${i}@example.in`,
  phone: '+91 98765 43210',
  societyName: `Green Park ${i}`,
  city: 'Delhi',
  position: 'Treasurer',
});

const waitFor = async (check: () => boolean, timeoutMs = 15_000) => {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 25));
  }
};

describe('delivery: signed webhooks, retried until accepted, never twice', () => {
  const secret = webhookSecret();
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
  let server: RunningServer;
  beforeAll(async () => {
    receiver = await startWebhookReceiver(secret, { failFirst: 3 });
    server = await startServer({ env: {
      RATE_LIMIT_MAX: '1000',
      SPAM_CHALLENGE: 'off',
      WEBHOOK_URLS: receiver.url,
      WEBHOOK_SECRET: secret,
      DELIVERY_RETRY_BASE_MS: '20',
    } });
  });
  afterAll(async () => {
    await server?.stop();
    await receiver?.stop();
  });

  it('a receiver that fails three times, then succeeds, records exactly one accepted delivery per lead', async () => {
    const sent = [1, 2, 3, 4, 5].map(society);
    const answers = await Promise.all(
      sent.map((body, i) => postJson(`${server.url}/addSocietyQuery${i === 0 ? '?partner=greenpark-rwa' : ''}`, body, { origin: 'https://rwa.example' })),
    );
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    await waitFor(() => receiver.accepted.length === 5);
    // Recorded once the receiver's answer is back: a moment after it accepted. Delivered, a
    // row is never sent again: from here the receiver's counts are final.
    await expect
      .poll(() => readDb(server.dataDir, (db) => db.prepare('SELECT status, attempts, last_error, delivered_at FROM deliveries').all()))
      .toEqual(Array(5).fill({ status: 'delivered', attempts: 4, last_error: null, delivered_at: expect.any(Number) }));

    expect(receiver.badSignatures).toEqual([]); // every request verified with standardwebhooks
    expect([...receiver.acceptedPerId().values()]).toEqual([1, 1, 1, 1, 1]);
    expect([...receiver.attempts.values()]).toEqual([4, 4, 4, 4, 4]);
    const ids = readDb(server.dataDir, (db) => db.prepare('SELECT id FROM leads ORDER BY id').pluck().all() as number[]);
    expect(receiver.accepted.map((a) => a.id).sort()).toEqual(ids.map((id) => `lead-${id}`).sort());

    const first = receiver.accepted.find((a) => a.body.data.fields.email === 'resident1@example.in')!;
    expect(first.body.data.reference).toBe(((await answers[0]!.json()) as { reference: string }).reference);
    expect(first.body).toEqual({
      type: 'lead.created',
      timestamp: first.body.data.createdAt,
      data: {
        id: expect.any(Number),
        reference: expect.stringMatching(REFERENCE_PATTERN),
        kind: 'society',
        language: 'en',
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        source: { origin: 'https://rwa.example', partner: 'greenpark-rwa', page: null, campaign: { utm_source: null, utm_medium: null, utm_campaign: null, ref: null } },
        fields: society(1),
        withoutProofOfWork: false,
        // The lead's page in the team's worklist (TEAM_ORIGIN, else SITE_URL's origin).
        teamUrl: `https://societydesk.example/team/leads/${first.body.data.id}`,
      },
    });
  });

  it('keeps no personal data in the outbox, and erasing a lead erases its deliveries', async () => {
    const columns = readDb(server.dataDir, (db) => db.prepare('SELECT name FROM pragma_table_info(?)').pluck().all('deliveries'));
    expect(columns).toEqual(['id', 'lead_id', 'target', 'status', 'attempts', 'next_attempt_at', 'created_at', 'delivered_at', 'last_error']);
    const before = countRows(server.dataDir, 'deliveries');
    const db = openDatabase(server.dataDir);
    try {
      db.prepare('DELETE FROM leads WHERE id = 1').run();
    } finally {
      db.close();
    }
    expect(countRows(server.dataDir, 'deliveries')).toBe(before - 1);
  });

  it('lists the outbox with --deliveries and never queues a delivered one again', async () => {
    const table = await leadsCli(['--data-dir', server.dataDir, '--deliveries']);
    expect(table.code).toBe(0);
    expect(table.stdout).toContain('Deliveries: 0 pending, 4 delivered, 0 dead');
    expect(table.stdout).toMatch(/webhook 127\.0\.0\.1:\d+\/…\s+delivered\s+4\s+delivered \d{4}-/);
    const json = JSON.parse((await leadsCli(['--data-dir', server.dataDir, '--deliveries', '--format', 'json'])).stdout);
    expect(json[0]).toMatchObject({ kind: 'society', status: 'delivered', attempts: 4, lastError: null, nextAttemptAt: null });
    const again = await leadsCli(['--data-dir', server.dataDir, '--redeliver', String(json[0].id)]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('was delivered already; it is never sent twice');
    expect((await leadsCli(['--data-dir', server.dataDir, '--redeliver', '999'])).stderr).toContain('no delivery 999');
  });
});

describe('delivery: dead after at least 24 hours of retries, and --redeliver', () => {
  it('backs off exponentially with jitter, and gives up only after 24 hours at the default base', () => {
    expect(retryDelayMs(1, 1000, () => 0)).toBe(1000);
    expect(retryDelayMs(2, 1000, () => 0)).toBe(2000);
    expect(retryDelayMs(5, 1000, () => 0)).toBe(16_000);
    expect(retryDelayMs(30, 1000, () => 0)).toBe(120_000); // capped
    expect(retryDelayMs(3, 1000, () => 0.999)).toBeLessThan(6000); // jitter adds up to half
    let waited = 0;
    for (let failures = 1; failures < MAX_ATTEMPTS; failures++) waited += retryDelayMs(failures, SETTINGS.DELIVERY_RETRY_BASE_MS.default, () => 0);
    expect(waited).toBeGreaterThanOrEqual(24 * 3600_000);
  });

  it('marks a delivery dead after its last attempt, and --redeliver queues it for the running service', async () => {
    const secret = webhookSecret();
    const receiver = await startWebhookReceiver(secret, { failFirst: 1000 });
    const env = { RATE_LIMIT_MAX: '1000', SPAM_CHALLENGE: 'off', WEBHOOK_URLS: receiver.url, WEBHOOK_SECRET: secret, DELIVERY_RETRY_BASE_MS: '1' };
    const dir = tempDir();
    let server = await startServer({ env: { ...env, DATA_DIR: dir } });
    try {
      expect((await postJson(`${server.url}/addSocietyQuery`, society(7))).status).toBe(200);
      // The whole schedule, scaled down: base 1 ms, so 31 attempts within a few seconds.
      await waitFor(() => readDb(dir, (db) => db.prepare('SELECT status FROM deliveries').pluck().get()) === 'dead', 20_000);
      expect(receiver.attempts.get('lead-1')).toBe(MAX_ATTEMPTS);
      const listed = await leadsCli(['--data-dir', dir, '--deliveries']);
      expect(listed.stdout).toContain('Deliveries: 0 pending, 0 delivered, 1 dead');
      expect(listed.stdout).toMatch(/dead\s+31\s+gave up\s+HTTP 503/);
      expect(receiver.accepted).toHaveLength(0);

      receiver.setMode('answer', 0);
      const requeued = await leadsCli(['--data-dir', dir, '--redeliver', '1']);
      expect(requeued).toMatchObject({ code: 0, stdout: 'delivery 1 queued again; the running service sends it within a few seconds\n' });
      await waitFor(() => receiver.accepted.length === 1, 5000);
      expect(receiver.accepted[0]!.id).toBe('lead-1');
      await server.stop();

      // A restart finds nothing left to send: a new lead is the first thing it delivers (the
      // worker sends the oldest due first, so anything it wrongly queued would come before).
      server = await startServer({ env: { ...env, DATA_DIR: dir } });
      expect((await postJson(`${server.url}/addSocietyQuery`, society(8))).status).toBe(200);
      await waitFor(() => receiver.accepted.length >= 2, 5000);
      await outboxDrained(dir);
      expect(receiver.accepted.map((a) => a.id)).toEqual(['lead-1', 'lead-2']);
    } finally {
      await server.stop();
      await receiver.stop();
    }
  });

  it('records a failure for a target that is no longer configured, like any other', () => {
    const db = openDatabase(tempDir());
    try {
      db.prepare("INSERT INTO leads (kind, created_at, dedupe_key, fields) VALUES ('society', 0, 'k', '{}')").run();
      const outbox = createOutbox(db);
      outbox.enqueue(1, ['webhook https://gone.example/hook'], 0);
      const [due] = outbox.due(1, 10);
      expect(outbox.recordFailure(due!, 'this target is no longer configured', 1, 1000, () => 0)).toBe('pending');
      expect(outbox.nextDueAt()).toBe(1001);
      expect(outbox.due(1000, 10)).toEqual([]);
    } finally {
      db.close();
    }
  });
});

describe('delivery: requests come first', () => {
  it('sends one delivery at a time while requests keep arriving, then catches up in parallel', async () => {
    const secret = webhookSecret();
    const receiver = await startWebhookReceiver(secret);
    receiver.setMode('hang'); // count what the service has in flight at once
    const server = await startServer({ env: { SPAM_CHALLENGE: 'off', WEBHOOK_URLS: receiver.url, WEBHOOK_SECRET: secret } });
    try {
      let busy = true;
      let answered = 0;
      // Four clients keep requests arriving (a loaded machine can be slow to answer one).
      const traffic = Promise.all(
        Array.from({ length: 4 }, async () => {
          while (busy) {
            await fetch(`${server.url}/health`);
            answered++;
          }
        }),
      );
      try {
        for (let i = 0; i < 12; i++) expect((await postJson(`${server.url}/addSocietyQuery`, society(300 + i))).status).toBe(200);
        // The worker has had many turns of the event loop to start more sends: 40 more answers.
        const after = answered + 40;
        await waitFor(() => answered >= after, 30_000);
        expect(receiver.held).toHaveLength(1);
      } finally {
        busy = false;
        await traffic;
      }
      await waitFor(() => receiver.held.length === 8, 5000); // the default concurrency, once requests stop
    } finally {
      await server.stop();
      await receiver.stop();
    }
  });
});
