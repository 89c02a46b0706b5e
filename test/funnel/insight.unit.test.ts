/**
 * /_insight (issue 30, findings 4–6) against the built site and the real service:
 * - without a credential, or with a wrong one, it is the site's own 404: status, body and
 *   headers (the date aside) those of /no-such-page, for GET and HEAD;
 * - the token opens it in the Authorization header (the sign-in form in Chromium, and its
 *   30-minute cookie: insight.e2e.test.ts); never in the address (`?token=` is ignored);
 * - 20 wrong tries from one client, then 429 (the right token too) for that client only;
 * - the service refuses to start with a weak INSIGHT_TOKEN;
 * - with its database down (PostgreSQL refusing connections) it answers 503 with a sentence,
 *   no error code and no address.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { loadServerConfig } from '../../server/config.ts';
import { MAX_WRONG_TOKENS } from '../../server/funnel/insight.ts';
import { adminUrl, freshDatabase } from '../helpers/postgres.ts';
import { rawRequest, startServer, startServerProcess, type RunningServer } from '../helpers/server.ts';

const TOKEN = randomBytes(24).toString('hex');
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

let site: RunningServer | undefined;
afterEach(async () => {
  await site?.stop();
  site = undefined;
});

/** A GET (or HEAD) with exactly these headers; the answer's headers without its date. */
async function get(url: string, headers: Record<string, string> = {}, method = 'GET') {
  const res = await rawRequest(url, { method, headers: { 'accept-encoding': 'gzip, deflate, br', accept: 'text/html', ...headers } });
  const { date: _date, ...rest } = res.headers;
  return { status: res.status, headers: rest, text: res.text };
}

describe('/_insight without its token', () => {
  it('answers exactly as /no-such-page: GET and HEAD, with no credential, a wrong one, or the token in the address', async () => {
    site = await startServer({ site: true, env: { INSIGHT_TOKEN: TOKEN } });
    const notFound = await get(`${site.url}/no-such-page`, { 'accept-encoding': 'identity' });
    expect(notFound.status).toBe(404);
    expect(notFound.text).toContain('<html');
    const tries: [string, Record<string, string>][] = [
      ['', {}],
      ['', bearer('not-the-token-0123456789abcdef0123456789')],
      ['', { cookie: 'insight=99999999999999.made-up' }],
      [`?token=${TOKEN}`, {}],
      ['?token=nope', {}],
      ['', { 'accept-encoding': 'identity' }],
    ];
    for (const method of ['GET', 'HEAD']) {
      for (const [query, headers] of tries) {
        const label = `${method} /_insight${query} ${JSON.stringify(headers)}`;
        const insight = await get(`${site.url}/_insight${query}`, headers, method);
        const reference = await get(`${site.url}/no-such-page${query}`, headers, method);
        expect(insight, label).toEqual(reference);
      }
    }
    // Without INSIGHT_TOKEN, the same; the sign-in form is there alike and refuses every token, so nothing tells whether it is on.
    const onSignIn = await get(`${site.url}/_insight/sign-in`);
    await site.stop();
    site = await startServer({ site: true });
    expect(await get(`${site.url}/_insight`)).toEqual(await get(`${site.url}/no-such-page`));
    const offSignIn = await get(`${site.url}/_insight/sign-in`);
    expect([offSignIn.status, offSignIn.text, offSignIn.headers]).toEqual([onSignIn.status, onSignIn.text, onSignIn.headers]);
    const posted = await rawRequest(`${site.url}/_insight`, { headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `token=${TOKEN}` });
    expect(posted.status).toBe(403);
    expect(posted.headers['set-cookie']).toBeUndefined();
  });
});

