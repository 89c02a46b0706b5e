/**
 * The funnel end to end: visits driven through Chromium (a WhatsApp campaign link to the
 * landing page, the QR code's link to /register, a partner's page, a page only looked at),
 * then what the service kept: each lead's campaign in `npm run leads` and its webhook, and
 * the exact views, starts, sends and leads in `npm run funnel` and on /_insight. A reload of
 * a sent form and a headless browser count nothing (scripted requests and a prerender's beacon:
 * funnel-service.unit.test.ts); no cookie is set, and the counts hold no address, user agent or
 * typed value.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../../scripts/chromium-path.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FunnelRow } from '../../server/funnel/funnel.ts';
import { nationalPhoneNumber } from '../../contract/lead-contract.ts';
import { launchBrowser } from '../helpers/browser.ts';
import { formValues, VALID_SOCIETY } from '../helpers/fixtures.ts';
import { startPartnerSite } from '../helpers/partner-site.ts';
import { readDb, ROOT, startServer } from '../helpers/server.ts';
import { startWebhookReceiver, webhookSecret } from '../../scripts/webhook-receiver.ts';
import { startSmtpSink } from '../helpers/smtp-sink.ts';

const run = promisify(execFile);
const TOKEN = 'insight-test-token-0123456789-abcdef';
/** A person's browser as it announces itself (headless Chromium says "HeadlessChrome", which is not counted). */
const PERSON_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';

const secret = webhookSecret();
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let site: Awaited<ReturnType<typeof startServer>>;
let partner: Awaited<ReturnType<typeof startPartnerSite>>;
let browser: { browser: Browser; context: BrowserContext; close: () => Promise<void> };
const setCookies: string[] = [];

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
      NOTIFY_EMAIL_TO: 'team@societydesk.example',
      SPAM_CHALLENGE: 'off',
      INSIGHT_TOKEN: TOKEN,
      VITALS_RATE_LIMIT_MAX: '1000',
    },
  });
  site.app.server.on('request', (_req, res) => {
    res.on('finish', () => {
      const cookie = res.getHeader('set-cookie');
      if (cookie) setCookies.push(String(cookie));
    });
  });
  // The user agent is set for the whole browser: a per-context override does not reach a
  // beacon sent while its page is being left.
  const launched = await chromium.launch({
    executablePath: chromiumPath(),
    args: [...chromiumArgs.filter((a) => a !== '--headless'), `--user-agent=${PERSON_AGENT}`],
    headless: true,
  });
  const context = await launched.newContext({ viewport: { width: 1280, height: 800 } });
  browser = { browser: launched, context, close: () => launched.close() };
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await site?.stop();
  await partner?.stop();
  await receiver?.stop();
  await smtp?.stop();
});

/** Leaves a page (it is hidden, so it sends its beacon) and closes the tab. */
async function leave(page: Page): Promise<void> {
  await page.goto('about:blank');
  await page.close();
}

/** The beacon a page of ours sends as soon as it reports its TTFB (once per load): the one the service counts a view from. */
const viewBeacon = (p: Page) =>
  p.waitForResponse((r) => new URL(r.url()).pathname === '/vitals' && r.request().method() === 'POST' && !!r.request().postData()?.includes('"TTFB"'), {
    timeout: 30_000,
  });

/** Opens a page of ours and waits until the service has its load's first beacon. */
async function visit(url: string, page?: Page): Promise<Page> {
  const p = page ?? (await browser.context.newPage());
  const beacon = viewBeacon(p);
  await p.goto(url, { waitUntil: 'load' });
  await beacon;
  return p;
}

const leadOf = (email: string) =>
  readDb(site.dataDir, (db) => db.prepare("SELECT id FROM leads WHERE json_extract(fields, '$.email') = ?").get(email)) as { id: number } | undefined;

/** Fills and sends the registration form of `form` and waits until the lead is stored. */
async function register(page: Page, form: string, values: Record<string, string>) {
  const root = page.locator(form);
  await root.locator('[name="name"]').focus();
  await page.waitForFunction(
    (s) => !!customElements.get('society-registration') && !document.querySelector(s)?.shadowRoot?.querySelector('button[type="submit"][disabled]'),
    form,
  );
  for (const [name, value] of Object.entries(values)) await root.locator(`[name="${name}"]`).fill(value);
  await root.locator('button[type="submit"]').click();
  await expect.poll(() => leadOf(values.email!), { timeout: 20_000 }).toBeDefined();
}

