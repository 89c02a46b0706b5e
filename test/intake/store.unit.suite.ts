/**
 * The store suite: the same behaviour from the service and the operator commands on both
 * stores, SQLite in DATA_DIR (the default) and PostgreSQL (DATABASE_URL, a database of its own
 * in the run's throwaway cluster). One file per store runs it (store-sqlite.unit.test.ts,
 * store-postgres.unit.test.ts), so the two run side by side.
 */
import { execFile, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openOperatorStore } from '../../scripts/reports/open-store.ts';
import { postgresBinDir } from '../../scripts/throwaway-postgres.ts';
import { solvedHeader } from '../helpers/altcha.ts';
import { adminUrl, freshDatabase } from '../helpers/postgres.ts';
import { postJson, rawRequest, readDb, ROOT, startServer, tempDir, type RunningServer } from '../helpers/server.ts';
import { MAX_KEYS_PER_DAY } from '../../server/funnel/funnel.ts';
import { VALID_SOCIETY } from '../helpers/fixtures.ts';
import { outboxDrained } from '../helpers/outbox.ts';
import { startWebhookReceiver, webhookSecret } from '../../scripts/webhook-receiver.ts';
import { VERSION } from '../../server/ops/version.ts';

const run = promisify(execFile);
const cli = async (script: 'leads' | 'vitals' | 'funnel', args: string[], databaseUrl: string, dataDir: string) =>
  (await run(process.execPath, ['--import', 'tsx', `scripts/${script}.ts`, ...args], { cwd: ROOT, env: { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: dataDir } })).stdout;

const society = (i: number, extra: Partial<Record<string, string>> = {}) => ({
  ...VALID_SOCIETY,
  name: `Resident ${i}`,
  email: `resident${i}@example.in`,
  phone: `+91 98765 ${String(40000 + i)}`,
  ...extra,
});
const waitFor = async (check: () => boolean | Promise<boolean>, timeoutMs = 20_000) => {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 50));
  }
};

const INSIGHT_TOKEN = 'store-suite-insight-token-0123456789';
/** What a person's browser sends with a vitals beacon (funnel.ts counts only such beacons). */
const PERSON_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';
const beaconHeaders = { 'content-type': 'text/plain', 'user-agent': PERSON_AGENT, 'sec-fetch-mode': 'no-cors', 'sec-fetch-dest': 'empty' };

