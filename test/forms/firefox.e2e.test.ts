/**
 * The site in Firefox ESR (Debian's firefox-esr, puppeteer-core over WebDriver BiDi),
 * against the built site and the real service: every page renders, both forms submit
 * what was typed and the service stores it, the FAQ keeps one answer open, and the
 * registration widget works on a partner's page on another origin.
 */
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formValues, validLead } from '../helpers/fixtures.ts';
import { launchFirefox } from '../helpers/firefox.ts';
import { asTyped } from '../helpers/keyboard.ts';
import { startPartnerSite } from '../helpers/partner-site.ts';
import { embedPage, notFoundPage, routes } from '../helpers/routes.ts';
import { startServer, storedLeads } from '../helpers/server.ts';

let site: Awaited<ReturnType<typeof startServer>>;
let partner: Awaited<ReturnType<typeof startPartnerSite>>;
let browser: Browser;

beforeAll(async () => {
  partner = await startPartnerSite(() => site.url);
  site = await startServer({ site: true, env: { ALLOWED_ORIGINS: partner.url } });
  browser = await launchFirefox();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await site?.stop();
  await partner?.stop();
});

/** A new tab that records the page's uncaught errors. */
async function newPage(): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  return { page, errors };
}

/** Brings the form into view and the pointer onto it (the loader defines it then), and waits until its script has taken it over. */
async function mountedForm(page: Page, tag: string) {
  await page.$eval(tag, (el) => el.scrollIntoView({ block: 'center' }));
  await page.hover(tag);
  await page.waitForFunction(
    (t) => !!customElements.get(t) && !!document.querySelector(t)?.shadowRoot?.querySelector('button[type="submit"]:not([disabled])'),
    { timeout: 20_000 },
    tag,
  );
}

/** Clicks into each field and types its value, as a visitor does (a native select picks the option whose label starts with what is typed). */
async function typeInto(page: Page, host: string, values: Record<string, string>) {
  for (const [name, value] of Object.entries(values)) {
    if (value) await page.type(`${host} >>> [name="${name}"]`, value);
  }
}

const valuesIn = (page: Page, host: string, names: string[]) =>
  page.$eval(host, (el, n) => Object.fromEntries(n.map((name) => [name, (el.shadowRoot!.querySelector(`[name="${name}"]`) as HTMLInputElement).value])), names);

/** The newest toast with this title: its description and the live region it is in. */
async function toast(page: Page, title: string) {
  const handle = await page.waitForFunction(
    (t) => {
      const found = [...(document.querySelector('toast-host')?.shadowRoot?.querySelectorAll('.toast') ?? [])].find((el) => el.querySelector('.toast__title')?.textContent === t);
      return found && { description: found.querySelector('.toast__description')?.textContent, region: found.closest('[role]')?.getAttribute('role') };
    },
    { timeout: 20_000 },
    title,
  );
  return (await handle.jsonValue()) as { description: string; region: string };
}

