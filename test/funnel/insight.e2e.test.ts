/**
 * /_insight's sign-in form in Chromium (issue 30, finding 5): a wrong token is refused and
 * sets nothing; the right one sets a 30-minute cookie (not the token) that opens the page,
 * for a reload and for another client; a cookie made up with another expiry is refused. The
 * rest of /_insight, without a browser: insight.unit.test.ts.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INSIGHT_SESSION_MS } from '../../server/funnel/insight.ts';
import { launchBrowser } from '../helpers/browser.ts';
import { rawRequest, startServer, type RunningServer } from '../helpers/server.ts';

const TOKEN = randomBytes(24).toString('hex');

let site: RunningServer;
beforeAll(async () => {
  site = await startServer({ site: true, env: { INSIGHT_TOKEN: TOKEN } });
});
afterAll(() => site?.stop());

/** A GET with exactly these headers (and a browser's Accept): its status. */
const get = async (url: string, headers: Record<string, string>) =>
  ({ status: (await rawRequest(url, { method: 'GET', headers: { 'accept-encoding': 'gzip, deflate, br', accept: 'text/html', ...headers } })).status });

describe('/_insight with its token', () => {
  it('a browser signs in through the form: a short-lived cookie (not the token) opens the page; a wrong token is refused', async () => {
    const browser = await launchBrowser();
    try {
      const page = await browser.context.newPage();
      await page.goto(`${site.url}/_insight/sign-in`);
      await page.getByLabel('Token (INSIGHT_TOKEN)').fill('not-the-token-0123456789abcdef0123456789');
      const refused = page.waitForResponse((r) => r.request().method() === 'POST');
      await page.getByRole('button', { name: 'Open the funnel' }).click();
      expect((await refused).status()).toBe(403);
      await page.getByRole('alert').filter({ hasText: 'That token was not accepted.' }).waitFor();
      expect(await browser.context.cookies()).toEqual([]);

      await page.getByLabel('Token (INSIGHT_TOKEN)').fill(TOKEN);
      await Promise.all([page.waitForURL(`${site.url}/_insight`), page.getByRole('button', { name: 'Open the funnel' }).click()]);
      await page.getByRole('heading', { name: 'Funnel', level: 1 }).waitFor();
      expect(page.url()).toBe(`${site.url}/_insight`);
      const [cookie, ...others] = await browser.context.cookies();
      expect(others).toEqual([]);
      expect(cookie).toMatchObject({ name: 'insight', path: '/_insight', httpOnly: true, sameSite: 'Lax' });
      expect(cookie!.value).not.toContain(TOKEN);
      const lifetime = cookie!.expires * 1000 - Date.now();
      expect(lifetime).toBeGreaterThan(INSIGHT_SESSION_MS - 120_000);
      expect(lifetime).toBeLessThanOrEqual(INSIGHT_SESSION_MS);
      // A reload still shows it; the cookie alone, sent by another client, too.
      expect((await page.reload())!.status()).toBe(200);
      expect((await get(`${site.url}/_insight`, { cookie: `insight=${cookie!.value}` })).status).toBe(200);
      // A cookie made up from its parts with another expiry is a wrong credential.
      const [expires, mac] = cookie!.value.split('.');
      expect((await get(`${site.url}/_insight`, { cookie: `insight=${Number(expires) + 3_600_000}.${mac}` })).status).toBe(404);
    } finally {
      await browser.close();
    }
  }, 60_000);

});
