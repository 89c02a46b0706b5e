import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientDailyShare } from '../../server/vitals/vitals.ts';
import { clientNetwork } from '../../server/http/client-network.ts';
import { countRows, rawRequest, readDb, startServer, tempDir, type RunningServer } from '../helpers/server.ts';
import { VALID_SOCIETY } from '../helpers/fixtures.ts';

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ env: { RATE_LIMIT_MAX: '1000', VITALS_RATE_LIMIT_MAX: '1000', ALLOWED_ORIGINS: 'https://partner.example' } });
});
afterAll(() => server.stop());

const beacon = (body: unknown, contentType = 'text/plain;charset=UTF-8', headers: Record<string, string> = {}) =>
  rawRequest(`${server.url}/vitals`, {
    headers: { 'content-type': contentType, ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

const good = {
  page: '/career',
  metrics: [
    { name: 'LCP', value: 1830.4, rating: 'good', id: 'v5-1', navigationType: 'navigate' },
    { name: 'CLS', value: 0.02 },
    { name: 'INP', value: 96, rating: 'good' },
  ],
};

describe('intake: POST /vitals', () => {
  it('stores a sendBeacon text/plain beacon, one row per metric, and answers 204', async () => {
    const before = countRows(server.dataDir, 'vitals');
    const res = await beacon(good);
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect(countRows(server.dataDir, 'vitals')).toBe(before + 3);
    const rows = readDb(server.dataDir, (db) => db.prepare('SELECT page, name, value, rating FROM vitals ORDER BY id').all(), 'vitals.db');
    expect(rows.slice(-3)).toEqual([
      { page: '/career', name: 'LCP', value: 1830.4, rating: 'good' },
      { page: '/career', name: 'CLS', value: 0.02, rating: null },
      { page: '/career', name: 'INP', value: 96, rating: 'good' },
    ]);
  });

  it('accepts application/json too, and drops a query string from the page', async () => {
    const res = await beacon({ page: '/?utm_source=mail&email=x@y.z', metrics: [{ name: 'TTFB', value: 120 }] }, 'application/json');
    expect(res.status).toBe(204);
    const last = readDb(server.dataDir, (db) => db.prepare('SELECT page FROM vitals ORDER BY id DESC LIMIT 1').get(), 'vitals.db');
    expect(last).toEqual({ page: '/' });
  });

  it('answers CORS for an allowed partner page and refuses others (ALLOWED_ORIGINS set)', async () => {
    const ok = await beacon(good, 'text/plain;charset=UTF-8', { origin: 'https://partner.example' });
    expect(ok.status).toBe(204);
    expect(ok.headers['access-control-allow-origin']).toBe('https://partner.example');
    const before = countRows(server.dataDir, 'vitals');
    const refused = await beacon(good, 'text/plain;charset=UTF-8', { origin: 'https://evil.example' });
    expect(refused.status).toBe(403);
    expect(countRows(server.dataDir, 'vitals')).toBe(before);
  });

  it('takes the routes of the site and /404 only, with or without a trailing slash', async () => {
    for (const [page, stored] of [['/about-us/', '/about-us'], ['/404', '/404'], ['/', '/'], ['/hi/', '/hi/'], ['/hi', '/hi/'], ['/hi/features/', '/hi/features']]) {
      expect((await beacon({ page, metrics: [{ name: 'TTFB', value: 80 }] })).status).toBe(204);
      const last = readDb(server.dataDir, (db) => db.prepare('SELECT page FROM vitals ORDER BY id DESC LIMIT 1').get(), 'vitals.db');
      expect(last).toEqual({ page: stored });
    }
    const before = countRows(server.dataDir, 'vitals');
    for (const page of ['/no-such-page', '/reset-password/sunita@example.in', '/index.html', '/about-us/extra']) {
      const res = await beacon({ page, metrics: [{ name: 'TTFB', value: 80 }] });
      expect(res.status, page).toBe(400);
      expect(JSON.parse(res.text)).toEqual({ success: false, message: 'Invalid vitals beacon: page: not a page of this site.' });
    }
    expect(countRows(server.dataDir, 'vitals')).toBe(before);
  });

  const metric = { name: 'LCP', value: 1000 };
  const bad: [string, unknown, number, string?][] = [
    ['an unknown metric', { page: '/', metrics: [{ name: 'FID', value: 10 }] }, 400],
    ['a negative value', { page: '/', metrics: [{ name: 'LCP', value: -1 }] }, 400],
    ['a huge value', { page: '/', metrics: [{ name: 'LCP', value: 600000 }] }, 400],
    ['a string value', { page: '/', metrics: [{ name: 'LCP', value: '100' }] }, 400],
    ['no metrics', { page: '/', metrics: [] }, 400],
    ['eleven metrics', { page: '/', metrics: Array.from({ length: 11 }, () => metric) }, 400],
    ['a metric twice', { page: '/', metrics: [metric, { name: 'CLS', value: 0 }, { ...metric, value: 2000 }] }, 400],
    ['every metric twice', { page: '/', metrics: ['LCP', 'INP', 'CLS', 'FCP', 'TTFB', 'LCP', 'INP', 'CLS', 'FCP', 'TTFB'].map((name) => ({ name, value: 1 })) }, 400],
    ['a page that is not a path', { page: 'https://x.example/', metrics: [metric] }, 400],
    ['a page over 200 characters', { page: `/${'a'.repeat(200)}`, metrics: [metric] }, 400],
    ['an unknown key', { page: '/', metrics: [metric], user: 'me' }, 400],
    ['an unknown rating', { page: '/', metrics: [{ ...metric, rating: 'great' }] }, 400],
    ['text that is not JSON', '{"page": "/"', 400],
    ['an empty body', '', 400],
    ['a form post', 'page=/', 415, 'application/x-www-form-urlencoded'],
  ];
  it.each(bad)('refuses %s with a JSON error and stores nothing', async (_label, body, status, contentType) => {
    const before = countRows(server.dataDir, 'vitals');
    const res = await beacon(body, contentType);
    expect(res.status).toBe(status);
    expect(JSON.parse(res.text)).toEqual({ success: false, message: expect.any(String) });
    expect(countRows(server.dataDir, 'vitals')).toBe(before);
  });

  it('names a repeated metric in its refusal', async () => {
    const res = await beacon({ page: '/', metrics: [metric, metric] });
    expect(res.status).toBe(400);
    expect(JSON.parse(res.text)).toEqual({ success: false, message: 'Invalid vitals beacon: metrics: each metric at most once.' });
  });

  it('keeps text/plain to /vitals: the lead endpoints still answer it with 415', async () => {
    const res = await rawRequest(`${server.url}/addQuery`, { headers: { 'content-type': 'text/plain' }, body: '{}' });
    expect(res.status).toBe(415);
  });
});

describe('intake: /vitals rate limit', () => {
  it('has its own per-IP limit (VITALS_RATE_LIMIT_MAX), answered 429 JSON', async () => {
    const limited = await startServer({ env: { RATE_LIMIT_MAX: '1', VITALS_RATE_LIMIT_MAX: '2' } });
    try {
      const send = () =>
        rawRequest(`${limited.url}/vitals`, { headers: { 'content-type': 'text/plain' }, body: JSON.stringify(good) });
      expect((await send()).status).toBe(204);
      expect((await send()).status).toBe(204); // above RATE_LIMIT_MAX, within its own limit
      const third = await send();
      expect(third.status).toBe(429);
      expect(JSON.parse(third.text)).toEqual({ success: false, message: 'Too many requests. Please wait a minute and try again.' });
      expect(countRows(limited.dataDir, 'vitals')).toBe(6);
    } finally {
      await limited.stop();
    }
  });
});

describe('intake: vitals cannot crowd out leads', () => {
  it('stops storing vitals at VITALS_DAILY_CAP, answers beacons as usual, and every lead sent meanwhile is stored', async () => {
    const capped = await startServer({
      env: { RATE_LIMIT_MAX: '1000', VITALS_RATE_LIMIT_MAX: '100000', VITALS_DAILY_CAP: '40', SPAM_CHALLENGE: 'off', TRUST_PROXY: 'true' },
    });
    try {
      // Each beacon from its own visitor, so the day's cap is what stops them (not one visitor's share of it).
      const sendBeacon = (i: number) =>
        rawRequest(`${capped.url}/vitals`, {
          headers: { 'content-type': 'text/plain', 'x-forwarded-for': `10.0.${i >> 8}.${i & 255}` },
          body: JSON.stringify({ page: '/career', metrics: [{ name: 'LCP', value: i }, { name: 'CLS', value: 0 }] }),
        });
      const sendLead = (i: number) =>
        rawRequest(`${capped.url}/addSocietyQuery`, {
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ ...VALID_SOCIETY, name: `Cap ${i}`, email: `cap${i}@example.in` }),
        });
      // 300 beacons (600 samples, 15 × the cap) interleaved with 30 leads.
      const beacons = Array.from({ length: 300 }, (_, i) => sendBeacon(i));
      const leads = Array.from({ length: 30 }, (_, i) => sendLead(i));
      const [beaconAnswers, leadAnswers] = await Promise.all([Promise.all(beacons), Promise.all(leads)]);
      expect(new Set(beaconAnswers.map((r) => r.status))).toEqual(new Set([204]));
      expect(leadAnswers.map((r) => r.status)).toEqual(Array(30).fill(200));
      expect(countRows(capped.dataDir, 'vitals')).toBe(40);
      expect(countRows(capped.dataDir, 'leads')).toBe(30);
      // Still full: a further beacon is dropped, a further lead is stored.
      expect((await sendBeacon(999)).status).toBe(204);
      expect((await sendLead(999)).status).toBe(200);
      expect(countRows(capped.dataDir, 'vitals')).toBe(40);
      expect(countRows(capped.dataDir, 'leads')).toBe(31);
    } finally {
      await capped.stop();
    }
  });

  it('deletes samples older than VITALS_RETENTION_DAYS when the service starts', async () => {
    const dir = tempDir();
    const first = await startServer({ env: { DATA_DIR: dir, VITALS_RETENTION_DAYS: '30' } });
    await first.stop();
    const db = new Database(path.join(dir, 'vitals.db'));
    const insert = db.prepare("INSERT INTO vitals (page, name, value, created_at) VALUES ('/', 'LCP', 1, ?)");
    insert.run(Date.now() - 31 * 86_400_000);
    insert.run(Date.now() - 29 * 86_400_000);
    db.close();
    const second = await startServer({ env: { DATA_DIR: dir, VITALS_RETENTION_DAYS: '30' } });
    try {
      expect(countRows(dir, 'vitals')).toBe(1);
    } finally {
      await second.stop();
    }
  });

  it('keeps vitals in their own file, vitals.db, private like leads.db', async () => {
    const fs = await import('node:fs');
    expect(fs.statSync(path.join(server.dataDir, 'vitals.db')).mode & 0o777).toBe(0o600);
    expect(fs.statSync(path.join(server.dataDir, 'leads.db')).mode & 0o777).toBe(0o600);
    const leadTables = readDb(server.dataDir, (db) => db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all());
    expect(leadTables).not.toContain('vitals');
  });
});

describe('intake: one client cannot take the day of vitals from everyone else', () => {
  const DAILY_CAP = 500;
  const everyMetric = (page: string) => ({ page, metrics: ['LCP', 'INP', 'CLS', 'FCP', 'TTFB'].map((name, i) => ({ name, value: 100 + i })) });
  const send = (url: string, client: string, body: unknown = everyMetric('/')) =>
    rawRequest(`${url}/vitals`, { headers: { 'content-type': 'text/plain', 'x-forwarded-for': client }, body: JSON.stringify(body) });

  it('one client sending beacons as fast as the rate limit allows leaves room for other clients the same day', async () => {
    // The default per-client rate limit (120 beacons a minute) of five metrics each is more than the day's cap here.
    const shared = await startServer({ env: { VITALS_DAILY_CAP: String(DAILY_CAP), TRUST_PROXY: 'true' } });
    try {
      let accepted = 0;
      for (let i = 0; i < 1000; i++) {
        const res = await send(shared.url, '203.0.113.7');
        if (res.status === 429) break;
        expect(res.status).toBe(204);
        accepted++;
      }
      expect(accepted * 5).toBeGreaterThan(DAILY_CAP);
      const taken = countRows(shared.dataDir, 'vitals');
      expect(taken).toBeGreaterThan(0);
      expect(taken).toBeLessThanOrEqual(DAILY_CAP / 100);

      // Fifty other visitors the same day: every one of their samples is stored.
      for (let i = 1; i <= 50; i++) expect((await send(shared.url, `198.51.100.${i}`, everyMetric('/career'))).status).toBe(204);
      expect(countRows(shared.dataDir, 'vitals')).toBe(taken + 250);
      const pages = readDb(shared.dataDir, (db) => db.prepare('SELECT page, COUNT(*) AS n FROM vitals GROUP BY page ORDER BY page').all(), 'vitals.db');
      expect(pages).toEqual([{ page: '/', n: taken }, { page: '/career', n: 250 }]);
    } finally {
      await shared.stop();
    }
  });

  it('knows a client by its IPv4 address or its IPv6 /64', () => {
    expect(clientNetwork('203.0.113.7')).toBe('203.0.113.7');
    expect(clientNetwork('::ffff:203.0.113.7')).toBe('203.0.113.7');
    for (const address of ['2001:db8:7:7::1', '2001:DB8:7:7:ffff:ffff:ffff:ffff', '2001:0db8:0007:0007:0:0:0:2', '2001:db8:7:7::1%eth0']) {
      expect(clientNetwork(address), address).toBe('2001:db8:7:7::/64');
    }
    expect(clientNetwork('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientNetwork('::1')).toBe('0:0:0:0::/64');
    expect(clientNetwork('2001:db8:7:8::1')).not.toBe(clientNetwork('2001:db8:7:7::1'));
    expect(clientDailyShare(50_000)).toBe(500);
    expect(clientDailyShare(40)).toBe(5);
  });

  it('counts the addresses of one IPv6 /64 as one client, and keeps no address in vitals.db', async () => {
    const shared = await startServer({ env: { VITALS_DAILY_CAP: String(DAILY_CAP), TRUST_PROXY: 'true' } });
    try {
      for (let i = 1; i <= 60; i++) expect((await send(shared.url, `2001:db8:7:7::${i.toString(16)}`)).status).toBe(204);
      const taken = countRows(shared.dataDir, 'vitals');
      expect(taken).toBeLessThanOrEqual(DAILY_CAP / 100);
      for (let i = 1; i <= 10; i++) expect((await send(shared.url, `2001:db8:7:${i.toString(16)}0::1`)).status).toBe(204);
      expect(countRows(shared.dataDir, 'vitals')).toBe(taken + 50);
      const columns = readDb(shared.dataDir, (db) => db.prepare('SELECT name FROM pragma_table_info(?)').pluck().all('vitals'), 'vitals.db');
      expect(columns).toEqual(['id', 'page', 'name', 'value', 'rating', 'navigation_type', 'created_at']);
    } finally {
      await shared.stop();
    }
    const fs = await import('node:fs');
    for (const name of fs.readdirSync(shared.dataDir)) {
      const bytes = fs.readFileSync(path.join(shared.dataDir, name));
      for (const needle of ['2001:db8', '198.51.100', '203.0.113']) expect(bytes.includes(Buffer.from(needle)), `${needle} in ${name}`).toBe(false);
    }
  });
});
