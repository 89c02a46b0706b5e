/**
 * Issue 41, item 5: a broken delivery is never silent. With a webhook answering 500, /metrics
 * shows the failures and /health/ready fails once the oldest pending delivery is older than
 * DELIVERY_MAX_PENDING_AGE_S; with the webhook back both recover and the lead is delivered
 * once. A delivery whose retries run out is logged at error and fails readiness. /metrics is
 * off without METRICS_TOKEN, answers the site's 404 without the token, and promtool accepts it.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink } from '../helpers/smtp-sink.ts';
import { startWebhookReceiver, webhookSecret } from '../../scripts/webhook-receiver.ts';
import { VALID_CAREER, VALID_SOCIETY } from '../helpers/fixtures.ts';
import { METRICS_TOKEN, promtoolCheckMetrics, sample, scrape } from '../helpers/metrics.ts';
import { postJson, readDb, ROOT, startServer, startServerProcess, type RunningServer } from '../helpers/server.ts';
import { VERSION } from '../../server/ops/version.ts';

const secret = webhookSecret();
const receiver = await startWebhookReceiver(secret);
let server: RunningServer;
const target = { target: 'webhook 127.0.0.1:' + new URL(receiver.url).port };

beforeAll(async () => {
  receiver.setMode('fail');
  server = await startServer({
    env: {
      WEBHOOK_URLS: receiver.url,
      WEBHOOK_SECRET: secret,
      METRICS_TOKEN,
      SPAM_CHALLENGE: 'off',
      // Retries every 0.1 s, then longer; a delivery waiting more than a second fails readiness.
      DELIVERY_RETRY_BASE_MS: '100',
      DELIVERY_MAX_PENDING_AGE_S: '1',
    },
  });
});
afterAll(async () => {
  await server?.stop();
  await receiver.stop();
});

const ready = async () => {
  const res = await fetch(`${server.url}/health/ready`);
  return { status: res.status, body: (await res.json()) as { status: string; reasons?: string[]; version: string } };
};

describe('a webhook answering 500', () => {
  it('shows in /metrics and fails readiness after the set age; back, both recover and the lead is delivered once', async () => {
    expect(await ready()).toEqual({ status: 200, body: { status: 'ready', version: VERSION } });
    const res = await postJson(`${server.url}/addSocietyQuery`, VALID_SOCIETY);
    expect(res.status).toBe(200);

    await expect.poll(async () => sample(await scrape(server.url), 'intake_delivery_attempts_total', { ...target, outcome: 'failed' }) ?? 0, { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
    const failing = await scrape(server.url);
    expect(sample(failing, 'intake_deliveries', { ...target, status: 'pending' })).toBe(1);
    expect(sample(failing, 'intake_deliveries', { ...target, status: 'dead' })).toBe(0);
    expect(sample(failing, 'intake_leads_stored_total', { kind: 'society', source: 'elsewhere', spam: 'false' })).toBe(1);
    expect(sample(failing, 'intake_delivery_oldest_pending_age_seconds', target)).toBeGreaterThan(0);

    await expect.poll(async () => (await ready()).status, { timeout: 20_000 }).toBe(503);
    expect((await ready()).body.reasons).toEqual([expect.stringMatching(/^a delivery to webhook has waited \d+ s, longer than DELIVERY_MAX_PENDING_AGE_S \(1 s\)$/)]);
    expect(sample(await scrape(server.url), 'intake_delivery_oldest_pending_age_seconds', target)).toBeGreaterThan(1);

    receiver.setMode('answer');
    await expect.poll(async () => (await ready()).status, { timeout: 30_000 }).toBe(200);
    const recovered = await scrape(server.url);
    expect(sample(recovered, 'intake_deliveries', { ...target, status: 'pending' })).toBe(0);
    expect(sample(recovered, 'intake_delivery_oldest_pending_age_seconds', target)).toBe(0);
    expect(sample(recovered, 'intake_delivery_attempts_total', { ...target, outcome: 'delivered' })).toBe(1);
    expect([...receiver.acceptedPerId().values()]).toEqual([1]);
  }, 60_000);

  it('promtool accepts the exposition; it names every part the issue asks for, and the version', async () => {
    await postJson(`${server.url}/addQuery`, VALID_CAREER);
    const text = await scrape(server.url);
    expect(promtoolCheckMetrics(text)).toEqual({ status: 0, output: '' });
    for (const name of [
      'intake_leads_stored_total',
      'intake_deliveries',
      'intake_delivery_attempts_total',
      'intake_delivery_oldest_pending_age_seconds',
      'intake_acknowledgements_total',
      'intake_cv_stored_bytes',
      'http_requests_total',
      'http_request_duration_seconds',
      'intake_store_writable',
      'intake_data_disk_free_bytes',
    ]) {
      expect(text).toContain(`# TYPE ${name} `);
    }
    expect(sample(text, 'intake_build_info', { version: VERSION })).toBe(1);
    expect(sample(text, 'intake_store_writable')).toBe(1);
    expect(sample(text, 'intake_leads_stored_total', { kind: 'career', source: 'elsewhere', spam: 'false' })).toBe(1);
    expect(sample(text, 'http_requests_total', { method: 'POST', route: '/addQuery', status: '200' })).toBe(1);
    expect(sample(text, 'http_request_duration_seconds_count', { method: 'POST', route: '/addQuery' })).toBe(1);
    expect(text).not.toContain(receiver.url); // a webhook by its host, never its URL
  });

  it('is guarded as /_insight: the site\'s 404 without the token or with a wrong one; 429 after 20 wrong ones', async () => {
    expect((await fetch(`${server.url}/metrics`)).status).toBe(404);
    for (let i = 0; i < 20; i++) expect((await fetch(`${server.url}/metrics`, { headers: { authorization: 'Bearer wrong' } })).status).toBe(404);
    expect((await fetch(`${server.url}/metrics`, { headers: { authorization: 'Bearer wrong' } })).status).toBe(429);
  });
});

describe('a delivery whose retries run out', () => {
  it('is logged at error, counted dead, and fails readiness until it is redelivered', async () => {
    const broken = await startWebhookReceiver(secret);
    broken.setMode('fail');
    // 31 attempts 1 ms apart at first, at most 120 ms: dead within seconds.
    const service = await startServerProcess({ WEBHOOK_URLS: broken.url, WEBHOOK_SECRET: secret, METRICS_TOKEN, SPAM_CHALLENGE: 'off', DELIVERY_RETRY_BASE_MS: '1', LOG_LEVEL: 'info' });
    try {
      expect((await postJson(`${service.url}/addSocietyQuery`, VALID_SOCIETY)).status).toBe(200);
      const dead = { target: `webhook 127.0.0.1:${new URL(broken.url).port}`, status: 'dead' };
      await expect.poll(async () => sample(await scrape(service.url), 'intake_deliveries', dead), { timeout: 30_000 }).toBe(1);
      const lines = service.output().split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as { level: number; msg: string; status?: string });
      expect(lines.filter((l) => l.msg === 'delivery dead: its retries ran out')).toEqual([expect.objectContaining({ level: 50, status: 'dead', attempt: 31 })]);
      expect(lines.filter((l) => l.msg === 'delivery failed').every((l) => l.level === 40)).toBe(true);
      const res = await fetch(`${service.url}/health/ready`);
      expect(res.status).toBe(503);
      expect(((await res.json()) as { reasons: string[] }).reasons).toContain('1 delivery to webhook is dead: its retries ran out (npm run leads -- --deliveries, then --redeliver ID)');
      expect(sample(await scrape(service.url), 'intake_delivery_attempts_total', { target: dead.target, outcome: 'dead' })).toBe(1);

      // The target fixed, the operator queues it again: delivered, and ready again.
      broken.setMode('answer');
      const id = readDb(service.dataDir, (db) => db.prepare("SELECT id FROM deliveries WHERE status = 'dead'").pluck().get() as number);
      await promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/leads.ts', '--data-dir', service.dataDir, '--redeliver', String(id)], { cwd: ROOT });
      await expect.poll(() => [...broken.acceptedPerId().values()], { timeout: 20_000 }).toEqual([1]);
      expect((await fetch(`${service.url}/health/ready`)).status).toBe(200);
    } finally {
      await service.stop();
      await broken.stop();
    }
  }, 60_000);
});

describe('acknowledgements', () => {
  it('counts one sent, and one refused when the same address sends again within 24 hours', async () => {
    const smtp = await startSmtpSink();
    const service = await startServer({ env: { SMTP_URL: smtp.url, NOTIFY_EMAIL_TO: 'team@rwa-desk.in', METRICS_TOKEN, SPAM_CHALLENGE: 'off' } });
    try {
      expect((await postJson(`${service.url}/addSocietyQuery`, VALID_SOCIETY)).status).toBe(200);
      expect((await postJson(`${service.url}/addSocietyQuery`, { ...VALID_SOCIETY, societyName: 'Another Society' })).status).toBe(200);
      await expect.poll(async () => sample(await scrape(service.url), 'intake_acknowledgements_total', { result: 'sent' }), { timeout: 20_000 }).toBe(1);
      const text = await scrape(service.url);
      expect(sample(text, 'intake_acknowledgements_total', { result: 'refused' })).toBe(1);
      expect(sample(text, 'intake_leads_stored_total', { kind: 'society', source: 'elsewhere', spam: 'false' })).toBe(2);
      expect(smtp.to(VALID_SOCIETY.email)).toHaveLength(1);
    } finally {
      await service.stop();
      await smtp.stop();
    }
  });
});