const person = (n: number) => formValues('society', { name: `Funnel Person ${n}`, email: `funnel${n}@example.in` });

const funnelRows = (): { page: string; source: string; medium: string; campaign: string; partner: string; event: string; count: number }[] =>
  readDb(site.dataDir, (db) => db.prepare('SELECT page, source, medium, campaign, partner, event, count FROM funnel_counts ORDER BY 1, 2, 3, 4, 5, 6').all(), 'vitals.db') as never;

async function cli(script: string, ...args: string[]): Promise<string> {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', script, '--data-dir', site.dataDir, ...args], { cwd: ROOT, timeout: 60_000 });
  return stdout;
}

type Row = Omit<FunnelRow, 'startRate' | 'sendRate' | 'leadRate' | 'conversion'>;
const counts = (rows: FunnelRow[]): Row[] => rows.map(({ key, views, starts, sends, leads }) => ({ key, views, starts, sends, leads }));

describe('campaigns and the funnel, from real visits', () => {
  it('counts the views, starts, sends and leads of real visits, and each lead keeps its campaign', async () => {
    // 1. A WhatsApp campaign link to the landing page: registers there.
    const landing = await visit(`${site.url}/?utm_source=whatsapp&utm_campaign=diwali`);
    await register(landing, 'society-registration', person(1));
    await leave(landing);

    // 2. The QR code's link (from /embed): registers on /register, then reloads the sent form.
    const qr = await visit(`${site.url}/register?utm_source=qr`);
    await register(qr, 'society-registration', person(2));
    const reloaded = viewBeacon(qr);
    await qr.reload({ waitUntil: 'load' });
    await reloaded;
    await leave(qr);

    // 3. A partner's page (another site) with the partner id: a lead, on no page of ours.
    const onPartner = await browser.context.newPage();
    await onPartner.goto(`${partner.url}/hindi`);
    await register(onPartner, '#first society-registration', person(3));
    await leave(onPartner);

    // 4. A page only looked at, from the same campaign.
    const looked = await visit(`${site.url}/features?utm_source=whatsapp&utm_campaign=diwali`);
    await leave(looked);

    const row = (page: string, source: string, campaign: string, partnerId: string, event: string) => ({ page, source, medium: '', campaign, partner: partnerId, event, count: 1 });
    await expect.poll(funnelRows, { timeout: 20_000 }).toEqual([
      row('', '', '', 'greenpark-rwa', 'lead'),
      row('/', 'whatsapp', 'diwali', '', 'lead'),
      row('/', 'whatsapp', 'diwali', '', 'send'),
      row('/', 'whatsapp', 'diwali', '', 'start'),
      row('/', 'whatsapp', 'diwali', '', 'view'),
      row('/features', 'whatsapp', 'diwali', '', 'view'),
      row('/register', 'qr', '', '', 'lead'),
      row('/register', 'qr', '', '', 'send'),
      row('/register', 'qr', '', '', 'start'),
      row('/register', 'qr', '', '', 'view'), // once: the reload of the sent form is not a view
    ]);

    // npm run funnel, per page and per campaign.
    const byPage = JSON.parse(await cli('scripts/funnel.ts', '--format', 'json')) as { rows: FunnelRow[]; total: FunnelRow };
    expect(counts(byPage.rows)).toEqual([
      { key: '/', views: 1, starts: 1, sends: 1, leads: 1 },
      { key: '/register', views: 1, starts: 1, sends: 1, leads: 1 },
      { key: '/features', views: 1, starts: 0, sends: 0, leads: 0 },
      { key: '(other site)', views: 0, starts: 0, sends: 0, leads: 1 },
    ]);
    expect(byPage.total).toMatchObject({ views: 3, starts: 2, sends: 2, leads: 3, startRate: 2 / 3, sendRate: 1, leadRate: 1.5, conversion: 1 });
    const byCampaign = JSON.parse(await cli('scripts/funnel.ts', '--by', 'campaign', '--format', 'json')) as { rows: FunnelRow[] };
    expect(counts(byCampaign.rows)).toEqual([
      { key: 'diwali', views: 2, starts: 1, sends: 1, leads: 1 },
      { key: '(none)', views: 1, starts: 1, sends: 1, leads: 2 },
    ]);
    const bySource = JSON.parse(await cli('scripts/funnel.ts', '--by', 'source', '--format', 'json')) as { rows: FunnelRow[] };
    expect(counts(bySource.rows)).toEqual([
      { key: 'whatsapp', views: 2, starts: 1, sends: 1, leads: 1 },
      { key: 'qr', views: 1, starts: 1, sends: 1, leads: 1 },
      { key: '(direct)', views: 0, starts: 0, sends: 0, leads: 1 },
    ]);
    const table = await cli('scripts/funnel.ts', '--by', 'campaign');
    expect(table).toMatch(/^diwali\s+2\s+1\s+1\s+1\s+50\.0%\s+100\.0%\s+100\.0%\s+50\.0%$/m);

    // npm run leads: each lead with its campaign and page.
    const leads = JSON.parse(await cli('scripts/leads.ts', '--format', 'json')) as Record<string, unknown>[];
    const campaignOf = (email: string) => {
      const l = leads.find((x) => x.email === email)!;
      return { utm_source: l.utm_source, utm_medium: l.utm_medium, utm_campaign: l.utm_campaign, ref: l.ref, page: l.page, partner: l.partner };
    };
    expect(campaignOf('funnel1@example.in')).toEqual({ utm_source: 'whatsapp', utm_medium: null, utm_campaign: 'diwali', ref: null, page: '/', partner: null });
    expect(campaignOf('funnel2@example.in')).toEqual({ utm_source: 'qr', utm_medium: null, utm_campaign: null, ref: null, page: '/register', partner: null });
    expect(campaignOf('funnel3@example.in')).toEqual({ utm_source: null, utm_medium: null, utm_campaign: null, ref: null, page: null, partner: 'greenpark-rwa' });
    expect(await cli('scripts/leads.ts')).toMatch(/Funnel Person 1 .*whatsapp \/ diwali/);

    // The webhook body carries it.
    await expect.poll(() => receiver.accepted.length, { timeout: 20_000 }).toBe(3);
    const hook = (email: string) => receiver.accepted.find((a) => a.body.data.fields.email === email)!.body.data.source;
    expect(hook('funnel1@example.in')).toEqual({
      origin: site.url,
      partner: null,
      page: '/',
      campaign: { utm_source: 'whatsapp', utm_medium: null, utm_campaign: 'diwali', ref: null },
    });
    expect(hook('funnel2@example.in')).toMatchObject({ page: '/register', campaign: { utm_source: 'qr', utm_medium: null, utm_campaign: null, ref: null } });
  }, 300_000);

  it('counts nothing for a headless browser', async () => {
    const before = funnelRows();
    // Headless Chromium as it announces itself: a bot.
    const headless = await launchBrowser();
    try {
      const page = await headless.context.newPage();
      const beacon = viewBeacon(page);
      await page.goto(`${site.url}/about-us?utm_source=bot`, { waitUntil: 'load' });
      await beacon;
      await page.close({ runBeforeUnload: true });
      // Its beacon arrived (its web vitals are kept: they are not counts of visits).
      await expect
        .poll(() => readDb(site.dataDir, (db) => db.prepare("SELECT COUNT(*) FROM vitals WHERE page = '/about-us'").pluck().get(), 'vitals.db'), { timeout: 20_000 })
        .toBeGreaterThan(0);
    } finally {
      await headless.close();
    }
    // Not counted: no row for its page (scripted requests and a prerender's beacon: funnel-service.unit.test.ts).
    expect(funnelRows().filter((r) => r.page === '/about-us')).toEqual([]);
    expect(funnelRows().filter((r) => r.page !== '/about-us')).toEqual(before);
  }, 120_000);

  it('sets no cookie and keeps no address, user agent or typed value with the counts', async () => {
    expect(await browser.context.cookies()).toEqual([]);
    expect(setCookies).toEqual([]);
    const stored = JSON.stringify(readDb(site.dataDir, (db) => db.prepare('SELECT * FROM funnel_counts').all(), 'vitals.db'));
    const columns = readDb(site.dataDir, (db) => db.prepare('SELECT name FROM pragma_table_info(?)').pluck().all('funnel_counts'), 'vitals.db');
    expect(columns).toEqual(['day', 'page', 'source', 'medium', 'campaign', 'partner', 'event', 'count']);
    const typed = [VALID_SOCIETY.societyName, VALID_SOCIETY.city, nationalPhoneNumber(VALID_SOCIETY.phone).slice(0, 5)];
    for (const held of ['127.0.0.1', 'Mozilla', 'Chrome', 'Funnel Person', 'example.in', ...typed]) expect(stored).not.toContain(held);
    const leadColumns = readDb(site.dataDir, (db) => db.prepare('SELECT name FROM pragma_table_info(?)').pluck().all('leads')) as string[];
    for (const column of leadColumns) {
      const values = JSON.stringify(readDb(site.dataDir, (db) => db.prepare(`SELECT "${column}" FROM leads`).pluck().all()));
      expect(values, column).not.toContain('Mozilla');
    }
  });

  it('/_insight answers 404 without the token and shows the same numbers with it', async () => {
    for (const headers of [{}, { authorization: 'Bearer wrong-token-0123456789-abcdefghijkl' }] as Record<string, string>[]) {
      const res = await fetch(`${site.url}/_insight`, { headers });
      expect(res.status).toBe(404);
    }
    expect((await fetch(`${site.url}/_insight?token=nope`)).status).toBe(404);
    const res = await fetch(`${site.url}/_insight`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-robots-tag')).toMatch(/noindex/);
    expect(res.headers.get('set-cookie')).toBeNull();
    const html = await res.text();
    expect(html).toContain('<svg');
    expect(html).not.toContain('<script');
    const rowOf = (by: string, key: string) => {
      const section = html.slice(html.indexOf(`data-by="${by}"`));
      const row = section.match(new RegExp(`<tr><th scope="row">${key.replace(/[()]/g, '\\$&')}</th>((?:<td>[^<]*</td>)+)</tr>`))![1]!;
      return [...row.matchAll(/<td>([^<]*)<\/td>/g)].map((m) => m[1]).slice(0, 4).map(Number);
    };
    expect(rowOf('page', '/')).toEqual([1, 1, 1, 1]);
    expect(rowOf('page', '/register')).toEqual([1, 1, 1, 1]);
    expect(rowOf('campaign', 'diwali')).toEqual([2, 1, 1, 1]);
    expect(rowOf('partner', 'greenpark-rwa')).toEqual([0, 0, 0, 1]);
    // Never in the address (a proxy's access log would keep it): test/funnel/insight.e2e.test.ts has the rest.
    expect((await fetch(`${site.url}/_insight?token=${TOKEN}`)).status).toBe(404);
    // Not in the sitemap, not linked from the pages.
    expect(await (await fetch(`${site.url}/sitemap.xml`)).text()).not.toContain('_insight');
    expect(await (await fetch(`${site.url}/`)).text()).not.toContain('_insight');
  });

  it('keeps the campaign for a visitor who follows a link of ours from the page the campaign link opened', async () => {
    const looked = await visit(`${site.url}/features?utm_source=whatsapp&utm_campaign=diwali`);
    await Promise.all([looked.waitForURL(`${site.url}/#registration`), looked.locator('main a[href="/#registration"]').first().click()]);
    await register(looked, 'society-registration', person(5));
    await leave(looked);
    const leads = JSON.parse(await cli('scripts/leads.ts', '--format', 'json')) as Record<string, unknown>[];
    const lead = leads.find((x) => x.email === 'funnel5@example.in')!;
    expect({ utm_source: lead.utm_source, utm_campaign: lead.utm_campaign, page: lead.page }).toEqual({ utm_source: 'whatsapp', utm_campaign: 'diwali', page: '/' });
  }, 120_000);
});

describe('a campaign lasts the tab’s visit (issue 30, finding 8)', () => {
  it('lands on / from a WhatsApp campaign, reads /features, comes back to / by the header link and registers: the lead, its webhook and its email carry the campaign, and the funnel counts it', async () => {
    const byCampaign = async () =>
      (JSON.parse(await cli('scripts/funnel.ts', '--by', 'campaign', '--format', 'json')) as { rows: FunnelRow[] }).rows.find((r) => r.key === 'diwali');
    const before = (await byCampaign()) ?? { views: 0, starts: 0, sends: 0, leads: 0 };
    const cookiesBefore = setCookies.length;

    const page = await visit(`${site.url}/?utm_source=whatsapp&utm_campaign=diwali`);
    // Kept for the tab: campaign values only, in sessionStorage; nothing in localStorage.
    expect(await page.evaluate(() => ({ ...sessionStorage }))).toEqual({ 'societydesk:campaign': 'utm_source=whatsapp&utm_campaign=diwali' });
    expect(await page.evaluate(() => ({ ...localStorage }))).toEqual({});
    for (const [link, path] of [['header nav a[href="/features"]', '/features'], ['header a.brand', '/']] as const) {
      const beacon = viewBeacon(page);
      await Promise.all([page.waitForURL(`${site.url}${path}`), page.locator(link).first().click()]);
      await beacon;
    }
    expect(new URL(page.url()).search).toBe(''); // the address has no campaign any more

    // Typing keeps a draft, and nothing else, in localStorage.
    const values = person(6);
    const root = page.locator('society-registration');
    await root.locator('[name="name"]').focus();
    await page.waitForFunction(() => !document.querySelector('society-registration')?.shadowRoot?.querySelector('button[type="submit"][disabled]'));
    for (const [name, value] of Object.entries(values)) await root.locator(`[name="${name}"]`).fill(value);
    const keptWhileTyping = Object.keys(await page.evaluate(() => ({ ...localStorage })));
    expect(keptWhileTyping).toEqual([`societydesk:draft:society:${site.url}/addSocietyQuery`]);
    await root.locator('button[type="submit"]').click();
    await expect.poll(() => leadOf(values.email), { timeout: 20_000 }).toBeDefined();
    await expect.poll(() => page.evaluate(() => ({ ...localStorage }))).toEqual({});

    const leads = JSON.parse(await cli('scripts/leads.ts', '--format', 'json')) as Record<string, unknown>[];
    const lead = leads.find((x) => x.email === values.email)!;
    expect({ utm_source: lead.utm_source, utm_medium: lead.utm_medium, utm_campaign: lead.utm_campaign, ref: lead.ref, page: lead.page }).toEqual({
      utm_source: 'whatsapp',
      utm_medium: null,
      utm_campaign: 'diwali',
      ref: null,
      page: '/',
    });
    await expect.poll(() => receiver.accepted.some((a) => a.body.data.fields.email === values.email), { timeout: 20_000 }).toBe(true);
    expect(receiver.accepted.find((a) => a.body.data.fields.email === values.email)!.body.data.source).toEqual({
      origin: site.url,
      partner: null,
      page: '/',
      campaign: { utm_source: 'whatsapp', utm_medium: null, utm_campaign: 'diwali', ref: null },
    });
    const mailOf = () => smtp.messages.map((m) => m.raw.replace(/=\r?\n/g, '')).find((raw) => raw.includes(values.email));
    await expect.poll(mailOf, { timeout: 20_000 }).toBeDefined();
    expect(mailOf()).toContain('Campaign: utm_source=whatsapp, utm_campaign=diwali');

    // npm run funnel -- --by campaign: the lead, and the form's start and send, under diwali;
    // a view for the campaign link's own page (the later pages' addresses carry no campaign).
    await expect.poll(byCampaign, { timeout: 20_000 }).toMatchObject({ leads: before.leads + 1, starts: before.starts + 1, sends: before.sends + 1, views: before.views + 1 });
    expect(await cli('scripts/funnel.ts', '--by', 'campaign')).toMatch(/^diwali\s/m);

    // No cookie, from the page or the service.
    expect(await browser.context.cookies()).toEqual([]);
    expect(setCookies.slice(cookiesBefore)).toEqual([]);
    await leave(page);
  }, 120_000);
});
