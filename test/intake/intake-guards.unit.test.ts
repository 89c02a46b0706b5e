import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, rawRequest, startServer, startServerProcess, type RunningServer } from '../helpers/server.ts';
import { VALID_SOCIETY } from '../helpers/fixtures.ts';

const PARTNER = 'https://partner.example';
const EVIL = 'https://evil.example';

const society = (i: number) => JSON.stringify({ ...VALID_SOCIETY, name: `Resident ${i}`, email: `resident${i}@example.in` });

const post = (url: string, body: string, headers: Record<string, string> = {}) =>
  rawRequest(url, { headers: { 'content-type': 'application/json', ...headers }, body });

describe('intake: rate limit', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ env: { RATE_LIMIT_MAX: '3', RATE_LIMIT_WINDOW_MS: '60000' } });
  });
  afterAll(() => server.stop());

  it('answers 429 JSON after RATE_LIMIT_MAX submissions per IP and stores nothing more', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await post(`${server.url}/addSocietyQuery`, society(i))).status);
    expect(statuses).toEqual([200, 200, 200]);

    const limited = await post(`${server.url}/addQuery`, society(99)); // the intake endpoints share the budget
    expect(limited.status).toBe(429);
    expect(limited.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(limited.text)).toEqual({
      success: false,
      message: 'Too many requests. Please wait a minute and try again.',
    });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(countRows(server.dataDir, 'leads')).toBe(3);
  });

  it('does not limit GET /health or the static site', async () => {
    for (let i = 0; i < 6; i++) {
      expect((await rawRequest(`${server.url}/health`, { method: 'GET' })).status).toBe(200);
      // This server's DIST_DIR is empty: the static handler answers 404, the limiter never 429.
      expect((await rawRequest(`${server.url}/about-us`, { method: 'GET' })).status).toBe(404);
    }
  });
});

describe('intake: CORS', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ env: { RATE_LIMIT_MAX: '1000', ALLOWED_ORIGINS: `${PARTNER}, https://other.example/` } });
  });
  afterAll(() => server.stop());

  const preflight = (origin: string) =>
    rawRequest(`${server.url}/addSocietyQuery`, {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });

  it('answers a preflight from an allowed origin, echoing it', async () => {
    for (const origin of [PARTNER, 'https://other.example']) {
      const res = await preflight(origin);
      expect(res.status).toBe(204);
      expect(res.headers['access-control-allow-origin']).toBe(origin);
      expect(res.headers['access-control-allow-methods']).toBe('POST');
      expect(res.headers['access-control-allow-headers']).toBe('Content-Type, X-Altcha, X-Notice-Version, Content-Language, Idempotency-Key, X-Resume-Upload');
      expect(String(res.headers.vary)).toMatch(/Origin/);
    }
  });

  it('answers a preflight from an unlisted origin too, so the browser sends the POST and the form can read the refusal', async () => {
    const res = await preflight(EVIL);
    expect(res.status).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe(EVIL);
  });

  it('stores a POST from an allowed origin and answers with its ACAO header', async () => {
    const res = await post(`${server.url}/addSocietyQuery`, society(1), { origin: PARTNER });
    expect(res.status).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe(PARTNER);
    expect(String(res.headers.vary)).toMatch(/Origin/);
  });

  it('accepts the site itself: no Origin header, or the same origin as the Host', async () => {
    const none = await post(`${server.url}/addSocietyQuery`, society(2));
    expect(none.status).toBe(200);
    expect(none.headers['access-control-allow-origin']).toBeUndefined();
    const same = await post(`${server.url}/addSocietyQuery`, society(3), { origin: server.url });
    expect(same.status).toBe(200);
  });

  it('refuses a POST from an unlisted origin with a readable 403 JSON (CORS headers on) and stores nothing', async () => {
    const before = countRows(server.dataDir, 'leads');
    for (const origin of [EVIL, 'null', `${PARTNER}.evil.example`, 'http://partner.example']) {
      const res = await post(`${server.url}/addSocietyQuery`, society(50), { origin });
      expect(res.status).toBe(403);
      expect(res.headers['access-control-allow-origin']).toBe(origin);
      expect(JSON.parse(res.text)).toEqual({
        success: false,
        message:
          'This website is not set up to send registrations to us, so your details were not sent. Please contact the society or the website owner directly.',
      });
    }
    expect(countRows(server.dataDir, 'leads')).toBe(before);
  });
});

describe('intake: logs', () => {
  it('logs {kind, leadId, duplicate} and never names, emails, phones, bodies or IPs', async () => {
    const server = await startServerProcess({ LOG_LEVEL: 'info', RATE_LIMIT_MAX: '1000' });
    try {
      const secret = { name: 'Leaky Name', email: 'leaky.person@example.org', phone: '+91 99999 11111' };
      const body = JSON.stringify({ ...VALID_SOCIETY, ...secret, societyName: 'Hidden Towers', city: 'Secret City' });
      const completed = () => server.output().split('\n').filter((l) => l.includes('"msg":"request completed"')).length;
      const before = completed();
      const ok = await post(`${server.url}/addSocietyQuery?email=leaky.person@example.org`, body);
      expect(ok.status).toBe(200);
      await post(`${server.url}/addSocietyQuery`, body); // duplicate
      await post(`${server.url}/addSocietyQuery`, body.slice(0, -5)); // broken JSON with personal data in it
      await post(`${server.url}/addSocietyQuery`, JSON.stringify({ ...VALID_SOCIETY, ...secret, societyName: '', city: 'x' }));
      // Each request's log is written by the time its "request completed" line is.
      await expect.poll(completed).toBeGreaterThanOrEqual(before + 4);
      const log = server.output();
      for (const value of [...Object.values(secret), 'Hidden Towers', 'Secret City', '9999911111', 'remoteAddress', 'remotePort']) {
        expect(log).not.toContain(value);
      }
      const lines = log.split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l));
      const stored = lines.filter((l) => l.msg === 'lead stored');
      expect(stored).toHaveLength(2);
      expect(stored[0]).toMatchObject({ kind: 'society', leadId: 1, duplicate: false });
      expect(stored[1]).toMatchObject({ kind: 'society', leadId: 1, duplicate: true });
    } finally {
      await server.stop();
    }
  }, 60_000);
});
