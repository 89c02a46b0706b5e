/**
 * Idempotency-Key on the lead POSTs, against the real service on a real database file:
 * the same key sent five times at once, and again after a restart, gives one lead and one
 * delivery; a client that timed out (15 s, the forms' limit, on a test clock) on a lead the
 * service stored, retrying with its key, adds nothing; a key reused with another body is refused (422);
 * a repeat is answered before its spent proof of work is looked at.
 */
import net from 'node:net';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_TIMEOUT_MS, postJson as widgetPost, type PostOutcome } from '../../widgets/lead-form/api-client.ts';
import { solvedHeader } from '../helpers/altcha.ts';
import { countRows, postJson, readDb, startServer, storedLeads, tempDir } from '../helpers/server.ts';
import { VALID_CAREER, VALID_SOCIETY } from '../helpers/fixtures.ts';
import { startWebhookReceiver, webhookSecret } from '../../scripts/webhook-receiver.ts';

const society = { ...VALID_SOCIETY, name: 'Idem Potent', email: 'idem@example.in' };

const newKey = () => crypto.randomUUID();
const spamOf = (dataDir: string) =>
  readDb(dataDir, (db) => db.prepare('SELECT spam_reason FROM leads ORDER BY id').pluck().all() as (string | null)[]);

const secret = webhookSecret();
const receiver = await startWebhookReceiver(secret);
const dataDir = tempDir();
const delivery = { WEBHOOK_URLS: receiver.url, WEBHOOK_SECRET: secret, SPAM_CHALLENGE: 'off', DATA_DIR: dataDir };
let server = await startServer({ env: delivery });
afterAll(async () => {
  await server.stop();
  await receiver.stop();
});

async function deliveredOnce(leadId: number) {
  await expect.poll(() => receiver.acceptedPerId().get(`lead-${leadId}`), { timeout: 10_000 }).toBe(1);
}

describe('Idempotency-Key', () => {
  it('five concurrent sends with one key: one lead, one delivery, the same answer five times', async () => {
    const key = newKey();
    const body = { ...society, email: 'five@example.in' };
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => postJson(`${server.url}/addSocietyQuery`, body, { 'Idempotency-Key': `"${key}"` })),
    );
    const texts = await Promise.all(answers.map((r) => r.text()));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(texts).size).toBe(1);
    expect(JSON.parse(texts[0]!)).toMatchObject({ success: true });
    expect(answers.filter((r) => r.headers.get('idempotent-replayed') === 'true')).toHaveLength(4);
    const leads = storedLeads(dataDir).filter((l) => l.fields.email === body.email);
    expect(leads).toHaveLength(1);
    await deliveredOnce(leads[0]!.id);
    expect(countRows(dataDir, 'deliveries')).toBe(storedLeads(dataDir).length);

    // After a restart on the same database file, five more: still one lead, one delivery.
    await server.stop();
    server = await startServer({ env: delivery });
    const again = await Promise.all(
      Array.from({ length: 5 }, () => postJson(`${server.url}/addSocietyQuery`, body, { 'Idempotency-Key': key })),
    );
    expect(await Promise.all(again.map((r) => r.text()))).toEqual(texts);
    expect(again.every((r) => r.headers.get('idempotent-replayed') === 'true')).toBe(true);
    expect(storedLeads(dataDir).filter((l) => l.fields.email === body.email)).toHaveLength(1);
    // Give the worker the chance to send anything it wrongly queued, then count again.
    const probe = await postJson(`${server.url}/addSocietyQuery`, { ...society, email: 'probe@example.in' });
    expect(probe.status).toBe(200);
    await deliveredOnce(storedLeads(dataDir).at(-1)!.id);
    expect(receiver.acceptedPerId().get(`lead-${leads[0]!.id}`)).toBe(1);
  });

  it('a key reused with another body is refused with 422, in the form language, and stores nothing', async () => {
    const key = newKey();
    const first = await postJson(`${server.url}/addQuery`, { ...VALID_CAREER, name: 'Key Owner', email: 'owner@example.in' }, { 'Idempotency-Key': key });
    expect(first.status).toBe(200);
    const before = countRows(dataDir, 'leads');
    const other = await postJson(`${server.url}/addSocietyQuery`, { ...society, email: 'other@example.in' }, { 'Idempotency-Key': key });
    expect(other.status).toBe(422);
    expect(await other.json()).toEqual({
      success: false,
      message: 'This Idempotency-Key was already used for a different submission. Send a new submission with a new key.',
    });
    const hindi = await postJson(`${server.url}/addSocietyQuery`, { ...society, email: 'other@example.in' }, { 'Idempotency-Key': key, 'Content-Language': 'hi' });
    expect(hindi.status).toBe(422);
    expect((await hindi.json()).message).toMatch(/Idempotency-Key पहले/);
    expect(countRows(dataDir, 'leads')).toBe(before);
  });

  it('a malformed key is refused with 400 and stores nothing', async () => {
    const before = countRows(dataDir, 'leads');
    for (const bad of ['short', 'has space in it 1234567', '"unterminated-key-123456', 'x'.repeat(65)]) {
      const res = await postJson(`${server.url}/addSocietyQuery`, { ...society, email: 'bad.key@example.in' }, { 'Idempotency-Key': bad });
      expect(res.status, bad).toBe(400);
      expect((await res.json()).message).toMatch(/Idempotency-Key header must be/);
    }
    expect(countRows(dataDir, 'leads')).toBe(before);
  });

  it('preflights allow the header', async () => {
    const res = await fetch(`${server.url}/addSocietyQuery`, {
      method: 'OPTIONS',
      headers: { Origin: 'https://partner.example', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type,idempotency-key' },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-headers')).toMatch(/Idempotency-Key/);
  });
});

