/**
 * A partner page with `<society-registration lang="hi" partner="greenpark-rwa">` (the
 * built widget from our origin, the real intake service): every visible text of the form
 * is Hindi; a name of spaces passes the browser's `required` but the service refuses it,
 * in Hindi (Content-Language), and the form shows that; a registration is stored with
 * exactly the spec's payload, and the service's Hindi success message is shown.
 */
import type { Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../helpers/browser.ts';
import { formValues } from '../helpers/fixtures.ts';
import { startPartnerSite } from '../helpers/partner-site.ts';
import { countRows, startServer, storedLeads } from '../helpers/server.ts';
import { MESSAGES_HI } from '../../contract/messages/hi.ts';
import { hi } from '../../widgets/i18n/hi.ts';

let site: Awaited<ReturnType<typeof startServer>>;
let partner: Awaited<ReturnType<typeof startPartnerSite>>;
let browser: Awaited<ReturnType<typeof launchBrowser>>;

beforeAll(async () => {
  partner = await startPartnerSite(() => site.url);
  site = await startServer({ site: true, env: { ALLOWED_ORIGINS: partner.url } });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
  await partner?.stop();
});

const values = formValues('society', { name: 'मीरा अय्यर', societyName: 'पार्टनर हाइट्स', city: 'चेन्नई' });

describe('<society-registration lang="hi"> on a partner page', () => {
  it('is Hindi throughout, shows the service\'s Hindi refusal, and stores exactly the spec\'s payload', async () => {
    const page = await browser.context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(e.message));
    const posts: Request[] = [];
    page.on('request', (r) => r.method() === 'POST' && r.url().includes('/addSocietyQuery') && posts.push(r));
    await page.goto(`${partner.url}/hindi`);
    const form = page.locator('#first society-registration');
    await page.waitForFunction(
      (heading) => document.querySelector('#first society-registration')?.shadowRoot?.querySelector('h2')?.textContent === heading,
      hi.society.heading,
    );

    const shown = await form.evaluate((host) => {
      const card = host.shadowRoot!.querySelector('form')!;
      const texts: string[] = [];
      const walker = document.createTreeWalker(card, NodeFilter.SHOW_TEXT);
      while (walker.nextNode()) texts.push(walker.currentNode.textContent ?? '');
      for (const el of card.querySelectorAll('[placeholder]')) texts.push(el.getAttribute('placeholder')!);
      return { lang: card.getAttribute('lang'), text: texts.join(' ') };
    });
    expect(shown.lang).toBe('hi');
    expect(shown.text).toContain(hi.society.submit);
    expect(shown.text).toContain(hi.notice.collected.society);
    expect(shown.text).toContain('12 महीने');
    const latin = shown.text.replace(/[\w.+-]+@[\w.-]+\.\w+/g, ' ').match(/[A-Za-z]{2,}/g) ?? [];
    expect(latin, 'no English words (emails aside)').toEqual([]);

    // A name of spaces: the browser's `required` lets it through, the service refuses it, in Hindi.
    const before = countRows(site.dataDir, 'leads');
    for (const [name, value] of Object.entries({ ...values, name: '   ' })) await form.locator(`[name="${name}"]`).fill(value);
    await form.locator('button[type="submit"]').click();
    const refusal = MESSAGES_HI.required(MESSAGES_HI.labels.name);
    await expect.poll(() => page.getByRole('alert').filter({ hasText: refusal }).count(), { timeout: 15_000 }).toBe(1);
    expect(await page.getByRole('alert').filter({ hasText: hi.society.failureTitle }).count()).toBe(1);
    expect(await form.locator('[name="name"]').getAttribute('aria-invalid')).toBe('true');
    expect(await form.locator('[part="field-error"]').textContent()).toBe(refusal);
    expect(await form.locator('[name="city"]').inputValue(), 'the fields are kept').toBe(values.city);
    expect(countRows(site.dataDir, 'leads'), 'nothing stored').toBe(before);

    await form.locator('[name="name"]').fill(values.name);
    await form.locator('button[type="submit"]').click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: MESSAGES_HI.societyStored }).count(), { timeout: 15_000 }).toBe(1);
    expect(await page.getByRole('status').filter({ hasText: hi.society.successTitle }).count()).toBe(1);
    expect(await form.locator('.confirmation h2').textContent()).toBe(hi.society.successTitle);

    const stored = storedLeads(site.dataDir).filter((l) => l.fields.email === values.email);
    expect(stored.map((l) => l.fields)).toEqual([values]);
    expect(posts).toHaveLength(2);
    const sent = posts[1]!;
    expect(sent.postData(), 'the spec body, the same values').toBe(JSON.stringify(values));
    expect(new URL(sent.url()).search).toBe('?partner=greenpark-rwa');
    expect((await sent.allHeaders())['content-language']).toBe('hi');
    expect(problems).toEqual([]);
    await page.close();
  });
});
