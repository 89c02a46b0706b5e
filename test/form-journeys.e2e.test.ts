import { afterEach, beforeAll, afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchBrowser } from './helpers/browser.ts';
import { tabTo, typeAndTab } from './helpers/keyboard.ts';
import { startServer, storedLeads } from './helpers/server.ts';

let browser: Awaited<ReturnType<typeof launchBrowser>>;
let site: Awaited<ReturnType<typeof startServer>> | undefined;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());
afterEach(async () => {
  await site?.stop().catch(() => {});
  site = undefined;
});

const leadCount = (dataDir: string) => storedLeads(dataDir).length;

async function openFromHeroLink(page: Page, path: string, linkName: string, tag: string) {
  await page.goto(site!.url + path);
  const link = page.getByRole('main').getByRole('link', { name: linkName }).first();
  await tabTo(page, link);
  await page.keyboard.press('Enter');
  await page.waitForFunction((t) => !!customElements.get(t), tag);
  // The element took over its pre-rendered shadow root: the button is live.
  await page.waitForFunction((t) => !document.querySelector(t)?.shadowRoot?.querySelector('button[type="submit"][disabled]'), tag);
}

const registration = {
  name: 'Sunita Sharma',
  email: 'sunita@example.in',
  phone: '+91 98100 00000',
  societyName: 'Green Park Residency',
  city: 'New Delhi',
  position: 'Secretary',
};

async function fillRegistrationByKeyboard(page: Page, values: typeof registration) {
  const first = page.locator('society-registration input[name="name"]');
  await tabTo(page, first);
  for (const key of ['name', 'email', 'phone', 'societyName', 'city', 'position'] as const) {
    await typeAndTab(page, values[key]);
  }
}

describe('registration form, by keyboard, as a visitor would', () => {
  it('validates, submits, announces the toast, dismisses it and clears the fields', async () => {
    site = await startServer({ site: true });
    const page = await browser.context.newPage();
    await openFromHeroLink(page, '/', 'Register Your Society', 'society-registration');
    expect(new URL(page.url()).hash).toBe('#registration');

    await fillRegistrationByKeyboard(page, { ...registration, city: '' });
    const submit = page.locator('society-registration button[type="submit"]');
    await tabTo(page, submit);
    await page.keyboard.press('Enter');
    const city = page.locator('society-registration input[name="city"]');
    await expect.poll(() => city.evaluate((el: HTMLInputElement) => el.validationMessage)).not.toBe('');
    await expect.poll(() => city.evaluate((el) => el.matches(':focus'))).toBe(true);
    expect(leadCount(site.dataDir)).toBe(0);

    await page.keyboard.type(registration.city);
    await page.keyboard.press('Enter');
    const status = page.getByRole('status').filter({ hasText: 'Registration Successful!' });
    await expect.poll(() => status.count()).toBe(1);
    await expect.poll(() => status.textContent()).toContain('Society request submitted successfully. We');
    expect(leadCount(site.dataDir)).toBe(1);
    for (const name of Object.keys(registration)) {
      expect(await page.locator(`society-registration [name="${name}"]`).inputValue(), name).toBe('');
    }

    // Alt+T takes the keyboard to the newest toast; Enter on its close button dismisses it.
    await page.keyboard.press('Alt+T');
    await expect.poll(() => page.getByRole('button', { name: /dismiss/i }).first().evaluate((el) => el.matches(':focus'))).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByText('Registration Successful!').count()).toBe(0);
    await page.close();
  });

  it('keeps every field and shows the network error when the service is down', async () => {
    site = await startServer({ site: true });
    const page = await browser.context.newPage();
    await openFromHeroLink(page, '/', 'Register Your Society', 'society-registration');
    const running = site;
    site = undefined;
    await running.stop();

    await fillRegistrationByKeyboard(page, registration);
    await tabTo(page, page.locator('society-registration button[type="submit"]'));
    await page.keyboard.press('Enter');
    const alert = page.getByRole('alert').filter({ hasText: 'Registration Failed' });
    await expect.poll(() => alert.count(), { timeout: 20_000 }).toBe(1);
    await expect.poll(() => alert.textContent()).toContain('Network error. Please check your connection and try again.');
    for (const [name, value] of Object.entries(registration)) {
      expect(await page.locator(`society-registration [name="${name}"]`).inputValue(), name).toBe(value);
    }
    await page.close();
  });
});