describe('Idempotency-Key with the proof of work on', () => {
  it('a repeat carrying the spent solution gets the first answer; the lead stays a person’s', async () => {
    const spamDir = tempDir();
    const site = await startServer({ env: { DATA_DIR: spamDir, ALTCHA_MAX_NUMBER: '2000' } });
    try {
      const headers = { 'Idempotency-Key': newKey(), 'X-Altcha': await solvedHeader(site.url) };
      const first = await postJson(`${site.url}/addSocietyQuery`, society, headers);
      const second = await postJson(`${site.url}/addSocietyQuery`, society, headers);
      expect([first.status, second.status]).toEqual([200, 200]);
      expect(second.headers.get('idempotent-replayed')).toBe('true');
      expect(spamOf(spamDir)).toEqual([null]);
    } finally {
      await site.stop();
    }
  });
});

/**
 * A proxy in front of the service that forwards every request but, while `swallow` is
 * set, never passes the answer back: the service stores the lead, the client hears nothing.
 */
async function startSwallowingProxy(target: string) {
  const { port: targetPort } = new URL(target);
  const sockets = new Set<net.Socket>();
  let swallow = true;
  let heard: () => void;
  /** Settles when the service has answered a request (the lead is stored), passed back or not. */
  const answered = new Promise<void>((resolve) => (heard = resolve));
  const proxy = net.createServer((client) => {
    const upstream = net.connect(Number(targetPort), '127.0.0.1');
    sockets.add(client).add(upstream);
    client.pipe(upstream);
    upstream.on('data', (chunk) => {
      heard();
      if (!swallow) client.write(chunk);
    });
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(proxy.address() as net.AddressInfo).port}`,
    answered,
    answer() {
      swallow = false;
    },
    stop: () => {
      for (const s of sockets) s.destroy();
      return new Promise<void>((resolve) => proxy.close(() => resolve()));
    },
  };
}

describe('a client that timed out', () => {
  it('at 15 s on a lead the service stored, retrying with its key, adds nothing', async () => {
    // A service of its own, without deliveries: no timer of the service runs while the client's clock is a test clock.
    const quiet = await startServer({ env: { SPAM_CHALLENGE: 'off' } });
    const proxy = await startSwallowingProxy(quiet.url);
    try {
      const body = { ...society, email: 'timed.out@example.in' };
      const headers = { 'Idempotency-Key': newKey() };
      // The forms' own client and its 15 s limit, on a test clock (its timer is the only one made meanwhile).
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      let first: PostOutcome | undefined;
      const sending = widgetPost(`${proxy.url}/addSocietyQuery`, body, { headers }).then((outcome) => (first = outcome));
      await proxy.answered;
      expect(countRows(quiet.dataDir, 'leads')).toBe(1);
      await vi.advanceTimersByTimeAsync(DEFAULT_TIMEOUT_MS - 1);
      expect(first, 'still waiting a moment before its limit').toBeUndefined();
      await vi.advanceTimersByTimeAsync(1);
      await sending;
      vi.useRealTimers();
      expect(first).toEqual({ type: 'timeout' });
      expect(countRows(quiet.dataDir, 'leads')).toBe(1);
      proxy.answer();
      const retry = await widgetPost(`${proxy.url}/addSocietyQuery`, body, { headers });
      expect(retry).toMatchObject({ type: 'json', status: 200, body: { success: true } });
      expect(countRows(quiet.dataDir, 'leads')).toBe(1);
    } finally {
      vi.useRealTimers();
      await proxy.stop();
      await quiet.stop();
    }
  });
});
