/**
 * Two service instances on one PostgreSQL behind a real nginx doing round robin (all
 * started here): what one instance stores, dedupes, delivers, refuses or counts, the
 * other sees; one SIGKILLed in the middle loses no acknowledged lead and no delivery.
 * The instances trust the proxy's address (TRUST_PROXY=127.0.0.1), so a client is its address at nginx:
 * the scripted clients connect from addresses of 127.0.0.0/8 of their own.
 */
import http from 'node:http';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Challenge } from 'altcha-lib/v1/types';
import { solve, solvedHeader } from '../helpers/altcha.ts';
import { launchBrowser } from '../helpers/browser.ts';
import { formValues, validLead, VALID_SOCIETY } from '../helpers/fixtures.ts';
import { startNginx } from '../helpers/nginx.ts';
import { pdfWithMarker } from '../helpers/cv-files.ts';
import { postCv } from '../helpers/cv-service.ts';
import { freshDatabase } from '../helpers/postgres.ts';
import { distDir, startServerProcess } from '../helpers/server.ts';
import { startWebhookReceiver, webhookSecret } from '../../scripts/webhook-receiver.ts';

const RATE_LIMIT_MAX = 20;
const agents = new Map<string, http.Agent>();

function agentAt(from: string): http.Agent {
  const agent = agents.get(from) ?? new http.Agent({ keepAlive: true, localAddress: from });
  agents.set(from, agent);
  return agent;
}

/** A POST from a client at `from` (an address of 127.0.0.0/8). */
function post(url: string, body: unknown, from: string, headers: Record<string, string> = {}): Promise<number> {
  const text = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'POST', agent: agentAt(from), headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end(text);
  });
}

/** A proof-of-work solution fetched and solved as a visitor's form does, by a client at `from`. */
function solvedFrom(apiBase: string, from: string): Promise<string> {
  return new Promise((resolve, reject) => {
    http
      .get(`${apiBase}/altcha-challenge`, { agent: agentAt(from) }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          if (res.statusCode !== 200) return reject(new Error(`GET /altcha-challenge answered ${res.statusCode}`));
          solve(JSON.parse(Buffer.concat(chunks).toString('utf8')) as Challenge).then(resolve, reject);
        });
      })
      .on('error', reject);
  });
}

/** A person's lead: with a solved proof of work (a lead without one is stored as spam and never delivered). */
const postLead = async (apiBase: string, body: unknown, from: string) =>
  post(`${apiBase}/addSocietyQuery`, body, from, { 'x-altcha': await solvedFrom(apiBase, from) });

/**
 * A lead sent as the form sends it: with its Idempotency-Key, and sent again with the same key
 * (and a new proof) when the proxy could not answer it. A POST that nginx had already written to
 * the instance that was killed is answered 502 (nginx never posts a lead twice); the form's
 * waiting send is what takes it to the live instance. Its last status.
 */
async function sendAsTheFormDoes(apiBase: string, body: unknown, from: string): Promise<number> {
  const key = crypto.randomUUID();
  let status = 0;
  for (let attempt = 0; attempt < 3; attempt++) {
    status = await post(`${apiBase}/addSocietyQuery`, body, from, { 'x-altcha': await solvedFrom(apiBase, from), 'idempotency-key': `"${key}"` }).catch(() => 0);
    if (status !== 0 && status < 500) return status;
  }
  return status;
}

const society = (tag: string) => validLead('society', { email: `resident.${tag}@example.in` });

const waitFor = async (check: () => boolean | Promise<boolean>, timeoutMs: number) => {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 100));
  }
};

