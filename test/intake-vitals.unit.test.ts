import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, rawRequest, readDb, startServer, type RunningServer } from './helpers/server.ts';

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
    const rows = readDb(server.dataDir, (db) => db.prepare('SELECT page, name, value, rating FROM vitals ORDER BY id').all());
    expect(rows.slice(-3)).toEqual([
      { page: '/career', name: 'LCP', value: 1830.4, rating: 'good' },
      { page: '/career', name: 'CLS', value: 0.02, rating: null },
      { page: '/career', name: 'INP', value: 96, rating: 'good' },
    ]);
  });

  it('accepts application/json too, and drops a query string from the page', async () => {
    const res = await beacon({ page: '/?utm_source=mail&email=x@y.z', metrics: [{ name: 'TTFB', value: 120 }] }, 'application/json');
    expect(res.status).toBe(204);
    const last = readDb(server.dataDir, (db) => db.prepare('SELECT page FROM vitals ORDER BY id DESC LIMIT 1').get());
    expect(last).toEqual({ page: '/' });
  });

  it('answers CORS for an allowed partner page and refuses others', async () => {
    const ok = await beacon(good, 'text/plain;charset=UTF-8', { origin: 'https://partner.example' });
    expect(ok.status).toBe(204);
    expect(ok.headers['access-control-allow-origin']).toBe('https://partner.example');
    const refused = await beacon(good, 'text/plain;charset=UTF-8', { origin: 'https://evil.example' });
    expect(refused.status).toBe(403);
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();
  });

  const metric = { name: 'LCP', value: 1000 };
  const bad: [string, unknown, number, string?][] = [
    ['an unknown metric', { page: '/', metrics: [{ name: 'FID', value: 10 }] }, 400],
    ['a negative value', { page: '/', metrics: [{ name: 'LCP', value: -1 }] }, 400],
    ['a huge value', { page: '/', metrics: [{ name: 'LCP', value: 600000 }] }, 400],
    ['a string value', { page: '/', metrics: [{ name: 'LCP', value: '100' }] }, 400],
    ['no metrics', { page: '/', metrics: [] }, 400],
    ['eleven metrics', { page: '/', metrics: Array.from({ length: 11 }, () => metric) }, 400],
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
