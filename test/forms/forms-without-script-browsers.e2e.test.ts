/**
 * A registration with JavaScript turned off in the two other engines the site supports:
 * Firefox ESR (puppeteer-core over WebDriver BiDi, `javascript.enabled` off) and WebKit
 * (WebKitGTK's MiniBrowser through WebKitWebDriver, scripts of the page off). The
 * pre-rendered form is a real form: typed into and sent with Enter, it lands on the
 * confirmation, and the service stores one lead, as a person's, marked as having come
 * without proof of work.
 */
import type { ElementHandle } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTICE_VERSION } from '../../contract/collection-notice.ts';
import { MESSAGES } from '../../contract/messages/en.ts';
import { en } from '../../widgets/i18n/en.ts';
import { formValues, validLead } from '../helpers/fixtures.ts';
import { launchFirefox } from '../helpers/firefox.ts';
import { readDb, startServer } from '../helpers/server.ts';
import { launchWebKit } from '../helpers/webkit.ts';

let site: Awaited<ReturnType<typeof startServer>>;
beforeAll(async () => {
  site = await startServer({ site: true });
});
afterAll(() => site?.stop());

const leadsWith = (email: string) =>
  readDb(site.dataDir, (db) =>
    db.prepare("SELECT fields, spam_reason, without_proof, page, notice_version FROM leads WHERE json_extract(fields, '$.email') = ?").all(email),
  ) as { fields: string; spam_reason: string | null; without_proof: number; page: string | null; notice_version: string | null }[];

/** The one lead of `email`, as a registration typed on /register and sent without script. */
function expectStored(email: string) {
  const rows = leadsWith(email);
  expect(rows).toHaveLength(1);
  expect(JSON.parse(rows[0]!.fields)).toEqual(validLead('society', { email }));
  expect(rows[0]).toMatchObject({ spam_reason: null, without_proof: 1, page: '/register', notice_version: NOTICE_VERSION });
}

/** The control `name` of the pre-rendered form, as a script of the driver finds it (the page's own run none). */
const controlScript = 'return document.querySelector("society-registration").shadowRoot.querySelector(`[name="${arguments[0]}"]`)';

describe('without JavaScript in other engines', () => {
  it('Firefox ESR: registers on /register and lands on the confirmation', async () => {
    const browser = await launchFirefox({ javaScript: false, viewport: { width: 360, height: 640 } });
    try {
      const page = await browser.newPage();
      await page.goto(`${site.url}/register`);
      expect(await page.evaluate(() => !!customElements.get('society-registration')), 'no script ran').toBe(false);
      const email = 'firefox-no-script@example.in';
      const values = formValues('society', { email });
      for (const [name, value] of Object.entries(values)) {
        if (!value) continue;
        const control = (await page.evaluateHandle((n) => document.querySelector('society-registration')!.shadowRoot!.querySelector(`[name="${n}"]`), name)) as ElementHandle<HTMLInputElement>;
        await control.type(value);
      }
      // Enter in a field sends the form (its implicit submission), as a visitor on a keyboard does.
      const sent = page.waitForNavigation();
      await page.keyboard.press('Enter');
      await sent;
      // Firefox may move the navigation to a new browsing context: read the page that holds it.
      const shown = (await browser.pages()).find((p) => p.url().includes('/registration-received'))!;
      expect(new URL(shown.url()).pathname).toBe('/registration-received');
      expect(await shown.title()).toMatch(new RegExp(`^${en.society.successTitle} – `));
      expect(await shown.$eval('.confirmation__message', (p) => p.textContent)).toBe(MESSAGES.societyStored);
      expectStored(email);
    } finally {
      await browser.close();
    }
  }, 120_000);

  it('WebKit: registers on /register and lands on the confirmation', async () => {
    const browser = await launchWebKit({ javaScript: false });
    try {
      await browser.goto(`${site.url}/register`);
      expect(await browser.evaluate<boolean>('return !!customElements.get("society-registration")'), 'no script of the page ran').toBe(false);
      const email = 'webkit-no-script@example.in';
      const values = formValues('society', { email });
      let last = '';
      for (const [name, value] of Object.entries(values)) {
        if (!value) continue;
        last = await browser.elementBy(controlScript, name);
        await browser.type(last, value);
      }
      await browser.type(last, '\uE007');
      await expect.poll(() => browser.url(), { timeout: 30_000 }).toMatch(/\/registration-received(\?|$)/);
      expect(await browser.title()).toMatch(new RegExp(`^${en.society.successTitle} – `));
      expect(await browser.evaluate<string>('return document.querySelector(".confirmation__message").textContent')).toBe(MESSAGES.societyStored);
      expectStored(email);
    } finally {
      await browser.close();
    }
  }, 120_000);
});
