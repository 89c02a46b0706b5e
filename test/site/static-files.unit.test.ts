/**
 * Findings 8, 9 and 10 on the built site served by the real server (child process, so its
 * log can be read): Vary on every response that has a compressed variant, HSTS on every
 * response when SITE_URL is https, request logs without the client address or the query
 * string, and protocol-relative-looking paths answered 404.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { distDir, startServerProcess } from '../helpers/server.ts';
import { starterImports } from '../../site-generator/deferred-scripts.ts';

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A GET with exactly this request target (fetch would normalise `//x` and `/\x`). */
function rawGet(base: string, target: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: hostname, port, path: target, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end(method === 'POST' ? '{}' : undefined);
  });
}

const HSTS = /^max-age=\d{7,}; includeSubDomains$/;
let server: Awaited<ReturnType<typeof startServerProcess>>;
let plain: typeof server;
let asset: string;

beforeAll(async () => {
  server = await startServerProcess({ DIST_DIR: distDir, LOG_LEVEL: 'info' });
  plain = await startServerProcess({ DIST_DIR: distDir, SITE_URL: 'http://intranet.example' });
  const html = (await rawGet(server.url, '/')).body;
  asset = starterImports(html)[0] ?? '';
  expect(asset).not.toBe('');
});
afterAll(async () => {
  await server?.stop();
  await plain?.stop();
});

describe('paths that look protocol-relative (finding 10)', () => {
  for (const target of ['//anything', '///x', '/\\x', '//', '//about-us', '/%5Cx']) {
    it(`${target} is the 404 page, not the home page`, async () => {
      const res = await rawGet(server.url, target);
      expect(res.status).toBe(404);
      expect(res.body).toContain('Oops! Page not found');
    });
  }
  it('still serves the real pages', async () => {
    expect((await rawGet(server.url, '/')).status).toBe(200);
    expect((await rawGet(server.url, '/about-us/')).status).toBe(200);
  });
});

describe('Vary: Accept-Encoding on every response that has a compressed variant (finding 8)', () => {
  for (const encoding of ['br', 'gzip', 'identity']) {
    it(`pages, the 404 page, hashed assets and widget entries (Accept-Encoding: ${encoding})`, async () => {
      for (const target of ['/', '/about-us', '/no-such-page', asset, '/widgets/society-registration.js']) {
        const res = await rawGet(server.url, target, { 'accept-encoding': encoding });
        expect(res.headers.vary ?? '', `${target} (${encoding})`).toMatch(/accept-encoding/i);
      }
    });
  }
  it('not on a file that has no compressed variant', async () => {
    expect(fs.existsSync(path.join(distDir, 'favicon.ico.br'))).toBe(false);
    const res = await rawGet(server.url, '/favicon.ico', { 'accept-encoding': 'br' });
    expect(res.status).toBe(200);
    expect(res.headers.vary ?? '').not.toMatch(/accept-encoding/i);
  });
});

describe('Strict-Transport-Security (finding 8)', () => {
  it('is on every response when SITE_URL is https (the default): pages, assets, API, 404', async () => {
    const answers = [
      await rawGet(server.url, '/'),
      await rawGet(server.url, '/career', { 'accept-encoding': 'br' }),
      await rawGet(server.url, asset),
      await rawGet(server.url, '/favicon.ico'),
      await rawGet(server.url, '/health'),
      await rawGet(server.url, '/no-such-page'),
      await rawGet(server.url, '//anything'),
      await rawGet(server.url, '/addQuery', { 'content-type': 'application/json' }, 'POST'),
      await rawGet(server.url, '/nowhere', { 'content-type': 'application/json' }, 'POST'),
    ];
    for (const res of answers) expect(res.headers['strict-transport-security'], String(res.status)).toMatch(HSTS);
  });

  it('is in dist/_headers for every path', () => {
    const rules = fs.readFileSync(path.join(distDir, '_headers'), 'utf8');
    expect(rules).toMatch(/^\/\*\n {2}Strict-Transport-Security: max-age=\d+; includeSubDomains$/m);
  });

  it('is absent when SITE_URL is plain http', async () => {
    for (const target of ['/', asset, '/health']) {
      expect((await rawGet(plain.url, target)).headers['strict-transport-security']).toBeUndefined();
    }
  });
});

describe('static-page request logs (finding 9)', () => {
  it('carry the path only: no client address, no query string', async () => {
    const secret = 'leaky.person@example.in';
    expect((await rawGet(server.url, `/about-us?email=${secret}&phone=9811122233`)).status).toBe(200);
    expect((await rawGet(server.url, `/no-such-page?email=${secret}`)).status).toBe(404);
    // The request log line is written once the response is done: the 404's comes last.
    await expect.poll(() => server.output().split('\n').some((l) => l.startsWith('{') && l.includes('"/no-such-page"'))).toBe(true);
    const log = server.output();
    const lines = log.split('\n').filter((l) => l.startsWith('{'));
    expect(lines.some((l) => l.includes('"/about-us"'))).toBe(true);
    expect(log).not.toContain(secret);
    expect(log).not.toContain('9811122233');
    const requests = lines.map((l) => JSON.parse(l).req).filter(Boolean);
    expect(requests.length).toBeGreaterThanOrEqual(3);
    for (const req of requests) expect(Object.keys(req).sort()).toEqual(['method', 'url']);
    expect(log).not.toMatch(/remoteAddress|remotePort|"host"/);
  });
});
