/**
 * Finding 6: behind a reverse proxy, TRUST_PROXY makes the rate limit key on the client
 * (X-Forwarded-For as far as the trusted hops go; an IPv6 client by its /64); a list of the
 * proxy's addresses ignores the header of a caller that bypasses the proxy, a hop count does
 * not (issue 30, finding 7: documented, warned about at start). The own-origin check compares
 * Origin with PUBLIC_ORIGIN (default: the origin of SITE_URL), never with the Host header.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { loadServerConfig, parseTrustProxy } from '../../server/config.ts';
import { rawRequest, startServer, startServerProcess, type RunningServer } from '../helpers/server.ts';
import { VALID_SOCIETY } from '../helpers/fixtures.ts';

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

  it('a list of proxies: a caller that reaches the port directly is judged by its own address, whatever X-Forwarded-For it sends', async () => {
    // The proxy is elsewhere (10.0.0.1); this test's requests come straight from 127.0.0.1.
    server = await startServer({ env: { RATE_LIMIT_MAX: '2', TRUST_PROXY: '10.0.0.1' } });
    expect((await post(server.url, 1, { 'x-forwarded-for': '203.0.113.1' })).status).toBe(200);
    expect((await post(server.url, 2, { 'x-forwarded-for': '203.0.113.2' })).status).toBe(200);
    expect((await post(server.url, 3, { 'x-forwarded-for': '203.0.113.3' })).status).toBe(429);
  });

  it('a hop count believes a direct caller’s X-Forwarded-For (the risk docs/operations.md names), and the service warns at start', async () => {
    server = await startServer({ env: { RATE_LIMIT_MAX: '2', TRUST_PROXY: '1' } });
    for (let i = 1; i <= 4; i++) expect((await post(server.url, i, { 'x-forwarded-for': `203.0.113.${i}` })).status).toBe(200);
    const process = await startServerProcess({ TRUST_PROXY: '1' });
    try {
      expect(process.output()).toMatch(/TRUST_PROXY=1 believes X-Forwarded-For from anyone who reaches this port.*list the proxy's addresses instead/);
    } finally {
      await process.stop();
    }
    const listed = await startServerProcess({ TRUST_PROXY: '127.0.0.1' });
    try {
      expect(listed.output()).not.toContain('TRUST_PROXY');
    } finally {
      await listed.stop();
    }
  }, 60_000);

  it('an IPv6 client is its /64: the addresses of one network share a bucket', async () => {
    server = await startServer({ env: { RATE_LIMIT_MAX: '2', TRUST_PROXY: '127.0.0.1' } });
    expect((await post(server.url, 1, { 'x-forwarded-for': '2001:db8:7:7::1' })).status).toBe(200);
    expect((await post(server.url, 2, { 'x-forwarded-for': '2001:db8:7:7:abcd::2' })).status).toBe(200);
    expect((await post(server.url, 3, { 'x-forwarded-for': '2001:db8:7:7:ffff:ffff:ffff:3' })).status).toBe(429);
    expect((await post(server.url, 4, { 'x-forwarded-for': '2001:db8:7:8::1' })).status).toBe(200); // another /64
  });

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
