/**
 * A registration made in a real browser, on our own page and on a partner's page on
 * another origin, is stored as a person's (not spam) with its source, and reaches the team:
 * a signed webhook verified by a real receiver, and an email through a real SMTP server
 * (the person's acknowledgement: acknowledgement.e2e.test.ts).
 *
 * The proof of work is the widget's own: it fetches a challenge from the service under
 * test, solves it while the visitor types and sends it in X-Altcha (checked below).
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../helpers/browser.ts';
import { formValues, VALID_SOCIETY } from '../helpers/fixtures.ts';
import { startPartnerSite } from '../helpers/partner-site.ts';
import { readDb, startServer } from '../helpers/server.ts';
import { decodeWords, headersOf, startSmtpSink } from '../helpers/smtp-sink.ts';
import { startWebhookReceiver, webhookSecret } from '../../scripts/webhook-receiver.ts';

const secret = webhookSecret();
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let site: Awaited<ReturnType<typeof startServer>>;
let partner: Awaited<ReturnType<typeof startPartnerSite>>;
let browser: Awaited<ReturnType<typeof launchBrowser>>;

beforeAll(async () => {
  receiver = await startWebhookReceiver(secret);
  smtp = await startSmtpSink();
  partner = await startPartnerSite(() => site.url);
  site = await startServer({
    site: true,
    env: {
      WEBHOOK_URLS: receiver.url,
      WEBHOOK_SECRET: secret,
      SMTP_URL: smtp.url,
      NOTIFY_EMAIL_TO: 'sales@societydesk.example',
      ALTCHA_MAX_NUMBER: '5000',
    },
  });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
  await partner?.stop();
  await smtp?.stop();
  await receiver?.stop();
});

/** A fresh context that records whether each lead POST carried the widget's own proof of work. */
async function solvingContext(): Promise<BrowserContext & { proofs: boolean[] }> {
  const context = Object.assign(await browser.newContext(), { proofs: [] as boolean[] });
  context.on('request', (request) => {
    if (request.method() === 'POST' && /\/addSocietyQuery(\?|$)/.test(request.url())) context.proofs.push(!!request.headers()['x-altcha']);
  });
  return context;
}

async function register(page: Page, form: string, values: Record<string, string> = formValues('society')) {
  // On our pages the form's script loads when the visitor acts on it.
  await page.locator(form).locator('[name="name"]').focus();
  await page.waitForFunction((s) => !!customElements.get('society-registration') && !document.querySelector(s)?.shadowRoot?.querySelector('button[type="submit"][disabled]'), form);
  const root = page.locator(form);
  for (const [name, value] of Object.entries(values)) await root.locator(`[name="${name}"]`).fill(value);
  await root.locator('button[type="submit"]').click();
  await expect.poll(() => page.getByRole('status').filter({ hasText: 'Registration Successful!' }).count(), { timeout: 15_000 }).toBe(1);
}

const stored = (email: string) =>
  readDb(site.dataDir, (db) =>
    db.prepare("SELECT id, origin, partner, spam_reason AS spam FROM leads WHERE json_extract(fields, '$.email') = ?").get(email),
  ) as { id: number; origin: string | null; partner: string | null; spam: string | null } | undefined;

describe('a registration made in a real browser reaches the team', () => {
  it('on our own page: stored as a person’s, delivered by signed webhook and by email', async () => {
    const context = await solvingContext();
    const page = await context.newPage();
    await page.goto(`${site.url}/`);
    await page.locator('society-registration').scrollIntoViewIfNeeded();
    await page.locator('society-registration [name="name"]').focus();
    await register(page, 'society-registration');
    const { name, email, societyName, city } = VALID_SOCIETY;
    expect(stored(email)).toMatchObject({ origin: site.url, partner: null, spam: null });

    await expect.poll(() => receiver.accepted.filter((a) => a.body.data.fields.email === email).length, { timeout: 15_000 }).toBe(1);
    const hook = receiver.accepted.find((a) => a.body.data.fields.email === email)!;
    expect(hook.id).toBe(`lead-${stored(email)!.id}`);
    expect(receiver.badSignatures).toEqual([]);

    await expect.poll(() => smtp.to('sales@societydesk.example').length, { timeout: 15_000 }).toBe(1);
    const mail = headersOf(smtp.to('sales@societydesk.example')[0]!.raw);
    expect(decodeWords(mail.get('subject')![0]!)).toBe(`Society registration: ${societyName}, ${city} (${name})`);
    expect(mail.get('reply-to')).toEqual([`${name} <${email}>`]);
    expect(context.proofs).toEqual([true]);
    await context.close();
  });

  it('on a partner page on another origin (no ALLOWED_ORIGINS): stored with its origin and delivered', async () => {
    const context = await solvingContext();
    const page = await context.newPage();
    await page.goto(`${partner.url}/`);
    const email = 'meera@example.in';
    await register(page, '#first society-registration', formValues('society', { email }));
    expect(stored(email)).toMatchObject({ origin: partner.url, partner: null, spam: null });
    await expect.poll(() => receiver.accepted.filter((a) => a.body.data.fields.email === email).length, { timeout: 15_000 }).toBe(1);
    const hook = receiver.accepted.find((a) => a.body.data.fields.email === email)!;
    // A partner's page: its path is not one of ours, so no page is kept.
    expect(hook.body.data.source).toEqual({ origin: partner.url, partner: null, page: null, campaign: { utm_source: null, utm_medium: null, utm_campaign: null, ref: null } });
    await expect.poll(() => smtp.to('sales@societydesk.example').length, { timeout: 15_000 }).toBe(2);
    expect(context.proofs).toEqual([true]);
    await context.close();
  });
});