const application = {
  fullName: 'राहुल वर्मा',
  email: 'rahul@example.in',
  phone: '9876543210',
  college: 'Delhi Technological University',
  course: 'MCA',
  yearOfStudy: 'Final year',
  areaOfInterest: 'Tech Intern',
  whyJoin: 'I want to build software that helps housing societies run well.',
};

async function fillApplicationByKeyboard(page: Page, values: Partial<typeof application>) {
  await tabTo(page, page.locator('career-application [name="fullName"]'));
  for (const key of ['fullName', 'email', 'phone', 'college', 'course', 'yearOfStudy', 'areaOfInterest', 'whyJoin'] as const) {
    // Native selects choose an option by typing the start of its label.
    await typeAndTab(page, values[key] ?? '');
  }
}

describe('career application, by keyboard, as a student would', () => {
  it('validates an unchosen course, submits, announces, dismisses and clears', async () => {
    site = await startServer({ site: true });
    const page = await browser.context.newPage();
    await openFromHeroLink(page, '/career', 'Apply Now', 'career-application');
    expect(new URL(page.url()).hash).toBe('#application-form');

    await fillApplicationByKeyboard(page, { ...application, course: '' });
    await tabTo(page, page.locator('career-application button[type="submit"]'));
    await page.keyboard.press('Enter');
    const course = page.locator('career-application select[name="course"]');
    await expect.poll(() => course.evaluate((el: HTMLSelectElement) => el.validationMessage)).not.toBe('');
    expect(leadCount(site.dataDir)).toBe(0);

    await page.keyboard.type('MCA');
    expect(await course.inputValue()).toBe('MCA');
    await tabTo(page, page.locator('career-application button[type="submit"]'));
    await page.keyboard.press('Enter');
    const status = page.getByRole('status').filter({ hasText: 'Application Submitted!' });
    await expect.poll(() => status.count()).toBe(1);
    await expect.poll(() => status.textContent()).toContain('Thanks for applying! Our team will review your application and connect with you shortly.');
    expect(leadCount(site.dataDir)).toBe(1);
    for (const name of Object.keys(application)) {
      expect(await page.locator(`career-application [name="${name}"]`).inputValue(), name).toBe('');
    }
    await page.keyboard.press('Alt+T');
    await expect.poll(() => page.getByRole('button', { name: /dismiss/i }).first().evaluate((el) => el.matches(':focus'))).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByText('Application Submitted!').count()).toBe(0);
    await page.close();
  });

  it('keeps every field and shows the error when the service is down', async () => {
    site = await startServer({ site: true });
    const page = await browser.context.newPage();
    await openFromHeroLink(page, '/career', 'Apply Now', 'career-application');
    const running = site;
    site = undefined;
    await running.stop();

    await fillApplicationByKeyboard(page, application);
    await tabTo(page, page.locator('career-application button[type="submit"]'));
    await page.keyboard.press('Enter');
    const alert = page.getByRole('alert').filter({ hasText: 'Error' });
    await expect.poll(() => alert.count(), { timeout: 20_000 }).toBe(1);
    await expect.poll(() => alert.textContent()).toContain('There was an error submitting your application. Please try again.');
    const expected = { ...application, areaOfInterest: 'tech-intern' };
    for (const [name, value] of Object.entries(expected)) {
      expect(await page.locator(`career-application [name="${name}"]`).inputValue(), name).toBe(value);
    }
    await page.close();
  });
});