describe('Firefox ESR', () => {
  it('renders every page: status, its h1, one banner, one main, one footer, no script error', async () => {
    const { page, errors } = await newPage();
    const pages = [...routes, embedPage, notFoundPage];
    for (const { path, h1 } of pages) {
      const response = await page.goto(site.url + path, { waitUntil: 'load' });
      expect(response?.status(), path).toBe(path === notFoundPage.path ? 404 : 200);
      expect(await page.$$eval('h1', (els) => els.map((el) => el.textContent.replace(/\s+/g, ' ').trim())), path).toEqual([h1]);
      const landmarks = await page.evaluate(() => ({
        header: document.querySelectorAll('body > header.site-header').length,
        main: document.querySelectorAll('main').length,
        footer: document.querySelectorAll('body > footer.site-footer').length,
      }));
      expect(landmarks, path).toEqual({ header: 1, main: 1, footer: 1 });
    }
    expect(errors).toEqual([]);
    await page.close();
  });

  it('registration on /: typed fields reach the service, the success toast shows, the fields clear', async () => {
    const { page, errors } = await newPage();
    await page.goto(site.url + '/');
    await mountedForm(page, 'society-registration');
    const values = formValues('society', { position: 'Secretary' });
    await typeInto(page, 'society-registration', values);
    expect(await valuesIn(page, 'society-registration', Object.keys(values))).toEqual(values);
    await page.click('society-registration >>> button[type="submit"]');
    expect(await toast(page, 'Registration Successful!')).toEqual({
      description: 'Society request submitted successfully. We will contact you within 24 hours to set up your society.',
      region: 'status',
    });
    expect(storedLeads(site.dataDir).filter((lead) => lead.kind === 'society').map((lead) => lead.fields)).toEqual([values]);
    await page.waitForFunction(() =>
      [...document.querySelector('society-registration')!.shadowRoot!.querySelectorAll<HTMLInputElement>('input[part~="input"]')].every((input) => input.value === ''),
    );
    expect(errors).toEqual([]);
    await page.close();
  });

  it('application on /career: typed fields and chosen options reach the service as the spec payload', async () => {
    const { page, errors } = await newPage();
    await page.goto(site.url + '/career');
    await mountedForm(page, 'career-application');
    const values = formValues('career');
    await typeInto(page, 'career-application', asTyped('career', values));
    expect(await valuesIn(page, 'career-application', ['course', 'areaOfInterest'])).toEqual({ course: values.course, areaOfInterest: values.areaOfInterest });
    await page.click('career-application >>> button[type="submit"]');
    expect(await toast(page, 'Application Submitted!')).toEqual({
      description: 'Thanks for applying! Our team will review your application and connect with you shortly.',
      region: 'status',
    });
    expect(storedLeads(site.dataDir).filter((lead) => lead.kind === 'career').map((lead) => lead.fields)).toEqual([
      validLead('career'),
    ]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('the FAQ on /career keeps one answer open at a time, and the open one collapses', async () => {
    const { page, errors } = await newPage();
    await page.goto(site.url + '/career');
    await page.$eval('faq-accordion', (el) => el.scrollIntoView({ block: 'center' }));
    // The loader listens for the pointer once it has started (after the first paint): a pointer that came to rest before
    // is seen when it moves again, as a reader's does.
    await expect
      .poll(
        async () => {
          await page.mouse.move(0, 0);
          await page.hover('faq-accordion');
          return page.evaluate(() => !!customElements.get('faq-accordion') && !!document.querySelector('faq-accordion')?.shadowRoot);
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    const openStates = () => page.$$eval('faq-accordion details', (items) => items.map((d) => (d).open));
    // `toggle` is dispatched a task after the click: poll until the accordion has reacted.
    const expectOpen = (open: number | null) => expect.poll(openStates).toEqual(Array.from({ length: 6 }, (_, i) => i === open));
    const summary = (i: number) => page.$$('faq-accordion summary').then((all) => all[i]!);
    await expectOpen(null);
    await (await summary(0)).click();
    await expectOpen(0);
    await (await summary(2)).click();
    await expectOpen(2);
    await (await summary(2)).click();
    await expectOpen(null);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('the registration widget on a partner page on another origin renders in a shadow root and submits', async () => {
    const { page, errors } = await newPage();
    await page.goto(partner.url + '/');
    await page.waitForFunction(
      () => !!customElements.get('society-registration') && [...document.querySelectorAll('society-registration')].every((el) => el.shadowRoot?.querySelector('form')),
      { timeout: 20_000 },
    );
    expect(
      await page.$$eval('society-registration', (hosts) => hosts.map((host) => ({ mode: host.shadowRoot?.mode, heading: host.shadowRoot?.querySelector('h2')?.textContent }))),
    ).toEqual([
      { mode: 'open', heading: 'Register Your Society' },
      { mode: 'open', heading: 'Second copy' },
    ]);
    expect(await page.$$eval('toast-host', (els) => els.length)).toBe(1);
    const values = formValues('society', { societyName: 'Partner Heights' });
    await typeInto(page, '#first society-registration', values);
    await page.click('#first society-registration >>> button[type="submit"]');
    expect(await toast(page, 'Registration Successful!')).toEqual({
      description: 'Society request submitted successfully. We will contact you within 24 hours to set up your society.',
      region: 'status',
    });
    expect(await page.evaluate(() => (window as unknown as { partnerEvents: unknown[] }).partnerEvents)).toEqual([
      { type: 'registration-success', detail: { kind: 'society' }, target: 'society-registration' },
    ]);
    expect(storedLeads(site.dataDir).filter((lead) => lead.fields.societyName === values.societyName).map((lead) => lead.fields)).toEqual([values]);
    expect(errors).toEqual([]);
    await page.close();
  });
});
