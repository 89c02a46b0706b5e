/**
 * Finding 6: behind a reverse proxy, TRUST_PROXY makes the rate limit key on the client
 * (X-Forwarded-For as far as the trusted hops go), and the own-origin check compares
 * Origin with PUBLIC_ORIGIN (default: the origin of SITE_URL), never with the Host header.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { loadServerConfig, parseTrustProxy } from '../server/config.ts';
import { rawRequest, startServer, type RunningServer } from './helpers/server.ts';
import { VALID_SOCIETY } from './helpers/fixtures.ts';

const body = (i: number) => JSON.stringify({ ...VALID_SOCIETY, name: `Resident ${i}`, email: `r${i}@example.in` });
const post = (url: string, i: number, headers: Record<string, string> = {}) =>
  rawRequest(`${url}/addSocietyQuery`, { headers: { 'content-type': 'application/json', ...headers }, body: body(i) });

let server: RunningServer | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

describe('TRUST_PROXY (finding 6)', () => {
  it('unset: X-Forwarded-For is ignored, every request from the proxy shares one bucket', async () => {
    server = await startServer({ env: { RATE_LIMIT_MAX: '2' } });
    expect((await post(server.url, 1, { 'x-forwarded-for': '203.0.113.1' })).status).toBe(200);
    expect((await post(server.url, 2, { 'x-forwarded-for': '203.0.113.2' })).status).toBe(200);
    expect((await post(server.url, 3, { 'x-forwarded-for': '203.0.113.3' })).status).toBe(429);
  });

  for (const trust of ['1', '127.0.0.1', 'loopback', 'true']) {
    it(`TRUST_PROXY=${trust}: each client behind the proxy has its own bucket`, async () => {
      server = await startServer({ env: { RATE_LIMIT_MAX: '2', TRUST_PROXY: trust } });
      for (let i = 0; i < 2; i++) expect((await post(server.url, i, { 'x-forwarded-for': '203.0.113.1' })).status).toBe(200);
      expect((await post(server.url, 9, { 'x-forwarded-for': '203.0.113.1' })).status).toBe(429);
      expect((await post(server.url, 10, { 'x-forwarded-for': '203.0.113.2' })).status).toBe(200);
      // A client can't escape its bucket by prepending an address: only the trusted hop's view counts.
      if (trust !== 'true') expect((await post(server.url, 11, { 'x-forwarded-for': '198.51.100.7, 203.0.113.1' })).status).toBe(429);
    });
  }

  it('refuses a value it does not understand, naming it', () => {
    expect(() => parseTrustProxy('yes please')).toThrow(/TRUST_PROXY: "yes please"/);
    expect(parseTrustProxy('10.0.0.0/8, 127.0.0.1')).toEqual(['10.0.0.0/8', '127.0.0.1']);
    expect(parseTrustProxy('')).toBe(false);
    expect(parseTrustProxy('2')).toBe(2);
  });
});

describe('PUBLIC_ORIGIN (finding 6)', () => {
  const PARTNER = 'https://partner.example';

  it('defaults to the origin of SITE_URL', () => {
    expect(loadServerConfig({ SITE_URL: 'https://www.rwa-desk.in/some/path' }).publicOrigin).toBe('https://www.rwa-desk.in');
    expect(loadServerConfig({ SITE_URL: 'https://www.rwa-desk.in', PUBLIC_ORIGIN: 'https://forms.rwa-desk.in' }).publicOrigin).toBe(
      'https://forms.rwa-desk.in',
    );
    expect(() => loadServerConfig({ PUBLIC_ORIGIN: 'forms.rwa-desk.in' })).toThrow(/PUBLIC_ORIGIN/);
  });

  it("accepts the site's public origin whatever Host the proxy passes on", async () => {
    server = await startServer({ env: { ALLOWED_ORIGINS: PARTNER, SITE_URL: 'https://www.rwa-desk.in' } });
    const res = await post(server.url, 1, { origin: 'https://www.rwa-desk.in', host: 'backend.internal:8080' });
    expect(res.status).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe('https://www.rwa-desk.in');
  });

  it('refuses an origin that merely matches a Host header the client chose', async () => {
    server = await startServer({ env: { ALLOWED_ORIGINS: PARTNER, SITE_URL: 'https://www.rwa-desk.in' } });
    const res = await post(server.url, 2, { origin: 'https://evil.example', host: 'evil.example' });
    expect(res.status).toBe(403);
  });

  it('still accepts the page origin of a local run (the address the socket was reached at)', async () => {
    server = await startServer({ env: { ALLOWED_ORIGINS: PARTNER } });
    const port = new URL(server.url).port;
    for (const origin of [server.url, `http://localhost:${port}`]) expect((await post(server.url, 3, { origin })).status, origin).toBe(200);
    expect((await post(server.url, 4, { origin: `http://localhost:${Number(port) + 1}` })).status).toBe(403);
  });
});
