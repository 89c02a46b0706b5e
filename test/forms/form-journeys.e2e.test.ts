import { afterEach, beforeAll, afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchBrowser } from '../helpers/browser.ts';
import { formValues, VALID_CAREER, VALID_SOCIETY } from '../helpers/fixtures.ts';
import { asTyped, tabTo, typeAndTab } from '../helpers/keyboard.ts';
import { startServer, storedLeads } from '../helpers/server.ts';

let browser: Awaited<ReturnType<typeof launchBrowser>>;
let site: Awaited<ReturnType<typeof startServer>> | undefined;
beforeAll(async () => {
  // These journeys are the visitor's own presses: no outbox worker sends a waiting lead behind
  // their back (Background Sync fires at once when online). offline-sends.e2e covers the worker.
  browser = await launchBrowser({ serviceWorkers: 'block' });
  // The pages' timers on a test clock: time flows as usual, and a test moves it on by hand
  // where it would otherwise wait (a toast's 6 s, the confirmation's 10 s).
  await browser.context.clock.install();
});
afterAll(() => browser?.close());
afterEach(async () => {
  await site?.stop().catch(() => {});
  site = undefined;
});

const leadCount = (dataDir: string) => storedLeads(dataDir).length;

/** The form's shadow root state a visitor would see after a success: the confirmation, fields marked invalid, the focused control. */
const formState = (page: Page, tag: string) =>
  page.locator(tag).evaluate((host) => {
    const root = host.shadowRoot!;
    const active = root.activeElement as HTMLElement | null;
    return {
      confirmation: root.querySelector('.confirmation h2')?.textContent ?? null,
      form: !!root.querySelector('form'),
      userInvalid: root.querySelectorAll(':user-invalid').length,
      values: [...root.querySelectorAll<HTMLInputElement>('[part~="input"]')].map((c) => c.value),
      focused: active ? active.getAttribute('name') ?? active.localName : null,
    };
  });

/**
 * After a success: the confirmation holds the form's place and is still there 10 s later (the
 * page's clock run forward: every timer due meanwhile fires), the toast gone; "send another",
 * reached by keyboard, brings an empty form with nothing marked invalid, its first field focused.
 */
async function confirmationJourney(page: Page, tag: string, title: string, again: string, first: string) {
  await expect.poll(async () => (await formState(page, tag)).confirmation).toBe(title);
  await page.clock.runFor(10_000);
  expect((await formState(page, tag)).confirmation, 'still confirmed 10 s later').toBe(title);
  expect(await page.getByText(title).count(), 'only the confirmation: the toast left after about 6 s').toBe(1);
  const button = page.locator(tag).getByRole('button', { name: again });
  await tabTo(page, button, { backwards: true });
  await page.keyboard.press('Enter');
  await expect.poll(async () => (await formState(page, tag)).form).toBe(true);
  const state = await formState(page, tag);
  expect(state.userInvalid, 'no field shows as invalid').toBe(0);
  expect(state.values.every((v) => v === ''), 'every field empty').toBe(true);
  expect(state.focused).toBe(first);
}

/**
 * Lead POSTs fail as if the network dropped (the service never sees them) until the returned
 * function is called: the form's own retries of the waiting send (5 s on) fail too, so only
 * the visitor's next press can store the lead.
 */
async function dropPostsUntilReleased(page: Page, endpoint: string): Promise<() => Promise<void>> {
  const pattern = `**/${endpoint}*`;
  await page.route(pattern, (route) => route.abort('connectionreset'));
  return () => page.unroute(pattern);
}

async function openFromHeroLink(page: Page, path: string, linkName: string, tag: string) {
  await page.goto(site!.url + path);
  const link = page.getByRole('main').getByRole('link', { name: linkName }).first();
  await tabTo(page, link);
  await page.keyboard.press('Enter');
  await page.waitForFunction((t) => !!customElements.get(t), tag);
  // The element took over its pre-rendered shadow root: the button is live.
  await page.waitForFunction((t) => !document.querySelector(t)?.shadowRoot?.querySelector('button[type="submit"][disabled]'), tag);
}

async function fillRegistrationByKeyboard(page: Page, values = formValues('society')) {
  const first = page.locator('society-registration input[name="name"]');
  await tabTo(page, first);
  for (const key of ['name', 'email', 'phone', 'societyName', 'city', 'position'] as const) {
    await typeAndTab(page, values[key]);
  }
}

