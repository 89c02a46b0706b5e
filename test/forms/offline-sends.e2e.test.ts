/**
 * A lead typed on a weak connection is never lost and never doubled, in Chromium against
 * the built site and the real service (the proof of work is the widget's own):
 * - network emulated offline: the spec's failure toast, then the waiting state; back
 *   online, it goes by itself: one lead (a person's), the success toast and the confirmation;
 * - sent offline, the tab closed, the connection back, another page of the site opened:
 *   the outbox worker sends it, one lead; a form taken over later is empty and shows nothing of it;
 * - a form still waiting when the worker gets its send accepted shows the answer (toast and
 *   confirmation) without sending it again;
 * - a reload mid-typing brings the values back; after the success nothing of them is left
 *   in the page's storage;
 * - nothing is stored on the device, and no worker registered, before the visitor acts;
 * - issue 30, finding 1: once a send is accepted, from the page or by the worker, nothing of
 *   the lead is left in localStorage, IndexedDB (no record at all, in any database or store) or
 *   the Cache API, on the page that saw it and after a reload; a draft or a waiting send older
 *   than 7 days is gone after one visit to any page.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../helpers/browser.ts';
import { readDeviceStorage } from '../helpers/device-storage.ts';
import { formValues, VALID_SOCIETY } from '../helpers/fixtures.ts';
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

const FORM = 'society-registration';
const leadsOf = (email: string) =>
  readDb(site.dataDir, (db) =>
    db.prepare("SELECT id, spam_reason AS spam FROM leads WHERE json_extract(fields, '$.email') = ?").all(email),
  ) as { id: number; spam: string | null }[];

const values = (email: string) => formValues('society', { email });

/** Acts on the form (the loader loads it), waits until its script has taken it over. */
async function takeOver(page: Page) {
  await page.locator(`${FORM} [name="name"]`).focus();
  await page.waitForFunction((t) => !!customElements.get(t) && !!document.querySelector(t)?.shadowRoot?.querySelector('button[type="submit"]:not([disabled])'), FORM);
}

async function fill(page: Page, fields: Record<string, string>) {
  for (const [name, value] of Object.entries(fields)) if (value) await page.locator(`${FORM} [name="${name}"]`).fill(value);
}

/** Fills the form with the values of `email` and presses send with the connection off. */
async function sendWhileOffline(context: BrowserContext, page: Page, email: string) {
  await fill(page, values(email));
  await context.setOffline(true);
  await page.locator(`${FORM} button[type="submit"]`).click();
}

const savedOnThisPhone = (page: Page) => page.locator(FORM).getByRole('status').filter({ hasText: 'Saved on this phone' }).waitFor();

const toastWith = (page: Page, role: 'status' | 'alert', title: string) => page.getByRole(role).filter({ hasText: title });

/** Everything the page keeps on the device: localStorage, every IndexedDB record, the Cache API's caches. */
const deviceStorage = (page: Page) => page.evaluate(readDeviceStorage);

/** Nothing of a lead on the device: no draft, no record at all in IndexedDB, no cache, none of the values typed anywhere. */
async function expectNothingOfTheLead(page: Page, typed: string[]) {
  const kept = await deviceStorage(page);
  expect(kept).toEqual({ local: {}, records: [], cacheNames: [] });
  for (const value of typed) expect(JSON.stringify(kept)).not.toContain(value);
}

/** The values of `values(email)` as they could be kept (the phone without its country code). */
const typedOf = (email: string) => Object.values(values(email)).filter((v) => v.length > 3).map((v) => v.replace(/^\+91 /, ''));

const workerCount = (page: Page) => page.evaluate(() => navigator.serviceWorker.getRegistrations().then((list) => list.length));

/** Drafts and sends dated in the past are dated this many milliseconds a day back. */
const DAY_MS = 86_400_000;

/** A fresh visitor whose outbox worker (registered when the form takes over) is installed. */
async function visitorWithForm(context: BrowserContext, path = '/') {
  const page = await context.newPage();
  await page.goto(site.url + path);
  await takeOver(page);
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  return page;
}

