/**
 * Two service instances on one PostgreSQL behind a real nginx doing round robin
 * (test/helpers/two-instances.ts): what one instance stores, dedupes, delivers, refuses or
 * counts (sign-in failures of the team's side too), the other sees; 2,000 scripted leads are each stored and delivered once; one
 * instance SIGKILLed in the middle loses no acknowledged lead and no delivery, the other
 * taking over its claims when their lease ends (on the instances' test clock). The instances
 * trust the proxy's address (TRUST_PROXY=127.0.0.1), so a client is its address at nginx: the
 * scripted clients connect from addresses of 127.0.0.0/8 of their own. A registration made
 * in a real browser through nginx: multi-instance.e2e.test.ts.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Challenge } from 'altcha-lib/v1/types';
import { solve, solvedHeader } from '../helpers/altcha.ts';
import { validLead } from '../helpers/fixtures.ts';
import { pdfWithMarker } from '../helpers/cv-files.ts';
import { postCv } from '../helpers/cv-service.ts';
import { TEAM_API } from '../../contract/team.ts';
import { loadServerConfig } from '../../server/config.ts';
import { teamFetch } from '../helpers/team.ts';
import { startTwoInstances } from '../helpers/two-instances.ts';

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

/** The lease a dead instance's claims are held for (DELIVERY_LEASE_MS at its default). */
const LEASE_MS = loadServerConfig({}).deliveryLeaseMs;

describe('two instances on one PostgreSQL behind nginx', () => {
  let two: Awaited<ReturnType<typeof startTwoInstances>>;
  let instances: Awaited<ReturnType<typeof startTwoInstances>>['instances'];
  let nginx: Awaited<ReturnType<typeof startTwoInstances>>['nginx'];
  let receiver: Awaited<ReturnType<typeof startTwoInstances>>['receiver'];

  const count = async (sql: string, params: unknown[] = []) => Number((await two.db.query(sql, params)).rows[0].n);
  /** The upstream ports nginx sent these requests to. */
  const upstreamsOf = (client: string, path: string) =>
    new Set(nginx.accessLog().filter((l) => l.startsWith(`${client} POST ${path} `)).map((l) => l.split(' ')[4]));

  beforeAll(async () => {
    // Each instance on a test clock, which the SIGKILL test moves past the lease.
    two = await startTwoInstances(
      {
        RATE_LIMIT_MAX: String(RATE_LIMIT_MAX),
        ALTCHA_MAX_NUMBER: '100', // quick to solve: 2,000 leads each solve one
      },
      { clockStepMs: LEASE_MS + 1_000 },
    );
    ({ instances, nginx, receiver } = two);
  }, 240_000);

  afterAll(async () => {
    for (const agent of agents.values()) agent.destroy();
    await two?.stop();
  }, 60_000);

  it('one proof-of-work solution is accepted once across both, and a repeat is stored once across both', async () => {
    const [a, b] = instances;
    const header = await solvedHeader(a.url); // the key is the database's, the same for both
    expect(await post(`${a.url}/addSocietyQuery`, society('pow-1'), '127.0.3.1', { 'x-altcha': header })).toBe(200);
    expect(await post(`${b.url}/addSocietyQuery`, society('pow-2'), '127.0.3.1', { 'x-altcha': header })).toBe(200);
    const spam = (await two.db.query("SELECT fields->>'email' AS email, spam_reason FROM leads WHERE fields->>'email' LIKE 'resident.pow-%' ORDER BY id")).rows;
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

  it('counts failed sign-ins across instances: 20 from one client, spread over both, get 429 on each', async () => {
    const origin = loadServerConfig(two.settings).teamOrigin;
    const forged = { challengeId: 'none', response: { id: 'AAAA', rawId: 'AAAA', type: 'public-key', response: {} } };
    for (let i = 0; i < 20; i++) {
      const res = await teamFetch(`${instances[i % 2]!.url}${TEAM_API.signIn}`, { origin, body: forged });
      expect(res.status, `attempt ${i + 1}`).toBe(401);
    }
    for (const instance of instances) expect((await teamFetch(`${instance.url}${TEAM_API.signInOptions}`, { origin, body: {} })).status).toBe(429);
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
    const ids = await two.leadIdsOf('resident.bulk-%');
    expect(ids).toHaveLength(TOTAL);
    await waitFor(() => two.acceptedOnce(ids), 90_000);
    // Each recorded delivered (never sent again); the last test counts them once more with both instances gone.
    await waitFor(async () => (await two.undelivered()) === 0, 30_000);
    expect(two.acceptedOnce(ids)).toBe(true);
    expect(receiver.badSignatures).toEqual([]);
  }, 180_000);

  it('one instance SIGKILLed in the middle: no acknowledged lead and no delivery is lost; the other finishes them after the lease', async () => {
    receiver.setMode('hang'); // sends are in flight at the kill
    const acknowledged: number[] = [];
    let live = instances[1];
    for (let i = 0; i < 40; i++) {
      if ((await sendAsTheFormDoes(nginx.url, society(`kill-${i}`), `127.0.4.${1 + (i % 4)}`)) === 200) acknowledged.push(i);
      if (i === 20) {
        // The instance killed is one with a send in flight: it dies holding claims.
        let dying: typeof live | undefined;
        await waitFor(() => !!(dying = receiver.held.map((held) => two.senderOf(held)).find(Boolean)), 20_000);
        live = instances.find((instance) => instance !== dying)!;
        await dying!.kill('SIGKILL');
      }
    }
    expect(acknowledged).toHaveLength(40); // nginx sends the rest to the live instance
    // The receiver answers again; the sends it held are refused (the live instance retries its own).
    receiver.setMode('answer');
    receiver.releaseHeld();
    const ids = await two.leadIdsOf('resident.kill-%');
    expect(ids).toHaveLength(40);
    // The dead instance's claims come back when their lease ends: the live instance's clock moves past it.
    await live.moveClockOn();
    await waitFor(() => two.acceptedOnce(ids), 90_000);
    // The receiver counts a delivery before its answer reaches the instance, which then marks it delivered.
    await waitFor(async () => (await two.undelivered()) === 0, 30_000);
    // The live instance stopped (it finishes its sends in flight first), the other dead: nothing more can arrive.
    await live.stop();
    expect(two.acceptedOnce(ids)).toBe(true);
    expect(two.acceptedOnce(await two.leadIdsOf('resident.bulk-%')), 'the 2,000 leads, each still once').toBe(true);
  }, 180_000);
});