/** The store suite on one backend. */
export function storeSuite(backend: 'sqlite' | 'postgres') {
  describe(`store: ${backend}`, () => {
    const secret = webhookSecret();
    let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
    let server: RunningServer;
    let databaseUrl = '';
    const env = (extra: Record<string, string> = {}) => ({
      WEBHOOK_URLS: receiver.url,
      WEBHOOK_SECRET: secret,
      ALTCHA_MAX_NUMBER: '2000',
      INSIGHT_TOKEN: INSIGHT_TOKEN,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...extra,
    });
    const store = () => openOperatorStore(server.dataDir, databaseUrl);
    const leadsOf = async (email: string) => {
      const s = await store();
      try {
        return ((await s.listLeads({ includeSpam: true })) ?? []).filter((l) => l.fields.email === email);
      } finally {
        await s.close();
      }
    };

    /** Rows of a plain SELECT, from leads.db or PostgreSQL. */
    const rowsOf = async (sql: string): Promise<Record<string, unknown>[]> => {
      if (!databaseUrl) return readDb(server.dataDir, (db) => db.prepare(sql).all() as Record<string, unknown>[]);
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        return (await client.query(sql)).rows;
      } finally {
        await client.end();
      }
    };

    beforeAll(async () => {
      if (backend === 'postgres') databaseUrl = await freshDatabase();
      receiver = await startWebhookReceiver(secret);
      server = await startServer({ env: env() });
    }, 180_000);
    afterAll(async () => {
      await server?.stop();
      await receiver?.stop();
    });

    it('/health proves a write', async () => {
      const res = await fetch(`${server.url}/health`);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ status: 'ok', version: VERSION });
    });

    it('stores a lead once (a repeat within ten minutes is answered alike), and delivers it once', async () => {
      const first = await postJson(`${server.url}/addSocietyQuery`, society(1), { 'x-altcha': await solvedHeader(server.url) });
      const repeat = await postJson(`${server.url}/addSocietyQuery`, society(1, { email: ' Resident1@Example.in ' }), { 'x-altcha': await solvedHeader(server.url) });
      expect([first.status, repeat.status]).toEqual([200, 200]);
      expect(await repeat.json()).toEqual(await first.json());
      const stored = await leadsOf('resident1@example.in');
      expect(stored).toHaveLength(1);
      expect(stored[0]).toMatchObject({ kind: 'society', spamReason: null, fields: society(1) });
      await waitFor(() => receiver.accepted.some((a) => a.body.data.fields.email === 'resident1@example.in'));
      await outboxDrained(server.dataDir, databaseUrl);
      expect(receiver.accepted.filter((a) => a.body.data.fields.email === 'resident1@example.in')).toHaveLength(1);
      expect(receiver.badSignatures).toEqual([]);
    });

    it('a proof-of-work solution is good for one lead: its reuse is stored as spam and not delivered', async () => {
      const header = await solvedHeader(server.url);
      expect((await postJson(`${server.url}/addSocietyQuery`, society(2), { 'x-altcha': header })).status).toBe(200);
      expect((await postJson(`${server.url}/addSocietyQuery`, society(3), { 'x-altcha': header })).status).toBe(200);
      expect((await leadsOf('resident2@example.in')).map((l) => l.spamReason)).toEqual([null]);
      expect((await leadsOf('resident3@example.in')).map((l) => l.spamReason)).toEqual(['reused-solution']);
      const s = await store();
      const deliveries = (await s.deliveries())!;
      await s.close();
      const personLead = (await leadsOf('resident2@example.in'))[0]!.id;
      expect(deliveries.rows.filter((d) => d.leadId === personLead), 'the same list holds the person’s lead’s delivery').toHaveLength(1);
      const spamLead = (await leadsOf('resident3@example.in'))[0]!.id;
      expect(deliveries.rows.filter((d) => d.leadId === spamLead)).toEqual([]);
    });

    it('an Idempotency-Key sent five times at once, and again after a restart, gives one lead and one delivery; another body with it is refused', async () => {
      const key = `store-${backend}-0123456789abcdef`;
      const body = society(9);
      const send = async (payload = body) => postJson(`${server.url}/addSocietyQuery`, payload, { 'Idempotency-Key': `"${key}"`, 'x-altcha': await solvedHeader(server.url) });
      const answers = await Promise.all(Array.from({ length: 5 }, () => send()));
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
      expect(answers.filter((a) => a.headers.get('idempotent-replayed') === 'true')).toHaveLength(4);
      const firstBody = await answers[0]!.json();
      await server.stop();
      server = await startServer({ env: env({ DATA_DIR: server.dataDir }) });
      const again = await send();
      expect([again.status, again.headers.get('idempotent-replayed')]).toEqual([200, 'true']);
      expect(await again.json()).toEqual(firstBody);
      expect((await send(society(9, { city: 'Nashik' }))).status).toBe(422);
      expect(await leadsOf('resident9@example.in')).toHaveLength(1);
      await waitFor(() => receiver.accepted.some((a) => a.body.data.fields.email === 'resident9@example.in'));
      await outboxDrained(server.dataDir, databaseUrl);
      expect(receiver.accepted.filter((a) => a.body.data.fields.email === 'resident9@example.in')).toHaveLength(1);
    });

    it('npm run leads: --person finds, --deliveries lists, --erase erases the rows and records it', async () => {
      expect((await postJson(`${server.url}/addSocietyQuery`, society(4, { phone: '098765 55555' }), { 'x-altcha': await solvedHeader(server.url) })).status).toBe(200);
      await waitFor(async () => {
        const s = await store();
        const counts = (await s.deliveries())!.counts;
        await s.close();
        return counts.pending === 0;
      });
      const person = JSON.parse(await cli('leads', ['--person', '+91 98765 55555'], databaseUrl, server.dataDir));
      expect(person.leads.map((l: { fields: { email: string } }) => l.fields.email)).toEqual(['resident4@example.in']);
      expect(person.deliveries).toHaveLength(1);
      const listed = JSON.parse(await cli('leads', ['--deliveries', '--format', 'json'], databaseUrl, server.dataDir));
      expect(listed.filter((d: { status: string }) => d.status === 'delivered').length).toBeGreaterThanOrEqual(3);
      const erased = await cli('leads', ['--erase', 'RESIDENT4@example.in'], databaseUrl, server.dataDir);
      // Every table that refers to leads, in the store's order: here the lead's one delivery and nothing else.
      expect(erased).toMatch(/^erasure: 1 lead erased \((?=[^)]*\bdeliveries: 1\b)(?=[^)]*\bidempotency_keys: 0\b)[a-z_]+: \d+(, [a-z_]+: \d+)*\); the erasure is recorded/);
      expect(await leadsOf('resident4@example.in')).toEqual([]);
      const again = JSON.parse(await cli('leads', ['--person', 'resident4@example.in'], databaseUrl, server.dataDir));
      expect(again.leads).toEqual([]);
    }, 120_000);

    it('--erase, then a device retrying with the erased lead’s Idempotency-Key: answered as before, nothing stored; only the key is kept', async () => {
      const key = `erased-${backend}-0123456789abcdef`;
      const body = society(69);
      const send = async () => postJson(`${server.url}/addSocietyQuery`, body, { 'Idempotency-Key': `"${key}"`, 'x-altcha': await solvedHeader(server.url) });
      const first = await send();
      expect(first.status).toBe(200);
      const answer = await first.json();
      await waitFor(() => receiver.accepted.some((a) => a.body.data.fields.email === 'resident69@example.in'));
      expect(await cli('leads', ['--erase', 'resident69@example.in'], databaseUrl, server.dataDir)).toMatch(/^erasure: 1 lead erased \((?=[^)]*\bdeliveries: 1\b)(?=[^)]*\bidempotency_keys: 1\b)[a-z_]+: \d+(, [a-z_]+: \d+)*\)/);

      const retry = await send();
      expect([retry.status, retry.headers.get('idempotent-replayed')]).toEqual([200, 'true']);
      // The same answer, less the erased lead's reference (it went with the lead).
      const { reference, ...withoutReference } = answer;
      expect(reference).toMatch(/^SD-/);
      expect(await retry.json()).toEqual(withoutReference);
      expect(await leadsOf('resident69@example.in')).toEqual([]);
      expect(JSON.parse(await cli('leads', ['--person', 'resident69@example.in'], databaseUrl, server.dataDir)).leads).toEqual([]);
      // The tombstone: the key and when it was first used, nothing of the person.
      const tombstones = await rowsOf(`SELECT * FROM erased_idempotency_keys WHERE key = '${key}'`);
      expect(tombstones).toEqual([{ key, created_at: expect.anything() }]);
      expect(await rowsOf(`SELECT key FROM idempotency_keys WHERE key = '${key}'`)).toEqual([]);
      await outboxDrained(server.dataDir, databaseUrl);
      expect(receiver.accepted.filter((a) => a.body.data.fields.email === 'resident69@example.in')).toHaveLength(1);
    }, 120_000);

    it('--redeliver queues a dead or pending delivery again, never a delivered one', async () => {
      const s = await store();
      const delivered = (await s.deliveries())!.rows.find((d) => d.status === 'delivered')!;
      expect(await s.redeliver(delivered.id)).toMatchObject({ ok: false, reason: 'delivered' });
      expect(await s.redeliver(999_999)).toEqual({ ok: false, reason: 'unknown' });
      await s.close();
    });

    it('vitals: stored in their own table up to the daily cap, summarised by npm run vitals', async () => {
      const capped = await startServer({ env: env({ VITALS_DAILY_CAP: '3', ...(databaseUrl ? {} : { DATA_DIR: server.dataDir }) }) });
      try {
        const beacon = { page: '/', metrics: [{ name: 'LCP', value: 1200 }, { name: 'CLS', value: 0.01 }] };
        // The first server has one day's count already (none); this one shares the data.
        expect((await postJson(`${capped.url}/vitals`, beacon)).status).toBe(204);
        expect((await postJson(`${capped.url}/vitals`, beacon)).status).toBe(204); // 2 + 2 > 3: dropped
      } finally {
        await capped.stop();
      }
      const summary = JSON.parse(await cli('vitals', ['--json'], databaseUrl, server.dataDir)).summary;
      expect(summary.map((s: { metric: string; samples: number }) => [s.metric, s.samples])).toEqual([['LCP', 1], ['CLS', 1]]);
    }, 120_000);

    it('a lead keeps its campaign and page (npm run leads, the webhook); the funnel counts views, starts, sends and leads (npm run funnel, /_insight)', async () => {
      // A page load's first beacon (its TTFB: a view) and a form's start and send, on a campaign link.
      const beacon = {
        page: '/?utm_source=whatsapp&utm_campaign=diwali',
        metrics: [{ name: 'TTFB', value: 80, rating: 'good', navigationType: 'navigate' }],
        funnel: { starts: 1, sends: 1 },
      };
      // Fetch metadata as a browser's sendBeacon sends it (fetch() would put its own): a raw request.
      expect((await rawRequest(`${server.url}/vitals`, { headers: beaconHeaders, body: JSON.stringify(beacon) })).status).toBe(204);
      expect((await postJson(`${server.url}/vitals`, beacon, { 'content-type': 'text/plain' })).status).toBe(204); // not a page's beacon: not counted
      const url = `${server.url}/addSocietyQuery?utm_source=whatsapp&utm_campaign=diwali&utm_medium=${'x'.repeat(101)}&page=%2F`;
      expect((await postJson(url, society(60), { 'x-altcha': await solvedHeader(server.url), 'user-agent': PERSON_AGENT })).status).toBe(200);
      expect((await postJson(url, society(60), { 'x-altcha': await solvedHeader(server.url), 'user-agent': PERSON_AGENT })).status).toBe(200); // a repeat: no second lead

      const [lead] = await leadsOf('resident60@example.in');
      expect(lead).toMatchObject({ campaign: { utm_source: 'whatsapp', utm_campaign: 'diwali' }, page: '/' });
      expect(lead!.campaign).not.toHaveProperty('utm_medium'); // too long: dropped, the lead kept
      const listed = JSON.parse(await cli('leads', ['--format', 'json'], databaseUrl, server.dataDir));
      expect(listed.find((l: { id: number }) => l.id === lead!.id)).toMatchObject({ utm_source: 'whatsapp', utm_campaign: 'diwali', utm_medium: null, page: '/' });
      expect(await cli('leads', [], databaseUrl, server.dataDir)).toContain('whatsapp / diwali');
      await waitFor(() => receiver.accepted.some((a) => a.body.data.fields.email === 'resident60@example.in'));
      expect(receiver.accepted.find((a) => a.body.data.fields.email === 'resident60@example.in')!.body.data.source).toMatchObject({
        page: '/',
        campaign: { utm_source: 'whatsapp', utm_medium: null, utm_campaign: 'diwali', ref: null },
      });

      const funnel = JSON.parse(await cli('funnel', ['--by', 'campaign', '--format', 'json'], databaseUrl, server.dataDir));
      expect(funnel.rows.find((r: { key: string }) => r.key === 'diwali')).toMatchObject({ views: 1, starts: 1, sends: 1, leads: 1, conversion: 1 });
      expect((await fetch(`${server.url}/_insight`)).status).toBe(404);
      const insight = await fetch(`${server.url}/_insight`, { headers: { authorization: `Bearer ${INSIGHT_TOKEN}` } });
      expect(insight.status).toBe(200);
      expect(insight.headers.get('cache-control')).toBe('no-store');
      const page = await insight.text();
      expect(page).toMatch(/<th scope="row">diwali<\/th><td>1<\/td><td>1<\/td><td>1<\/td><td>1<\/td>/);
      expect(page).toMatch(/<th scope="row">whatsapp<\/th><td>1<\/td><td>1<\/td><td>1<\/td><td>1<\/td>/);
    }, 120_000);

    it('a form sent without script: stored once, marked as having come without proof of work, delivered so; a filled honeypot is spam, never delivered', async () => {
      const form = (values: Record<string, string>) =>
        fetch(`${server.url}/addSocietyQuery`, {
          method: 'POST',
          redirect: 'manual',
          headers: { 'user-agent': PERSON_AGENT, referer: `${server.url}/register?utm_source=qr` },
          body: new URLSearchParams({ lang: 'en', notice: '2026-11-24', website: '', ...values }),
        });
      const person = await form(society(70));
      expect(person.status).toBe(303);
      expect((await form(society(70))).status, 'a second press of the same form').toBe(303);
      expect(await leadsOf('resident70@example.in')).toMatchObject([{ spamReason: null, withoutProof: true, noticeVersion: '2026-11-24', campaign: { utm_source: 'qr' } }]);
      const listed = JSON.parse(await cli('leads', ['--format', 'json'], databaseUrl, server.dataDir));
      expect(listed.find((l: { email: string }) => l.email === 'resident70@example.in')).toMatchObject({ withoutProofOfWork: true, spam: false });
      await waitFor(() => receiver.accepted.some((a) => a.body.data.fields.email === 'resident70@example.in'));
      expect(receiver.accepted.filter((a) => a.body.data.fields.email === 'resident70@example.in').map((a) => a.body.data.withoutProofOfWork)).toEqual([true]);
      // The funnel: each press is a send (the page ran no script to count it), the stored lead one lead.
      const funnel = JSON.parse(await cli('funnel', ['--by', 'source', '--format', 'json'], databaseUrl, server.dataDir));
      expect(funnel.rows.find((r: { key: string }) => r.key === 'qr')).toMatchObject({ sends: 2, leads: 1 });

      expect((await form({ ...society(71), website: 'https://spam.example' })).status).toBe(303);
      const [spam] = await leadsOf('resident71@example.in');
      expect(spam).toMatchObject({ spamReason: 'honeypot', withoutProof: false });
      const s = await store();
      const deliveries = (await s.deliveries())!;
      await s.close();
      expect(deliveries.rows.filter((d) => d.leadId === spam!.id)).toEqual([]);
    });

    it('the per-client rate limit answers 429 past RATE_LIMIT_MAX', async () => {
      // On PostgreSQL the counts are shared: a database of its own, so the other tests' posts don't count.
      const limited = await startServer({ env: env({ RATE_LIMIT_MAX: '3', ...(databaseUrl ? { DATABASE_URL: await freshDatabase() } : {}) }) });
      try {
        // At once: counted exactly even when they reach the store together.
        const statuses = await Promise.all([0, 1, 2, 3].map(async (i) => (await postJson(`${limited.url}/addSocietyQuery`, society(50 + i))).status));
        expect(statuses.sort()).toEqual([200, 200, 200, 429]);
      } finally {
        await limited.stop();
      }
    });

    it('past the day’s key limit, 500 beacons with new pages, partners and campaigns add at most four rows; /_insight stays under 100 KB; a beacon counts at most one view, start and send', async () => {
      const ownDatabase = databaseUrl ? await freshDatabase() : '';
      const flooded = await startServer({ env: env(ownDatabase ? { DATABASE_URL: ownDatabase } : {}) });
      const rows = async (): Promise<number> => {
        if (!ownDatabase) return readDb(flooded.dataDir, (db) => db.prepare('SELECT COUNT(*) FROM funnel_counts').pluck().get() as number, 'vitals.db');
        const client = new pg.Client({ connectionString: ownDatabase });
        await client.connect();
        try {
          return (await client.query('SELECT COUNT(*)::int AS n FROM funnel_counts')).rows[0].n;
        } finally {
          await client.end();
        }
      };
      const totals = async () => JSON.parse(await cli('funnel', ['--format', 'json'], ownDatabase, flooded.dataDir)).total;
      const beacon = (page: string, funnel: Record<string, number> = { starts: 1, sends: 1 }) =>
        rawRequest(`${flooded.url}/vitals`, {
          headers: beaconHeaders,
          body: JSON.stringify({ page, metrics: [{ name: 'TTFB', value: 80, rating: 'good', navigationType: 'navigate' }], funnel }),
        });
      const inTurns = async (n: number, send: (i: number) => Promise<{ status: number }>) => {
        for (let i = 0; i < n; i += 25) {
          const statuses = await Promise.all(Array.from({ length: Math.min(25, n - i) }, (_, j) => send(i + j).then((r) => r.status)));
          expect(new Set(statuses)).toEqual(new Set([204]));
        }
      };
      try {
        // The day filled with MAX_KEYS_PER_DAY keys: a view, a start and a send under each of 666 campaigns, and two more keys.
        await inTurns(666, (i) => beacon(`/?utm_source=fill&utm_campaign=fill-${i}`));
        expect((await beacon('/?utm_source=fill&utm_campaign=fill-last', { starts: 1 })).status).toBe(204);
        expect(await rows()).toBe(MAX_KEYS_PER_DAY);

        const routes = ['/', '/register', '/features', '/about-us', '/career', '/embed', '/hi/', '/hi/register'];
        await inTurns(500, (i) => beacon(`${routes[i % routes.length]}?partner=p${i}&utm_source=s${i}&utm_medium=m${i}&utm_campaign=c${i}&ref=r${i}`));
        expect(await rows()).toBeLessThanOrEqual(MAX_KEYS_PER_DAY + 4);
        const byPartner = JSON.parse(await cli('funnel', ['--by', 'partner', '--format', 'json'], ownDatabase, flooded.dataDir)).rows;
        expect(byPartner.find((r: { key: string }) => r.key === '(other)')).toMatchObject({ views: 500, starts: 500, sends: 500 });

        const insight = await fetch(`${flooded.url}/_insight`, { headers: { authorization: `Bearer ${INSIGHT_TOKEN}` } });
        expect(insight.status).toBe(200);
        const html = await insight.text();
        expect(Buffer.byteLength(html)).toBeLessThan(100 * 1024);
        expect(html).toMatch(/<th scope="row">\d+ more<\/th>/); // the campaigns past the first 50, summed

        // One beacon: at most one view, one start and one send; asking for more is refused and counts nothing.
        const before = await totals();
        expect((await beacon('/?utm_source=fill&utm_campaign=fill-1', { starts: 10, sends: 10 })).status).toBe(400);
        expect((await beacon('/?utm_source=fill&utm_campaign=fill-1', { starts: 1, sends: 2 })).status).toBe(400);
        expect((await beacon('/?utm_source=fill&utm_campaign=fill-1')).status).toBe(204);
        expect(await totals()).toMatchObject({ views: before.views + 1, starts: before.starts + 1, sends: before.sends + 1 });
      } finally {
        await flooded.stop();
      }
    }, 180_000);

    it.runIf(backend === 'postgres')('npm run backup: a pg_dump of the database, private, that pg_restore reads', async () => {
      const out = tempDir('backup-');
      const stdout = (await run(process.execPath, ['--import', 'tsx', 'scripts/backup.ts', '--out', out], { cwd: ROOT, env: { ...process.env, DATABASE_URL: databaseUrl } })).stdout;
      const [stamp] = fs.readdirSync(out);
      const dump = path.join(out, stamp!, 'intake.dump');
      expect(stdout).toBe(`backed up intake.dump to ${path.dirname(dump)}\n`);
      expect(fs.statSync(dump).mode & 0o777).toBe(0o600);
      const restoreList = spawnSync(path.join(postgresBinDir(), 'pg_restore'), ['--list', dump]).stdout.toString();
      expect(restoreList).toMatch(/TABLE public leads /);
      expect(restoreList).toMatch(/TABLE DATA public deliveries /);
    });

    it.runIf(backend === 'postgres')('/health answers 503 with the reason while PostgreSQL refuses connections, and ok again after', async () => {
      const name = new URL(databaseUrl).pathname.slice(1);
      const admin = new pg.Client({ connectionString: adminUrl() });
      await admin.connect();
      try {
        await admin.query(`ALTER DATABASE "${name}" WITH ALLOW_CONNECTIONS false`);
        await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [name]);
        const res = await fetch(`${server.url}/health`);
        expect(res.status).toBe(503);
        const body = await res.json();
        expect(body.status).toBe('error');
        expect(body.reason).toMatch(/PostgreSQL/);
        expect(body.reason).not.toContain(name);
      } finally {
        await admin.query(`ALTER DATABASE "${name}" WITH ALLOW_CONNECTIONS true`);
        await admin.end();
      }
      await waitFor(async () => (await fetch(`${server.url}/health`)).status === 200);
    });
  });
}