describe('registration form, by keyboard, as a visitor would', () => {
  it('validates, fails once, submits, announces the toast, confirms in place of the form for good, and brings back an empty form', async () => {
    site = await startServer({ site: true });
    const page = await browser.context.newPage();
    await openFromHeroLink(page, '/', 'Register Your Society', 'society-registration');
    expect(new URL(page.url()).hash).toBe('#registration');
    const release = await dropPostsUntilReleased(page, 'addSocietyQuery');

    await fillRegistrationByKeyboard(page, formValues('society', { city: '' }));
    const submit = page.locator('society-registration button[type="submit"]');
    await tabTo(page, submit);
    await page.keyboard.press('Enter');
    const city = page.locator('society-registration input[name="city"]');
    await expect.poll(() => city.evaluate((el: HTMLInputElement) => el.validity.valueMissing)).toBe(true);
    await expect.poll(() => city.evaluate((el) => el.matches(':focus'))).toBe(true);
    expect(leadCount(site.dataDir)).toBe(0);

    await page.keyboard.type(VALID_SOCIETY.city);
    await page.keyboard.press('Enter');
    const alert = page.getByRole('alert').filter({ hasText: 'Registration Failed' });
    await expect.poll(() => alert.count()).toBe(1);
    expect(leadCount(site.dataDir)).toBe(0);

    await release();
    await tabTo(page, submit);
    await page.keyboard.press('Enter');
    const status = page.getByRole('status').filter({ hasText: 'Registration Successful!' });
    await expect.poll(() => status.count()).toBe(1);
    expect(await status.locator('.toast__description').textContent()).toBe(
      'Society request submitted successfully. We will contact you within 24 hours to set up your society.',
    );
    expect(leadCount(site.dataDir)).toBe(1);
    expect(await alert.count(), 'the earlier failure toast was withdrawn by the new submit').toBe(0);
    expect((await formState(page, 'society-registration')).focused, 'the confirmation heading takes the focus').toBe('h2');

    // Alt+T takes the keyboard to the newest toast; Enter on its close button dismisses it.
    await page.keyboard.press('Alt+T');
    await expect.poll(() => page.getByRole('button', { name: /dismiss/i }).first().evaluate((el) => el.matches(':focus'))).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => status.count()).toBe(0);

    await confirmationJourney(page, 'society-registration', 'Registration Successful!', 'Register another society', 'name');
    await page.close();
  });

  it('refuses a 5-digit phone in the browser, saying why, and sends nothing', async () => {
    site = await startServer({ site: true });
    const page = await browser.context.newPage();
    await openFromHeroLink(page, '/', 'Register Your Society', 'society-registration');
    const posts: string[] = [];
    page.on('request', (r) => r.method() === 'POST' && posts.push(r.url()));
    const sends = () => posts.filter((url) => url.includes('/addSocietyQuery'));
    const submit = page.locator('society-registration button[type="submit"]');

    // The same checks see a send when one is made: a valid registration first, counted once.
    await fillRegistrationByKeyboard(page);
    await tabTo(page, submit);
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await formState(page, 'society-registration')).confirmation).toBe('Registration Successful!');
    expect(sends()).toHaveLength(1);
    expect(leadCount(site.dataDir)).toBe(1);
    await tabTo(page, page.locator('society-registration').getByRole('button', { name: 'Register another society' }), { backwards: true });
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await formState(page, 'society-registration')).form).toBe(true);

    await fillRegistrationByKeyboard(page, formValues('society', { phone: '98220' }));
    await tabTo(page, submit);
    await page.keyboard.press('Enter');
    const phone = page.locator('society-registration input[name="phone"]');
    await expect.poll(() => phone.evaluate((el) => el.matches(':focus'))).toBe(true);
    expect(await phone.evaluate((el: HTMLInputElement) => el.validationMessage)).toBe('Please enter a valid phone number.');
    // Any timer the press set goes off (the page's clock run forward), then a request of the page's
    // own: the browser reports the page's requests in order, so a send made before it is in `posts`.
    await page.clock.runFor(5_000);
    const sentinel = page.waitForRequest((r) => r.url().endsWith('/robots.txt'));
    await page.evaluate(() => fetch('/robots.txt').then((r) => r.status));
    await sentinel;
    expect(sends(), 'only the valid registration was sent').toHaveLength(1);
    expect(leadCount(site.dataDir)).toBe(1);
    await page.close();
  });

  it('marks the phone the service refuses (a browser without constraint validation) and moves focus there', async () => {
    site = await startServer({ site: true });
    const page = await browser.context.newPage();
    await openFromHeroLink(page, '/', 'Register Your Society', 'society-registration');
    await page.locator('society-registration').evaluate((host) => (host.shadowRoot!.querySelector('form')!.noValidate = true));
    await fillRegistrationByKeyboard(page, formValues('society', { phone: '98220' }));
    await tabTo(page, page.locator('society-registration button[type="submit"]'));
    await page.keyboard.press('Enter');
    const alert = page.getByRole('alert').filter({ hasText: 'Registration Failed' });
    await expect.poll(() => alert.count()).toBe(1);
    expect(await alert.locator('.toast__description').textContent()).toBe('Please enter a valid phone number.');
    const phone = page.locator('society-registration input[name="phone"]');
    await expect.poll(() => phone.getAttribute('aria-invalid')).toBe('true');
    expect(await phone.evaluate((el) => el.matches(':focus'))).toBe(true);
    const describedBy = await phone.getAttribute('aria-describedby');
    expect(await page.locator(`society-registration #${describedBy}`).textContent()).toBe('Please enter a valid phone number.');
    expect(await phone.inputValue()).toBe('98220');
    expect(leadCount(site.dataDir)).toBe(0);
    await page.close();
  });

  it('keeps every field and shows the network error when the service is down', async () => {
    site = await startServer({ site: true });
    const page = await browser.context.newPage();
    await openFromHeroLink(page, '/', 'Register Your Society', 'society-registration');
    const running = site;
    site = undefined;
    await running.stop();

    const registration = formValues('society', { position: 'Secretary' });
    await fillRegistrationByKeyboard(page, registration);
    await tabTo(page, page.locator('society-registration button[type="submit"]'));
    await page.keyboard.press('Enter');
    const alert = page.getByRole('alert').filter({ hasText: 'Registration Failed' });
    await expect.poll(() => alert.count(), { timeout: 20_000 }).toBe(1);
    expect(await alert.locator('.toast__description').textContent()).toBe('Network error. Please check your connection and try again.');
    for (const [name, value] of Object.entries(registration)) {
      expect(await page.locator(`society-registration [name="${name}"]`).inputValue(), name).toBe(value);
    }
    await page.close();
  });
});

