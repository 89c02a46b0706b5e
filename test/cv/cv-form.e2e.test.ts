/**
 * The career form's CV (issue 35) in Chromium against the built site and the real service:
 * - with script: a 200 KB PDF is uploaded and the application stored with the same bytes;
 * - a 6 MB file is refused before anything is sent, in the form's words, every field kept;
 * - the Hindi form shows the control, its hint and its refusals (the form's and the
 *   service's: an executable named .pdf) in Hindi;
 * - offline: applied with a file while offline, back online it goes by itself (from the open
 *   form, or by the outbox worker once the tab is closed): one lead with the same bytes, and
 *   nothing of it (file included) left in IndexedDB or anywhere on the device;
 * - without JavaScript the browser posts multipart/form-data and the service stores the file.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFIRMATION_ROUTES } from '../../contract/form-post.ts';
import { MESSAGES } from '../../contract/messages/en.ts';
import { MESSAGES_HI } from '../../contract/messages/hi.ts';
import { en } from '../../widgets/i18n/en.ts';
import { hi } from '../../widgets/i18n/hi.ts';
import { launchBrowser } from '../helpers/browser.ts';
import { executable, pdfWithMarker, sha256 } from '../helpers/cv-files.ts';
import { readDeviceStorage } from '../helpers/device-storage.ts';
import { formValues } from '../helpers/fixtures.ts';
import { readDb, startServer } from '../helpers/server.ts';

let site: Awaited<ReturnType<typeof startServer>>;
let browser: Awaited<ReturnType<typeof launchBrowser>>;

beforeAll(async () => {
  site = await startServer({ site: true, env: { ALTCHA_MAX_NUMBER: '2000' } });
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

const FORM = 'career-application';
const CHOICES = new Set(['course', 'areaOfInterest']);

/** The applications stored for `email`, with their CV's hash and size (null: none). */
const applicationsOf = (email: string) =>
  readDb(site.dataDir, (db) =>
    db
      .prepare(
        `SELECT l.id, c.sha256, c.size, c.name FROM leads l LEFT JOIN cv_uploads c ON c.lead_id = l.id
         WHERE l.kind = 'career' AND json_extract(l.fields, '$.email') = ?`,
      )
      .all(email),
  ) as { id: number; sha256: string | null; size: number | null; name: string | null }[];

/** Acts on the form (the loader loads it), waits until its script has taken it over. */
async function takeOver(page: Page) {
  await page.locator(`${FORM} [name="fullName"]`).focus();
  await page.waitForFunction((t) => !!customElements.get(t) && !!document.querySelector(t)?.shadowRoot?.querySelector('button[type="submit"]'), FORM);
}

async function fill(page: Page, fields: Record<string, string>) {
  for (const [name, value] of Object.entries(fields)) {
    const control = page.locator(`${FORM} [name="${name}"]`);
    if (CHOICES.has(name)) await control.selectOption(value);
    else await control.fill(value);
  }
}

const attach = (page: Page, name: string, buffer: Buffer, mimeType = 'application/pdf') =>
  page.locator(`${FORM} input[name="resume"]`).setInputFiles({ name, mimeType, buffer });

const valuesOn = (page: Page, names: string[]) => Promise.all(names.map((n) => page.locator(`${FORM} [name="${n}"]`).inputValue()));

/** The message under the CV control (its id is linked by aria-describedby), if any. */
const cvError = async (page: Page) => {
  const error = page.locator(`${FORM} #career-resume-error`);
  return (await error.count()) ? error.textContent() : null;
};

const submit = (page: Page) => page.locator(`${FORM} button[type="submit"]`).click();

