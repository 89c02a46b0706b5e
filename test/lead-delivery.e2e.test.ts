/**
 * A registration made in a real browser, on our own page and on a partner's page on
 * another origin, is stored as a person's (not spam) with its source, and reaches the team:
 * a signed webhook verified by a real receiver, and an email through a real SMTP server.
 *
 * The proof of work: until the widget solves the challenge itself, this test adds the
 * X-Altcha header the widget will send, solved with altcha-lib in Node from a challenge of
 * the service under test. A request that already carries one is left as it is.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solvedHeader } from './helpers/altcha.ts';
import { launchBrowser } from './helpers/browser.ts';
import { startPartnerSite } from './helpers/partner-site.ts';
import { readDb, startServer } from './helpers/server.ts';
import { decodeWords, headersOf, startSmtpSink } from './helpers/smtp-sink.ts';
import { startWebhookReceiver, webhookSecret } from './helpers/webhook-receiver.ts';

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

async function solvingContext(): Promise<BrowserContext> {
  const context = await browser.newContext();
  await context.route(/\/addSocietyQuery(\?|$)/, async (route) => {
    const headers = route.request().headers();
    if (route.request().method() === 'POST' && !headers['x-altcha']) headers['x-altcha'] = await solvedHeader(site.url);
    await route.continue({ headers });
  });
  return context;
}

async function register(page: Page, form: string, values: Record<string, string>) {
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
    await register(page, 'society-registration', {
      name: 'Sunita Sharma',
      email: 'sunita@example.in',
      phone: '+91 98100 00000',
      societyName: 'Green Park Residency',
      city: 'New Delhi',
    });
    expect(stored('sunita@example.in')).toMatchObject({ origin: site.url, partner: null, spam: null });

    await expect.poll(() => receiver.accepted.filter((a) => a.body.data.fields.email === 'sunita@example.in').length, { timeout: 15_000 }).toBe(1);
    const hook = receiver.accepted.find((a) => a.body.data.fields.email === 'sunita@example.in')!;
    expect(hook.id).toBe(`lead-${stored('sunita@example.in')!.id}`);
    expect(receiver.badSignatures).toEqual([]);

    await expect.poll(() => smtp.messages.length, { timeout: 15_000 }).toBe(1);
    const mail = headersOf(smtp.messages[0]!.raw);
    expect(decodeWords(mail.get('subject')![0]!)).toBe('Society registration: Green Park Residency, New Delhi (Sunita Sharma)');
    expect(mail.get('reply-to')).toEqual(['Sunita Sharma <sunita@example.in>']);
    await context.close();
  });

  it('on a partner page on another origin (no ALLOWED_ORIGINS): stored with its origin and delivered', async () => {
    const context = await solvingContext();
    const page = await context.newPage();
    await page.goto(`${partner.url}/`);
    await register(page, '#first society-registration', {
      name: 'Meera Iyer',
      email: 'meera@example.in',
      phone: '+91 90000 12345',
      societyName: 'Partner Heights',
      city: 'Chennai',
    });
    expect(stored('meera@example.in')).toMatchObject({ origin: partner.url, partner: null, spam: null });
    await expect.poll(() => receiver.accepted.filter((a) => a.body.data.fields.email === 'meera@example.in').length, { timeout: 15_000 }).toBe(1);
    const hook = receiver.accepted.find((a) => a.body.data.fields.email === 'meera@example.in')!;
    expect(hook.body.data.source).toEqual({ origin: partner.url, partner: null });
    await expect.poll(() => smtp.messages.length, { timeout: 15_000 }).toBe(2);
    await context.close();
  });
});