async function fillApplicationByKeyboard(page: Page, values: Record<string, string>) {
  await tabTo(page, page.locator('career-application [name="fullName"]'));
  const typed = asTyped('career', values);
  for (const key of ['fullName', 'email', 'phone', 'college', 'course', 'yearOfStudy', 'areaOfInterest', 'whyJoin'] as const) {
    await typeAndTab(page, typed[key]!);
  }
}

describe('career application, by keyboard, as a student would', () => {
  it('validates an unchosen course, fails once, submits, announces, confirms in place of the form for good, and brings back an empty form', async () => {
    site = await startServer({ site: true });
    const page = await browser.context.newPage();
    await openFromHeroLink(page, '/career', 'Apply Now', 'career-application');
    expect(new URL(page.url()).hash).toBe('#application-form');
    const release = await dropPostsUntilReleased(page, 'addQuery');

    await fillApplicationByKeyboard(page, formValues('career', { course: '' }));
    await tabTo(page, page.locator('career-application button[type="submit"]'));
    await page.keyboard.press('Enter');
    const course = page.locator('career-application select[name="course"]');
    await expect.poll(() => course.evaluate((el: HTMLSelectElement) => el.validity.valueMissing)).toBe(true);
    expect(leadCount(site.dataDir)).toBe(0);

    await page.keyboard.type(VALID_CAREER.course);
    expect(await course.inputValue()).toBe(VALID_CAREER.course);
    await tabTo(page, page.locator('career-application button[type="submit"]'));
    await page.keyboard.press('Enter');
    const alert = page.getByRole('alert').filter({ hasText: 'Error' });
    await expect.poll(() => alert.count()).toBe(1);
    expect(leadCount(site.dataDir)).toBe(0);

    await release();
    await page.keyboard.press('Enter'); // focus stayed on the button, never disabled
    const status = page.getByRole('status').filter({ hasText: 'Application Submitted!' });
    await expect.poll(() => status.count()).toBe(1);
    expect(await status.locator('.toast__description').textContent()).toBe('Thanks for applying! Our team will review your application and connect with you shortly.');
    expect(leadCount(site.dataDir)).toBe(1);
    expect(await alert.count(), 'the earlier failure toast was withdrawn by the new submit').toBe(0);
    expect((await formState(page, 'career-application')).focused, 'the confirmation heading takes the focus').toBe('h2');
    await page.keyboard.press('Alt+T');
    await expect.poll(() => page.getByRole('button', { name: /dismiss/i }).first().evaluate((el) => el.matches(':focus'))).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => status.count()).toBe(0);

    await confirmationJourney(page, 'career-application', 'Application Submitted!', 'Send another application', 'fullName');
    await page.close();
  });

  it('keeps every field and shows the error when the service is down', async () => {
    site = await startServer({ site: true });
    const page = await browser.context.newPage();
    await openFromHeroLink(page, '/career', 'Apply Now', 'career-application');
    const running = site;
    site = undefined;
    await running.stop();

    const application = formValues('career', { name: 'राहुल वर्मा' });
    await fillApplicationByKeyboard(page, application);
    await tabTo(page, page.locator('career-application button[type="submit"]'));
    await page.keyboard.press('Enter');
    const alert = page.getByRole('alert').filter({ hasText: 'Error' });
    await expect.poll(() => alert.count(), { timeout: 20_000 }).toBe(1);
    expect(await alert.locator('.toast__description').textContent()).toBe('There was an error submitting your application. Please try again.');
    for (const [name, value] of Object.entries(application)) {
      expect(await page.locator(`career-application [name="${name}"]`).inputValue(), name).toBe(value);
    }
    await page.close();
  });
});