describe('offline sends', () => {
  it('nothing on the device and no worker before the visitor acts', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(site.url + '/');
    await page.locator(FORM).scrollIntoViewIfNeeded();
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 5000 })));
    expect(await deviceStorage(page)).toEqual({ local: {}, records: [], cacheNames: [] });
    expect(await page.evaluate(() => indexedDB.databases().then((list) => list.length))).toBe(0);
    expect(await page.evaluate(() => navigator.serviceWorker.getRegistrations().then((list) => list.length))).toBe(0);
    await context.close();
  });

  it('offline: the failure toast, then the waiting state; back online it goes by itself, once', async () => {
    const context = await browser.newContext();
    const page = await visitorWithForm(context);
    const email = 'offline.once@example.in';
    await sendWhileOffline(context, page, email);
    await expect.poll(() => toastWith(page, 'alert', 'Registration Failed').textContent()).toContain('Network error. Please check your connection and try again.');
    await savedOnThisPhone(page);
    expect(await page.locator(`${FORM} [name="email"]`).inputValue()).toBe(email); // the fields are kept
    await expect.poll(() => page.locator(FORM).getByRole('button', { name: 'Send now' }).count()).toBe(1);
    expect(await page.locator(FORM).getByRole('button', { name: 'Discard' }).count()).toBe(1);
    expect(leadsOf(email)).toEqual([]);
    // Kept on the device while it waits.
    expect((await deviceStorage(page)).records).toHaveLength(1);

    await context.setOffline(false);
    await toastWith(page, 'status', 'Registration Successful!').waitFor({ timeout: 30_000 });
    await page.locator(FORM).getByRole('heading', { name: 'Registration Successful!' }).waitFor();
    expect(leadsOf(email)).toEqual([{ id: expect.any(Number), spam: null }]);
    await expect.poll(async () => (await deviceStorage(page)).records).toEqual([]);
    expect((await deviceStorage(page)).local).toEqual({});
    await context.close();
  });

  it('a send that waited long is tried at once when the connection is back, and a first try that still fails is tried again within seconds', async () => {
    // No worker (only this page sends), and the page's clock run forward by hand: the backoff grows to its longest pause.
    const context = await browser.newContext({ serviceWorkers: 'block' });
    await context.clock.install();
    const page = await context.newPage();
    await page.goto(site.url + '/');
    await takeOver(page);
    const email = 'back.online@example.in';
    let tries = 0;
    let reachable = false;
    await page.route((url) => url.pathname === '/addSocietyQuery', (route) => {
      tries++;
      return reachable ? route.continue() : route.abort('internetdisconnected');
    });
    await fill(page, values(email));
    await page.locator(`${FORM} button[type="submit"]`).click();
    await savedOnThisPhone(page);
    // Hours of waiting: by now the next try is 5 to 7.5 minutes away.
    for (let hour = 0; hour < 4; hour++) {
      const before = tries;
      await page.clock.runFor(60 * 60_000);
      await expect.poll(() => tries, { timeout: 15_000 }).toBeGreaterThan(before);
    }
    // Back online: tried at once (still unreachable, as a connection that is settling can be) …
    const before = tries;
    await context.setOffline(true);
    await context.setOffline(false);
    await expect.poll(() => tries, { timeout: 15_000 }).toBe(before + 1);
    // … and again after the backoff's shortest pause (5 s plus jitter), not its longest (5 min).
    reachable = true;
    await page.clock.runFor(7_500);
    await page.locator(FORM).getByRole('heading', { name: 'Registration Successful!' }).waitFor({ timeout: 30_000 });
    expect(leadsOf(email)).toEqual([{ id: expect.any(Number), spam: null }]);
    await context.close();
  }, 180_000);

  it('sent offline, tab closed, connection back, any page of the site opened: stored once, and nothing of it left on the device', async () => {
    const context = await browser.newContext();
    const page = await visitorWithForm(context);
    const email = 'closed.tab@example.in';
    await sendWhileOffline(context, page, email);
    await savedOnThisPhone(page);
    expect(JSON.stringify(await deviceStorage(page))).toContain(email); // the draft and the waiting send
    await page.close();
    await context.setOffline(false);

    const later = await context.newPage();
    await later.goto(site.url + '/features');
    await expect.poll(() => leadsOf(email).length, { timeout: 30_000 }).toBe(1);
    // Issue 30, finding 1: once the send is accepted nothing of the lead stays on the device, on
    // this page (a page without the form) and after a reload: no draft, and no record at all
    // in IndexedDB (the worker's marker naming the draft goes once this page has removed it).
    await expect.poll(() => deviceStorage(later), { timeout: 15_000 }).toEqual({ local: {}, records: [], cacheNames: [] });
    await expectNothingOfTheLead(later, typedOf(email));
    // Nothing kept: the worker has unregistered itself.
    await expect.poll(() => workerCount(later), { timeout: 15_000 }).toBe(0);
    await later.reload();
    await later.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 5000 })));
    await expectNothingOfTheLead(later, typedOf(email));

    // A form taken over later starts empty: the person was told by the acknowledgement email, not here.
    const back = await context.newPage();
    await back.goto(site.url + '/');
    await takeOver(back);
    await back.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 5000 })));
    for (const name of ['name', 'email', 'phone']) expect(await back.locator(`${FORM} [name="${name}"]`).inputValue(), name).toBe('');
    expect(await back.locator(FORM).getByRole('heading', { name: 'Registration Successful!' }).count()).toBe(0);
    await expectNothingOfTheLead(back, typedOf(email));
    expect(leadsOf(email)).toEqual([{ id: expect.any(Number), spam: null }]);
    // The form registered the worker again when it took over; the next visit, with nothing kept, unregisters it.
    await back.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await back.goto(site.url + '/about-us');
    await expect.poll(() => workerCount(back), { timeout: 15_000 }).toBe(0);
    await context.close();
  }, 120_000); // four pages and a background sync: on a busy machine their steps alone can pass a minute

  it('a form still waiting when the outbox worker gets its send accepted shows the answer without sending again, and keeps nothing', async () => {
    const context = await browser.newContext();
    const page = await visitorWithForm(context);
    const email = 'open.page@example.in';
    await sendWhileOffline(context, page, email);
    await savedOnThisPhone(page);
    // From now on this page's own sends fail: only the worker (whose requests this does not catch) can send it.
    await page.route((url) => url.pathname === '/addSocietyQuery', (route) => route.abort('connectionrefused'));
    const toastShown = toastWith(page, 'status', 'Registration Successful!').waitFor({ timeout: 60_000 });
    await context.setOffline(false);
    const other = await context.newPage();
    await other.goto(site.url + '/features'); // a navigation: the worker sends what waits (if Background Sync has not already)

    await expect.poll(() => leadsOf(email).length, { timeout: 30_000 }).toBe(1);
    await toastShown;
    await page.locator(FORM).getByRole('heading', { name: 'Registration Successful!' }).waitFor({ timeout: 20_000 });
    const reference = readDb(site.dataDir, (db) => db.prepare("SELECT reference FROM leads WHERE json_extract(fields, '$.email') = ?").get(email)) as { reference: string };
    expect(await page.locator(FORM).locator('.confirmation__code').textContent()).toBe(reference.reference);
    expect(await page.locator(FORM).getByRole('status').filter({ hasText: 'Saved on this phone' }).count()).toBe(0);
    await expect.poll(() => deviceStorage(page), { timeout: 15_000 }).toEqual({ local: {}, records: [], cacheNames: [] });
    await expectNothingOfTheLead(page, typedOf(email));
    expect(leadsOf(email)).toEqual([{ id: expect.any(Number), spam: null }]);
    await context.close();
  }, 120_000);

  it('a draft dated 8 days ago, and a waiting send as old, are gone after one visit to /about-us; a younger draft stays', async () => {
    const context = await browser.newContext();
    const page = await visitorWithForm(context); // the outbox worker is there, as for any visitor who acted on a form
    const now = Date.now();
    await page.evaluate(
      async ({ old, young }) => {
        const draft = (savedAt: number, name: string) => JSON.stringify({ savedAt, values: { name, email: `${name.toLowerCase()}@example.in` } });
        localStorage.setItem(`societydesk:draft:society:${location.origin}/addSocietyQuery`, draft(old, 'Eightdays'));
        localStorage.setItem(`societydesk:draft:career:${location.origin}/addQuery`, draft(young, 'Oneday'));
        localStorage.setItem('societydesk:draft:career:https://api.example/addQuery', '{not json');
        await new Promise<void>((resolve, reject) => {
          const open = indexedDB.open('societydesk-outbox');
          open.onupgradeneeded = () => open.result.createObjectStore('sends');
          open.onerror = () => reject(open.error ?? new Error('IndexedDB failed'));
          open.onsuccess = () => {
            const tx = open.result.transaction('sends', 'readwrite');
            tx.objectStore('sends').put(
              { key: 'old-send-0123456789abcdef', kind: 'society', url: `${location.origin}/addSocietyQuery`, body: { name: 'Eightdays' }, headers: {}, challengeUrl: '', queuedAt: old, state: 'waiting', values: { name: 'Eightdays' } },
              'old-send-0123456789abcdef',
            );
            tx.oncomplete = () => resolve();
            tx.onerror = () => reject(tx.error ?? new Error('IndexedDB failed'));
          };
        });
      },
      { old: now - 8 * DAY_MS, young: now - DAY_MS },
    );
    await page.goto(site.url + '/about-us');
    await expect.poll(async () => Object.keys((await deviceStorage(page)).local), { timeout: 15_000 }).toEqual([`societydesk:draft:career:${site.url}/addQuery`]);
    await expect.poll(async () => (await deviceStorage(page)).records, { timeout: 15_000 }).toEqual([]);
    expect(leadsOf('eightdays@example.in')).toEqual([]); // too old to send: removed, not sent
    await context.close();
  }, 60_000);

  it('a send the worker got accepted with no page open: the next visit to any page removes its draft, then its marker, then the worker', async () => {
    const context = await browser.newContext();
    const page = await visitorWithForm(context);
    const email = 'background.sync@example.in';
    const draft = `societydesk:draft:society:${site.url}/addSocietyQuery`;
    // What a Background Sync send leaves when no page hears it (lead-outbox.ts SentMarker), beside
    // the draft it names; and a receipt as an earlier version kept an accepted send.
    await page.evaluate(
      async ({ draft, email }) => {
        localStorage.setItem(draft, JSON.stringify({ savedAt: Date.now(), values: { name: 'Background Sync', email } }));
        await new Promise<void>((resolve, reject) => {
          const open = indexedDB.open('societydesk-outbox');
          open.onupgradeneeded = () => open.result.createObjectStore('sends');
          open.onerror = () => reject(open.error ?? new Error('IndexedDB failed'));
          open.onsuccess = () => {
            const tx = open.result.transaction('sends', 'readwrite');
            tx.objectStore('sends').put({ draft }, draft);
            tx.objectStore('sends').put(
              { key: 'receipt-0123456789abcdef', kind: 'society', url: draft.slice('societydesk:draft:society:'.length), body: {}, headers: {}, challengeUrl: '', queuedAt: Date.now(), state: 'answered', outcome: { type: 'json', status: 200, ok: true, body: { success: true, reference: 'SD-4K7Q-2M9X' } } },
              'receipt-0123456789abcdef',
            );
            tx.oncomplete = () => resolve();
            tx.onerror = () => reject(tx.error ?? new Error('IndexedDB failed'));
          };
        });
      },
      { draft, email },
    );
    expect((await deviceStorage(page)).records).toHaveLength(2);
    await page.goto(site.url + '/about-us');
    await expect.poll(() => deviceStorage(page), { timeout: 15_000 }).toEqual({ local: {}, records: [], cacheNames: [] });
    await expect.poll(() => workerCount(page), { timeout: 15_000 }).toBe(0);
    await page.reload();
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 5000 })));
    await expectNothingOfTheLead(page, [email, 'Background Sync', 'SD-4K7Q-2M9X']);
    await context.close();
  }, 60_000);

  it('without the outbox worker, a draft past its time is gone after one visit to any page', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(site.url + '/sitemap.xml'); // the origin, without the loader
    await page.evaluate((savedAt) => localStorage.setItem(`societydesk:draft:society:${location.origin}/addSocietyQuery`, JSON.stringify({ savedAt, values: { name: 'Old Draft' } })), Date.now() - 8 * DAY_MS);
    await page.goto(site.url + '/about-us');
    await expect.poll(async () => (await deviceStorage(page)).local, { timeout: 15_000 }).toEqual({});
    expect(await page.evaluate(() => navigator.serviceWorker.getRegistrations().then((list) => list.length))).toBe(0);
    await context.close();
  });

  it('a reload mid-typing brings the values back; after the success nothing of them is left', async () => {
    const context = await browser.newContext();
    const page = await visitorWithForm(context);
    const { name, email, phone, societyName, city } = values('reloaded@example.in');
    await fill(page, { name, email, phone });
    await page.reload();
    await takeOver(page);
    const field = (name: string) => page.locator(`${FORM} [name="${name}"]`).inputValue();
    await expect.poll(() => field('email')).toBe(email);
    expect(await field('name')).toBe(name);
    expect(await field('phone')).toBe(phone);
    expect(JSON.stringify(await deviceStorage(page))).toContain(email);

    await fill(page, { societyName, city });
    await page.locator(`${FORM} button[type="submit"]`).click();
    await page.locator(FORM).getByRole('heading', { name: 'Registration Successful!' }).waitFor({ timeout: 20_000 });
    expect(leadsOf(email)).toHaveLength(1);
    const left = JSON.stringify(await deviceStorage(page));
    for (const typed of [email, name, phone.replace(/^\+91 /, ''), societyName]) expect(left).not.toContain(typed);
    await context.close();
  });

  it('a draft that comes back in the field the visitor is in is selected: what they type replaces it', async () => {
    const context = await browser.newContext();
    const page = await visitorWithForm(context);
    await fill(page, { name: VALID_SOCIETY.name, email: VALID_SOCIETY.email });
    await page.reload();
    // Into the pre-rendered (empty) name field, which starts the form: the draft comes back in it.
    await takeOver(page);
    expect(
      await page.evaluate((t) => {
        const field = document.querySelector(t)!.shadowRoot!.activeElement as HTMLInputElement;
        return { name: field.name, value: field.value, selected: field.value.slice(field.selectionStart ?? 0, field.selectionEnd ?? 0) };
      }, FORM),
    ).toEqual({ name: 'name', value: VALID_SOCIETY.name, selected: VALID_SOCIETY.name });
    await page.keyboard.type('Meera Iyer');
    expect(await page.locator(`${FORM} [name="name"]`).inputValue()).toBe('Meera Iyer');
    expect(await page.locator(`${FORM} [name="email"]`).inputValue()).toBe(VALID_SOCIETY.email);
    await context.close();
  });
});
