/**
 * In Firefox ESR (puppeteer-core over WebDriver BiDi), with the service stopped
 * (connection refused) and started again on the same address and database: the spec's
 * failure toast, the waiting state with the fields kept, then the send goes by itself
 * (one lead, the success toast and the confirmation); sent while stopped with the tab
 * closed, it goes when another page of the site is opened, and nothing of it is left on the
 * device (localStorage, any IndexedDB record, the Cache API); a reload mid-typing brings the
 * values back.
 */
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readDeviceStorage } from '../helpers/device-storage.ts';
import { formValues } from '../helpers/fixtures.ts';
import { launchFirefox } from '../helpers/firefox.ts';
import { readDb, startServer, tempDir } from '../helpers/server.ts';

const dataDir = tempDir();
const env = { DATA_DIR: dataDir, ALTCHA_MAX_NUMBER: '2000' };
let site: Awaited<ReturnType<typeof startServer>>;
let port: number;
let browser: Browser;

beforeAll(async () => {
  site = await startServer({ site: true, env });
  port = Number(new URL(site.url).port);
  browser = await launchFirefox();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

const FORM = 'society-registration';
const leadsOf = (email: string) =>
  readDb(dataDir, (db) => db.prepare("SELECT spam_reason AS spam FROM leads WHERE json_extract(fields, '$.email') = ?").all(email)) as { spam: string | null }[];
const values = (email: string) => formValues('society', { email });

async function stopService() {
  await site.stop();
  // Nothing listens now: a request is refused.
  await expect(fetch(`${site.url}/health`)).rejects.toThrow();
}
async function startServiceAgain() {
  site = await startServer({ site: true, env, port });
}

/** Acts on the form (the loader loads it), waits until its script has taken it over. */
async function takeOver(page: Page) {
  // Focus, not a click at coordinates: after a reload Firefox restores the scroll position
  // while the page settles, and a click computed before that can land beside the form.
  await page.$eval(FORM, (el) => el.scrollIntoView({ block: 'center' }));
  await page.focus(`${FORM} >>> [name="name"]`);
  await page.waitForFunction(
    (t) => !!customElements.get(t) && !!document.querySelector(t)?.shadowRoot?.querySelector('button[type="submit"]:not([disabled])'),
    { timeout: 20_000 },
    FORM,
  );
}

async function typeInto(page: Page, fields: Record<string, string>) {
  for (const [name, value] of Object.entries(fields)) await page.type(`${FORM} >>> [name="${name}"]`, value);
}

/** Waits for a toast with this title; its description. */
async function toast(page: Page, title: string, timeout = 20_000) {
  const handle = await page.waitForFunction(
    (t) =>
      [...(document.querySelector('toast-host')?.shadowRoot?.querySelectorAll('.toast') ?? [])]
        .find((el) => el.querySelector('.toast__title')?.textContent === t)
        ?.querySelector('.toast__description')?.textContent,
    { timeout },
    title,
  );
  return (await handle.jsonValue()) as string;
}

const shadowText = (page: Page, selector: string, timeout = 20_000) =>
  page
    .waitForFunction((t, s) => document.querySelector(t)?.shadowRoot?.querySelector(s)?.textContent, { timeout }, FORM, selector)
    .then((h) => h.jsonValue() as Promise<string>);

const fieldValue = (page: Page, name: string) => page.$eval(FORM, (el, n) => (el.shadowRoot!.querySelector(`[name="${n}"]`) as HTMLInputElement).value, name);

describe('Firefox ESR: a send while the service is stopped', () => {
  it('waits visibly with the fields kept, then goes by itself once the service is back: one lead, toast and confirmation', { timeout: 120_000 }, async () => {
    const page = await browser.newPage();
    await page.goto(site.url + '/');
    await takeOver(page);
    const email = 'firefox.refused@example.in';
    await typeInto(page, values(email));
    await stopService();
    await page.click(`${FORM} >>> button[type="submit"]`);
    expect(await toast(page, 'Registration Failed')).toBe('Network error. Please check your connection and try again.');
    expect(await shadowText(page, '.waiting')).toContain('Saved on this phone');
    expect(await fieldValue(page, 'email')).toBe(email);

    await startServiceAgain();
    expect(await toast(page, 'Registration Successful!', 60_000)).toMatch(/^Society request submitted successfully\. We/);
    expect(await shadowText(page, '.confirmation .heading')).toBe('Registration Successful!');
    expect(leadsOf(email)).toEqual([{ spam: null }]);
    await page.close();
  });

  it('sent while stopped, tab closed, service back, another page opened: stored once, nothing of it left on the device', { timeout: 120_000 }, async () => {
    const page = await browser.newPage();
    await page.goto(site.url + '/');
    await takeOver(page);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    const email = 'firefox.closed@example.in';
    await typeInto(page, values(email));
    await stopService();
    await page.click(`${FORM} >>> button[type="submit"]`);
    expect(await shadowText(page, '.waiting')).toContain('Saved on this phone');
    await page.close();
    await startServiceAgain();

    const later = await browser.newPage();
    await later.goto(site.url + '/features');
    await expect.poll(() => leadsOf(email).length, { timeout: 30_000 }).toBe(1);
    // Nothing of the lead on the device once this page has seen the send accepted, nor after a reload.
    await expect.poll(() => later.evaluate(readDeviceStorage), { timeout: 15_000 }).toEqual({ local: {}, records: [], cacheNames: [] });
    await later.reload();
    expect(await later.evaluate(readDeviceStorage)).toEqual({ local: {}, records: [], cacheNames: [] });
    await later.close();

    // A later visit to the form finds it empty.
    const back = await browser.newPage();
    await back.goto(site.url + '/');
    await takeOver(back);
    expect(await fieldValue(back, 'email')).toBe('');
    expect(leadsOf(email)).toEqual([{ spam: null }]);
    await back.close();
  });

  it('a reload mid-typing brings the values back', { timeout: 60_000 }, async () => {
    const page = await browser.newPage();
    await page.goto(site.url + '/');
    await takeOver(page);
    const { email, city } = values('firefox.reload@example.in');
    await typeInto(page, { email, city });
    await page.reload();
    await takeOver(page);
    await page.waitForFunction((t) => (document.querySelector(t)?.shadowRoot?.querySelector('[name="email"]') as HTMLInputElement | null)?.value, {}, FORM);
    expect(await fieldValue(page, 'email')).toBe(email);
    expect(await fieldValue(page, 'city')).toBe(city);
    await page.close();
  });
});