describe('the career form with a CV', () => {
  it('applies with a 200 KB PDF: the lead is stored with the same bytes', async () => {
    const context = await browser.newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.goto(site.url + '/career');
    await takeOver(page);
    const email = 'cv.pdf@example.in';
    const file = pdfWithMarker('MARKER-CV-200KB');
    await fill(page, formValues('career', { email }));
    await attach(page, 'Asha Resume.pdf', file);
    await page.locator(FORM).getByText('Asha Resume.pdf (200 KB)').waitFor();
    await submit(page);
    await page.locator(FORM).getByRole('heading', { name: en.career.successTitle }).waitFor({ timeout: 30_000 });
    expect(applicationsOf(email)).toEqual([{ id: expect.any(Number), sha256: sha256(file), size: file.length, name: 'Asha Resume.pdf' }]);
    await context.close();
  });

  it('refuses a 6 MB file with its message, sends nothing and keeps every field', async () => {
    const context = await browser.newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.goto(site.url + '/career');
    await takeOver(page);
    const email = 'cv.large@example.in';
    const values = formValues('career', { email });
    await fill(page, values);
    await attach(page, 'large.pdf', pdfWithMarker('LARGE', 6 * 1024 * 1024));
    const cv = page.locator(`${FORM} input[name="resume"]`);
    await expect.poll(() => cv.getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => cvError(page)).toBe(MESSAGES.cvTooLarge(5));
    await submit(page);
    await expect.poll(() => page.evaluate((t) => document.querySelector(t)?.shadowRoot?.activeElement?.getAttribute('name'), FORM)).toBe('resume');
    expect(await valuesOn(page, Object.keys(values))).toEqual(Object.values(values));
    expect(await page.locator(FORM).getByRole('heading', { name: en.career.successTitle }).count()).toBe(0);
    expect(applicationsOf(email)).toEqual([]);
    await context.close();
  });

  it('in Hindi: the control, its hint and its refusals (the form\'s and the service\'s) are in Hindi', async () => {
    const context = await browser.newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.goto(site.url + '/hi/career');
    // Before any script: the pre-rendered control speaks Hindi.
    const cv = page.locator(`${FORM} input[name="resume"]`);
    expect(await page.locator(`${FORM} label[for="career-resume"]`).textContent()).toBe(hi.career.cv.label);
    expect(await page.locator(`${FORM} #career-resume-hint`).textContent()).toBe(hi.career.cv.hint(5));
    await takeOver(page);
    const email = 'cv.hindi@example.in';
    const values = formValues('career', { email });
    await fill(page, values);
    await attach(page, 'बड़ा.pdf', pdfWithMarker('BIG', 6 * 1024 * 1024));
    await expect.poll(() => cvError(page)).toBe(MESSAGES_HI.cvTooLarge(5));
    await page.locator(FORM).getByText('बड़ा.pdf (6 MB)').waitFor();
    // An executable named .pdf passes the form's check by its name; the service judges the content and answers in Hindi.
    await attach(page, 'cv.pdf', executable());
    await expect.poll(() => cv.getAttribute('aria-invalid')).toBe(null);
    await submit(page);
    await expect.poll(() => cvError(page), { timeout: 30_000 }).toBe(MESSAGES_HI.cvType);
    expect(await cv.getAttribute('aria-invalid')).toBe('true');
    expect(await valuesOn(page, Object.keys(values))).toEqual(Object.values(values));
    expect(applicationsOf(email)).toEqual([]);
    await context.close();
  });

  it('offline: applied with a file while offline, back online it is stored once with the same bytes, and nothing is left on the device', async () => {
    const context: BrowserContext = await browser.newContext();
    const page = await context.newPage();
    await page.goto(site.url + '/career');
    await takeOver(page);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    const email = 'cv.offline@example.in';
    const file = pdfWithMarker('MARKER-OFFLINE');
    await fill(page, formValues('career', { email }));
    await attach(page, 'offline.pdf', file);
    await context.setOffline(true);
    await submit(page);
    await page.locator(FORM).getByRole('status').filter({ hasText: en.waiting.title }).waitFor({ timeout: 30_000 });
    // The waiting send keeps the file beside the application.
    const kept = await page.evaluate(readDeviceStorage);
    expect(kept.records).toHaveLength(1);
    expect(await page.evaluate(() => new Promise<number>((resolve) => {
      const open = indexedDB.open('societydesk-outbox');
      open.onsuccess = () => {
        const all = open.result.transaction('sends').objectStore('sends').getAll();
        all.onsuccess = () => resolve((all.result[0] as { cv?: { file: Blob } }).cv?.file.size ?? 0);
      };
    }))).toBe(file.length);
    expect(applicationsOf(email)).toEqual([]);

    await context.setOffline(false);
    await page.locator(FORM).getByRole('heading', { name: en.career.successTitle }).waitFor({ timeout: 60_000 });
    expect(applicationsOf(email)).toEqual([{ id: expect.any(Number), sha256: sha256(file), size: file.length, name: 'offline.pdf' }]);
    await expect.poll(() => page.evaluate(readDeviceStorage), { timeout: 15_000 }).toEqual({ local: {}, records: [], cacheNames: [] });
    await page.reload();
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 5000 })));
    expect(await page.evaluate(readDeviceStorage)).toEqual({ local: {}, records: [], cacheNames: [] });
    expect(applicationsOf(email)).toHaveLength(1);
    await context.close();
  }, 120_000);

  it('offline, tab closed: the outbox worker uploads the file and sends the application at the next page, once, leaving nothing', async () => {
    const context: BrowserContext = await browser.newContext();
    const page = await context.newPage();
    await page.goto(site.url + '/career');
    await takeOver(page);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    const email = 'cv.worker@example.in';
    const file = pdfWithMarker('MARKER-WORKER');
    await fill(page, formValues('career', { email }));
    await attach(page, 'worker.pdf', file);
    await context.setOffline(true);
    await submit(page);
    await page.locator(FORM).getByRole('status').filter({ hasText: en.waiting.title }).waitFor({ timeout: 30_000 });
    await page.close();
    await context.setOffline(false);

    const later = await context.newPage();
    await later.goto(site.url + '/features');
    await expect.poll(() => applicationsOf(email).length, { timeout: 30_000 }).toBe(1);
    expect(applicationsOf(email)).toEqual([{ id: expect.any(Number), sha256: sha256(file), size: file.length, name: 'worker.pdf' }]);
    await expect.poll(() => later.evaluate(readDeviceStorage), { timeout: 15_000 }).toEqual({ local: {}, records: [], cacheNames: [] });
    await context.close();
  }, 120_000);

  it('without JavaScript the browser posts the file with the form (multipart) and the service stores it', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(site.url + '/career');
    const email = 'cv.noscript@example.in';
    const file = pdfWithMarker('MARKER-NOSCRIPT');
    await fill(page, formValues('career', { email }));
    await attach(page, 'noscript.pdf', file);
    await Promise.all([page.waitForURL((url) => url.pathname === CONFIRMATION_ROUTES.career, { timeout: 30_000 }), submit(page)]);
    expect(applicationsOf(email)).toEqual([{ id: expect.any(Number), sha256: sha256(file), size: file.length, name: 'noscript.pdf' }]);
    await context.close();
  });
});