describe('two instances on one PostgreSQL behind nginx', () => {
  const secret = webhookSecret();
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
  let instances: Awaited<ReturnType<typeof startServerProcess>>[] = [];
  let nginx: Awaited<ReturnType<typeof startNginx>>;
  let db: pg.Pool;

  const count = async (sql: string, params: unknown[] = []) => Number((await db.query(sql, params)).rows[0].n);
  const leadIdsOf = async (emailLike: string) =>
    (await db.query("SELECT id FROM leads WHERE fields->>'email' LIKE $1 AND spam_reason IS NULL ORDER BY id", [emailLike])).rows.map((r) => `lead-${r.id}`);
  const acceptedOnce = (ids: readonly string[]) => {
    const perId = receiver.acceptedPerId();
    return ids.every((id) => perId.get(id) === 1);
  };
  /** The upstream ports nginx sent these requests to. */
  const upstreamsOf = (client: string, path: string) =>
    new Set(nginx.accessLog().filter((l) => l.startsWith(`${client} POST ${path} `)).map((l) => l.split(' ')[4]));

  beforeAll(async () => {
    const url = await freshDatabase();
    db = new pg.Pool({ connectionString: url, max: 2 });
    receiver = await startWebhookReceiver(secret);
    const env = {
      DATABASE_URL: url,
      DIST_DIR: distDir,
      TRUST_PROXY: '127.0.0.1',
      RATE_LIMIT_MAX: String(RATE_LIMIT_MAX),
      WEBHOOK_URLS: receiver.url,
      WEBHOOK_SECRET: secret,
      DELIVERY_RETRY_BASE_MS: '200',
      ALTCHA_MAX_NUMBER: '100', // quick to solve: 2,000 leads each solve one
    };
    // Started together: the schema is migrated once, under the advisory lock.
    instances = await Promise.all([startServerProcess(env), startServerProcess(env)]);
    nginx = await startNginx(instances.map((i) => i.url));
  }, 240_000);

  afterAll(async () => {
    for (const agent of agents.values()) agent.destroy();
    await nginx?.stop();
    await Promise.all(instances.map((i) => i.stop()));
    await receiver?.stop();
    await db?.end();
  }, 60_000);

  it('a registration made in a real browser through nginx is stored once and delivered once', async () => {
    const browser = await launchBrowser();
    try {
      const page = await browser.context.newPage();
      await page.goto(`${nginx.url}/`);
      const form = page.locator('society-registration');
      await form.scrollIntoViewIfNeeded();
      await form.locator('[name="name"]').focus();
      await page.waitForFunction(() => !!customElements.get('society-registration') && !document.querySelector('society-registration')?.shadowRoot?.querySelector('button[type="submit"][disabled]'));
      for (const [name, value] of Object.entries(formValues('society'))) await form.locator(`[name="${name}"]`).fill(value);
      await form.locator('button[type="submit"]').click();
      await expect.poll(() => page.getByRole('status').filter({ hasText: 'Registration Successful!' }).count(), { timeout: 20_000 }).toBe(1);
    } finally {
      await browser.close();
    }
    const ids = await leadIdsOf(VALID_SOCIETY.email);
    expect(ids).toHaveLength(1);
    await waitFor(() => acceptedOnce(ids), 20_000);
    await new Promise((r) => setTimeout(r, 1000)); // a second delivery would arrive here
    expect(receiver.acceptedPerId().get(ids[0]!)).toBe(1);
  });

  it('one proof-of-work solution is accepted once across both, and a repeat is stored once across both', async () => {
    const [a, b] = instances as [(typeof instances)[0], (typeof instances)[0]];
    const header = await solvedHeader(a.url); // the key is the database's, the same for both
    expect(await post(`${a.url}/addSocietyQuery`, society('pow-1'), '127.0.3.1', { 'x-altcha': header })).toBe(200);
    expect(await post(`${b.url}/addSocietyQuery`, society('pow-2'), '127.0.3.1', { 'x-altcha': header })).toBe(200);
    const spam = (await db.query("SELECT fields->>'email' AS email, spam_reason FROM leads WHERE fields->>'email' LIKE 'resident.pow-%' ORDER BY id")).rows;
    expect(spam).toEqual([
      { email: 'resident.pow-1@example.in', spam_reason: null },
      { email: 'resident.pow-2@example.in', spam_reason: 'reused-solution' },
    ]);
    expect(await post(`${b.url}/addSocietyQuery`, society('pow-1'), '127.0.3.1', { 'x-altcha': await solvedHeader(b.url) })).toBe(200);
    expect(await count("SELECT count(*) AS n FROM leads WHERE fields->>'email' = 'resident.pow-1@example.in'")).toBe(1);
  });

  it('a 1 MB CV goes through nginx (its body limit fits the 5 MB a CV may have) and is kept where both instances see it', async () => {
    const answer = await postCv(nginx.url, pdfWithMarker('through nginx', 1024 * 1024), 'cv.pdf');
    expect(answer.status).toBe(201);
    const { upload } = (await answer.json()) as { upload: string };
    expect(await count('SELECT count(*) AS n FROM cv_uploads WHERE id = $1 AND size = $2', [upload, 1024 * 1024])).toBe(1);
  });

  it('the per-client limit counts posts to both instances', async () => {
    const client = '127.0.2.1';
    const statuses: number[] = [];
    for (let i = 0; i <= RATE_LIMIT_MAX; i++) statuses.push(await post(`${nginx.url}/addSocietyQuery`, society(`limit-${i}`), client));
    expect(statuses).toEqual([...Array(RATE_LIMIT_MAX).fill(200), 429]);
    expect(upstreamsOf(client, '/addSocietyQuery').size).toBe(2);
  });

  it('2,000 scripted leads alternating between the instances: each stored once and delivered exactly once', async () => {
    const TOTAL = 2000;
    const clients = Array.from({ length: TOTAL / RATE_LIMIT_MAX }, (_, i) => `127.0.1.${i + 1}`);
    let next = 0;
    const statuses: number[] = [];
    await Promise.all(
      Array.from({ length: 20 }, async () => {
        while (next < TOTAL) {
          const i = next++;
          statuses.push(await postLead(nginx.url, society(`bulk-${i}`), clients[i % clients.length]!));
        }
      }),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(TOTAL);
    expect(upstreamsOf(clients[0]!, '/addSocietyQuery').size).toBe(2);
    const ids = await leadIdsOf('resident.bulk-%');
    expect(ids).toHaveLength(TOTAL);
    await waitFor(() => acceptedOnce(ids), 90_000);
    await new Promise((r) => setTimeout(r, 1000));
    expect(acceptedOnce(ids)).toBe(true);
    expect(receiver.badSignatures).toEqual([]);
    await waitFor(async () => (await count("SELECT count(*) AS n FROM deliveries WHERE status <> 'delivered'")) === 0, 30_000);
  }, 180_000);

  it('one instance SIGKILLed in the middle: no acknowledged lead and no delivery is lost; the other finishes them after the lease', async () => {
    receiver.setMode('hang'); // sends are in flight at the kill
    const acknowledged: number[] = [];
    for (let i = 0; i < 40; i++) {
      if ((await sendAsTheFormDoes(nginx.url, society(`kill-${i}`), `127.0.4.${1 + (i % 4)}`)) === 200) acknowledged.push(i);
      if (i === 20) {
        await waitFor(() => receiver.held.length > 0, 20_000);
        await instances[0]!.kill('SIGKILL');
      }
    }
    expect(acknowledged).toHaveLength(40); // nginx sends the rest to the live instance
    receiver.setMode('answer');
    const ids = await leadIdsOf('resident.kill-%');
    expect(ids).toHaveLength(40);
    // The dead instance's claims come back when their lease (15 s) ends.
    await waitFor(() => acceptedOnce(ids), 90_000);
    // The receiver counts a delivery before its answer reaches the instance, which then marks it delivered.
    await waitFor(async () => (await count("SELECT count(*) AS n FROM deliveries WHERE status <> 'delivered'")) === 0, 30_000);
    expect(acceptedOnce(ids)).toBe(true);
  }, 180_000);
});
