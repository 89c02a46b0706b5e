/**
 * A registration made in a real browser, with SMTP_URL pointed at a real SMTP server: the
 * page's confirmation shows the lead's reference, and within 10 s one email reaches the
 * registrant, in English from `/` and in Hindi from `/hi/`, holding that reference (and
 * nothing the person typed: issue 40) and the ways to withdraw consent and have the data
 * erased; the team's notification is still sent. The proof of work is the widget's own.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFERENCE_PATTERN } from '../../contract/lead-reference.ts';
import { EMAIL_EN } from '../../contract/messages/email/en.ts';
import { EMAIL_HI } from '../../contract/messages/email/hi.ts';
import { MESSAGES } from '../../contract/messages/en.ts';
import { MESSAGES_HI } from '../../contract/messages/hi.ts';
import { en } from '../../widgets/i18n/en.ts';
import { hi } from '../../widgets/i18n/hi.ts';
import { launchBrowser } from '../helpers/browser.ts';
import { formValues, VALID_SOCIETY } from '../helpers/fixtures.ts';
import { startServer } from '../helpers/server.ts';
import { decodeWords, headersOf, partOf, startSmtpSink } from '../helpers/smtp-sink.ts';

const TEAM = 'sales@societydesk.example';
const CONTACT = 'hello@societydesk.example';

let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let site: Awaited<ReturnType<typeof startServer>>;
let browser: Awaited<ReturnType<typeof launchBrowser>>;

beforeAll(async () => {
  smtp = await startSmtpSink();
  site = await startServer({ site: true, env: { SMTP_URL: smtp.url, NOTIFY_EMAIL_TO: TEAM, ALTCHA_MAX_NUMBER: '5000' } });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
  await smtp?.stop();
});

/** Fills and sends the page's registration form as a visitor does; resolves with what its confirmation shows. */
async function register(page: Page, values: Record<string, string>, successTitle: string) {
  const form = page.locator('society-registration');
  await form.locator('[name="name"]').focus();
  await page.waitForFunction(() => !!customElements.get('society-registration') && !document.querySelector('society-registration')?.shadowRoot?.querySelector('button[type="submit"][disabled]'));
  for (const [name, value] of Object.entries(values)) await form.locator(`[name="${name}"]`).fill(value);
  await form.locator('button[type="submit"]').click();
  await expect.poll(() => form.locator('.confirmation h2').textContent(), { timeout: 15_000 }).toBe(successTitle);
  return form.evaluate((host) => {
    const root = host.shadowRoot!;
    return {
      message: root.querySelector('[part~="confirmation-message"]')?.textContent ?? '',
      reference: root.querySelector('[part~="confirmation-reference"]')?.textContent ?? '',
      code: root.querySelector('.confirmation__code')?.textContent ?? '',
    };
  });
}

const cases = [
  { route: '/', messages: en, service: MESSAGES, email: EMAIL_EN, address: 'priya@example.in', privacy: '/privacy-policy#your-rights', htmlLang: 'en-IN' },
  { route: '/hi/', messages: hi, service: MESSAGES_HI, email: EMAIL_HI, address: 'priya.hi@example.in', privacy: '/hi/privacy-policy#your-rights', htmlLang: 'hi' },
] as const;

describe('the person who registers hears back', () => {
  for (const c of cases) {
    it(`from ${c.route}: the confirmation shows the reference, and one email in its language holds it (nothing typed), the withdrawal and erasure routes; the team is told`, async () => {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(`${site.url}${c.route}`);
      await page.locator('society-registration').scrollIntoViewIfNeeded();
      const values = formValues('society', { name: 'Priya Nair', email: c.address, societyName: 'Sunrise Heights', city: 'Kochi', position: 'Treasurer' });
      const shown = await register(page, values, c.messages.society.successTitle);
      // The spec's success text is unchanged; the reference stands beside it.
      expect(shown.message).toBe(c.service.societyStored);
      expect(shown.code).toMatch(REFERENCE_PATTERN);
      expect(shown.reference).toBe(`${c.messages.reference.label}: ${shown.code}${c.messages.reference.hint}`);
      await context.close();

      // Within 10 s, one email to the registrant.
      await expect.poll(() => smtp.to(c.address).length, { timeout: 10_000 }).toBe(1);
      const mail = smtp.to(c.address)[0]!;
      const h = headersOf(mail.raw);
      expect(decodeWords(h.get('subject')![0]!)).toBe(c.email.acknowledgement.subject.society(shown.code));
      expect(h.get('auto-submitted')).toEqual(['auto-generated']);
      expect(h.get('reply-to')).toEqual([CONTACT]);
      const text = partOf(mail.raw, 'text/plain')!;
      expect(text).toContain(`${c.email.reference.label}: ${shown.code}`);
      // Nothing the person typed is repeated (issue 40): a stranger could have typed someone else's address.
      for (const typed of ['Priya', 'Sunrise Heights', 'Kochi', 'Treasurer', VALID_SOCIETY.phone]) expect(text).not.toContain(typed);
      expect(h.get('to')).toEqual([c.address]);
      expect(text).toContain(c.email.acknowledgement.next.society);
      // Withdrawal and erasure: the address to write to with the reference, and the privacy notice's section on rights.
      expect(text).toContain(c.email.rights.how(CONTACT, shown.code));
      expect(text).toContain(`https://societydesk.example${c.privacy}`);
      const html = partOf(mail.raw, 'text/html')!;
      expect(html).toContain(`<html lang="${c.htmlLang}">`);
      for (const action of [c.email.rights.actions.withdraw, c.email.rights.actions.erase]) {
        expect(html).toContain(`href="mailto:${CONTACT}?subject=${encodeURIComponent(`${action} – ${shown.code}`)}"`);
      }

      // The team's notification is still sent, with the same reference.
      await expect.poll(() => smtp.to(TEAM).filter((m) => partOf(m.raw, 'text/plain')!.includes(`Reference: ${shown.code}`)).length, { timeout: 10_000 }).toBe(1);
    });
  }
});