describe('/_insight with its token', () => {
  it('opens with the Authorization header, never with ?token=; never cached, indexed or framed', async () => {
    site = await startServer({ site: true, env: { INSIGHT_TOKEN: TOKEN } });
    expect((await get(`${site.url}/_insight?token=${TOKEN}`)).status).toBe(404);
    const page = await get(`${site.url}/_insight`, bearer(TOKEN));
    expect(page.status).toBe(200);
    expect(page.text).toContain('<h1>Funnel</h1>');
    expect(page.headers).toMatchObject({
      'cache-control': 'no-store',
      'x-robots-tag': 'noindex, nofollow',
      'referrer-policy': 'no-referrer',
      'x-content-type-options': 'nosniff',
    });
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(page.headers['set-cookie']).toBeUndefined();
  });

  it(`${MAX_WRONG_TOKENS} wrong tries from one client, then 429 for it (the right token too), not for another client`, async () => {
    site = await startServer({ site: true, env: { INSIGHT_TOKEN: TOKEN, TRUST_PROXY: '127.0.0.1' } });
    const from = (client: string, headers: Record<string, string> = {}) => ({ 'x-forwarded-for': client, ...headers });
    for (let i = 0; i < MAX_WRONG_TOKENS; i++) {
      const wrong =
        i % 2
          ? await get(`${site.url}/_insight`, from('203.0.113.9', bearer(`wrong-${i}-0123456789abcdef0123456789`)))
          : await rawRequest(`${site.url}/_insight`, {
              headers: from('203.0.113.9', { 'content-type': 'application/x-www-form-urlencoded' }),
              body: `token=wrong-${i}-0123456789abcdef0123456789`,
            });
      expect(wrong.status, `try ${i + 1}`).toBe(i % 2 ? 404 : 403);
    }
    const locked = await get(`${site.url}/_insight`, from('203.0.113.9', bearer('one-more-wrong-0123456789abcdef0123')));
    expect(locked.status).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await get(`${site.url}/_insight`, from('203.0.113.9', bearer(TOKEN)))).status).toBe(429);
    const posted = await rawRequest(`${site.url}/_insight`, {
      headers: from('203.0.113.9', { 'content-type': 'application/x-www-form-urlencoded' }),
      body: `token=${TOKEN}`,
    });
    expect(posted.status).toBe(429);
    // Without a credential it is still the 404 page: the limit tells nothing to a visitor.
    expect((await get(`${site.url}/_insight`, from('203.0.113.9'))).status).toBe(404);
    expect((await get(`${site.url}/_insight`, from('203.0.113.10', bearer(TOKEN)))).status).toBe(200);
  });
});

describe('INSIGHT_TOKEN at start', () => {
  it('refuses a weak token: short, or with little variety', async () => {
    await expect(startServerProcess({ INSIGHT_TOKEN: 'a'.repeat(32) })).rejects.toThrow(/configuration: INSIGHT_TOKEN is too easy to guess/);
    for (const weak of ['a'.repeat(32), 'ab'.repeat(20), 'abcdefghi'.repeat(4), TOKEN.slice(0, 31), 'aaaaaaaaaaaaaaaaaaaaaaabcdefghijkl']) {
      expect(() => loadServerConfig({ INSIGHT_TOKEN: weak }), weak).toThrow(/INSIGHT_TOKEN is too easy to guess/);
    }
    expect(loadServerConfig({ INSIGHT_TOKEN: TOKEN }).insightToken).toBe(TOKEN);
    expect(loadServerConfig({ INSIGHT_TOKEN: randomBytes(24).toString('base64url') }).insightToken).toBeDefined();
  }, 60_000);
});

describe('/_insight with its database down', () => {
  it('answers 503 with a sentence: no error code, no address', async () => {
    const url = await freshDatabase();
    site = await startServer({ env: { DATABASE_URL: url, INSIGHT_TOKEN: TOKEN } });
    expect((await get(`${site.url}/_insight`, bearer(TOKEN))).status).toBe(200);
    // Down, as the service sees it: its database takes no connection, and those it had are cut.
    const name = new URL(url).pathname.slice(1);
    const admin = new pg.Client({ connectionString: adminUrl() });
    await admin.connect();
    try {
      await admin.query(`ALTER DATABASE "${name}" WITH ALLOW_CONNECTIONS false`);
      await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [name]);
      const down = await get(`${site.url}/_insight`, bearer(TOKEN));
      expect(down.status).toBe(503);
      expect(down.text).toBe('The funnel cannot be read right now: its database did not answer. Try again in a minute.');
      expect(down.headers['content-type']).toBe('text/plain; charset=utf-8');
      const port = new URL(url).port;
      for (const leak of ['ECONN', 'connect', '127.0.0.1', port, 'postgres', 'Error', name]) expect(down.text).not.toContain(leak);
    } finally {
      await admin.query(`ALTER DATABASE "${name}" WITH ALLOW_CONNECTIONS true`);
      await admin.end();
    }
  }, 60_000);
});
