/**
 * Both forms with JavaScript off, or on with every script under /assets/ failing after the
 * page arrived: the pre-rendered form is a real form the browser posts itself, and the
 * service answers with pages (contract/form-post.ts, server/intake/form-post.ts). In
 * Chromium at 360×640, as a phone: each form registers or applies, stores one lead with what
 * was typed, delivers it by webhook (marked as having come without proof of work, not spam),
 * and lands on a confirmation in the form's language that a reload does not send again; a
 * framed form on another site's page does the same inside its frame. A refused post comes
 * back with GOV.UK's error summary, its fields marked and every value back, as text. With the
 * script, the JSON is the spec's as before. The answer pages pass axe (the Nu HTML checker:
 * test/site/html-validity.unit.test.ts). What the service alone answers (spam, the hourly
 * allowance, a busy database, who may frame an answer): forms-without-script.unit.test.ts.
 */
import { AxeBuilder } from '@axe-core/playwright';
import type { BrowserContext, FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTICE_VERSION } from '../../contract/collection-notice.ts';
import { fieldNames, type LeadKind } from '../../contract/lead-contract.ts';
import { MESSAGES } from '../../contract/messages/en.ts';
import { MESSAGES_HI } from '../../contract/messages/hi.ts';
import { en } from '../../widgets/i18n/en.ts';
import { hi } from '../../widgets/i18n/hi.ts';
import { launchBrowser } from '../helpers/browser.ts';
import { formValues, validLead } from '../helpers/fixtures.ts';
import { startPartnerSite } from '../helpers/partner-site.ts';
import { readDb, startServer } from '../helpers/server.ts';
import { startWebhookReceiver, webhookSecret } from '../../scripts/webhook-receiver.ts';

const secret = webhookSecret();
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let site: Awaited<ReturnType<typeof startServer>>;
let partner: Awaited<ReturnType<typeof startPartnerSite>>;
let browser: Awaited<ReturnType<typeof launchBrowser>>;

beforeAll(async () => {
  receiver = await startWebhookReceiver(secret);
  partner = await startPartnerSite(() => site.url);
  site = await startServer({
    site: true,
    env: { WEBHOOK_URLS: receiver.url, WEBHOOK_SECRET: secret, ALTCHA_MAX_NUMBER: '5000' },
  });
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await site?.stop();
  await partner?.stop();
  await receiver?.stop();
});

/** A person's browser as the funnel counts one (a headless user agent is not). */
const PERSON_AGENT = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36';
const PHONE = { viewport: { width: 360, height: 640 }, userAgent: PERSON_AGENT, serviceWorkers: 'block' } as const;

type Mode = 'no script' | 'scripts fail';

/** A phone with JavaScript off, or on with every script under /assets/ failing once a page has loaded. */
async function phone(mode: Mode): Promise<{ context: BrowserContext; open: (page: Page, url: string) => Promise<void> }> {
  const context = await browser.newContext({ ...PHONE, javaScriptEnabled: mode !== 'no script' });
  return {
    context,
    async open(page, url) {
      await page.goto(url, { waitUntil: 'load' });
      if (mode === 'scripts fail') await page.route('**/assets/**', (route) => route.abort('connectionreset'));
    },
  };
}

interface StoredRow {
  id: number;
  fields: Record<string, string>;
  spam_reason: string | null;
  without_proof: number;
  page: string | null;
  partner: string | null;
  notice_version: string | null;
  origin: string | null;
}

const leadsWith = (dataDir: string, email: string): StoredRow[] =>
  readDb(dataDir, (db) =>
    (db.prepare("SELECT id, fields, spam_reason, without_proof, page, partner, notice_version, origin FROM leads WHERE json_extract(fields, '$.email') = ? ORDER BY id").all(email) as (Omit<StoredRow, 'fields'> & { fields: string })[]).map(
      (row) => ({ ...row, fields: JSON.parse(row.fields) as Record<string, string> }),
    ),
  );

/** Types each value into its control, as a visitor does (a select takes its option). */
async function fill(scope: Page | FrameLocator, tag: string, values: Record<string, string>) {
  for (const [name, value] of Object.entries(values)) {
    const control = scope.locator(`${tag} [name="${name}"]`);
    if ((await control.evaluate((el) => el.localName)) === 'select') await control.selectOption(value);
    else await control.fill(value);
  }
}

/** What the visitor sees of a confirmation: its heading, its message, where "another" goes. */
const confirmationIn = async (scope: Page | FrameLocator) => ({
  heading: await scope.locator('.confirmation .heading').textContent(),
  message: await scope.locator('.confirmation__message').first().textContent(),
  again: await scope.locator('.confirmation a.submit').getAttribute('href'),
});

const JOURNEYS: { path: string; kind: LeadKind; lang: 'en' | 'hi'; route: string; again: string }[] = [
  { path: '/', kind: 'society', lang: 'en', route: '/registration-received', again: '/#registration' },
  { path: '/register', kind: 'society', lang: 'en', route: '/registration-received', again: '/register' },
  { path: '/hi/', kind: 'society', lang: 'hi', route: '/hi/registration-received', again: '/hi/#registration' },
  { path: '/hi/register', kind: 'society', lang: 'hi', route: '/hi/registration-received', again: '/hi/register' },
  { path: '/embed', kind: 'society', lang: 'en', route: '/registration-received', again: '/embed#preview' },
  { path: '/career', kind: 'career', lang: 'en', route: '/application-received', again: '/career#application-form' },
  { path: '/hi/career', kind: 'career', lang: 'hi', route: '/hi/application-received', again: '/hi/career#application-form' },
];

const TAGS = { society: 'society-registration', career: 'career-application' } as const;

/** The spec's success title and text in a language (§8). */
const stored = (kind: LeadKind, lang: 'en' | 'hi') => {
  const text = lang === 'hi' ? hi : en;
  return kind === 'society'
    ? { heading: text.society.successTitle, message: (lang === 'hi' ? MESSAGES_HI : MESSAGES).societyStored }
    : { heading: text.career.successTitle, message: text.career.successDescription };
};

for (const mode of ['no script', 'scripts fail'] as const) {
  describe(`${mode === 'no script' ? 'JavaScript off' : 'JavaScript on, every script under /assets/ failing after load'}: a phone at 360×640`, () => {
    for (const journey of JOURNEYS) {
      it(`${journey.path}: ${journey.kind === 'society' ? 'registers' : 'applies'}, is delivered, lands on the confirmation; a reload sends nothing`, async () => {
        const { context, open } = await phone(mode);
        const page = await context.newPage();
        const email = `${mode.replace(' ', '-')}${journey.path.replace(/\W+/g, '-')}${journey.kind}@example.in`;
        const changes = { email, ...(journey.kind === 'society' ? { position: 'Secretary' } : {}) };
        const values = formValues(journey.kind, changes);
        const tag = TAGS[journey.kind];
        await open(page, site.url + journey.path);
        expect(await page.locator(`${tag} button[type="submit"]`).isEnabled(), 'the button works from the first paint').toBe(true);
        await fill(page, tag, values);
        await page.locator(`${tag} button[type="submit"]`).click();
        await page.waitForURL((url) => url.pathname === journey.route);

        expect(await confirmationIn(page)).toEqual({ ...stored(journey.kind, journey.lang), again: journey.again });
        expect(await page.locator('h1').textContent()).toBe(stored(journey.kind, journey.lang).heading);
        expect(await page.title()).toMatch(new RegExp(`^${stored(journey.kind, journey.lang).heading} – `));
        const [lead, ...more] = leadsWith(site.dataDir, email);
        expect(more, 'one lead').toEqual([]);
        expect(lead!.fields, 'the typed values').toEqual(validLead(journey.kind, changes));
        // A native post (a scripted send would carry its proof of work), from this page.
        expect(lead).toMatchObject({ spam_reason: null, without_proof: 1, page: journey.path, notice_version: NOTICE_VERSION, origin: site.url });
        await expect.poll(() => receiver.accepted.filter((a) => a.body.data.fields.email === email).map((a) => a.body.data.withoutProofOfWork), { timeout: 20_000 }).toEqual([true]);

        await page.reload();
        expect(await confirmationIn(page)).toEqual({ ...stored(journey.kind, journey.lang), again: journey.again });
        expect(leadsWith(site.dataDir, email), 'a reload of the confirmation stores nothing more').toHaveLength(1);
        await context.close();
      });
    }

    it('/embed/frame in a page of another origin: registers inside the frame, in the language and with the partner of its address, and confirms there', async () => {
      const { context } = await phone(mode);
      const page = await context.newPage();
      const email = `${mode.replace(' ', '-')}-frame@example.in`;
      await page.goto(`${partner.url}/framed?partner=greenpark-rwa&lang=hi&accent=1d4ed8`, { waitUntil: 'load' });
      if (mode === 'scripts fail') await page.route('**/assets/**', (route) => route.abort('connectionreset'));
      const frame = page.frameLocator('iframe');
      expect(await frame.locator('society-registration label[for="society-name"]').textContent(), 'the form of the address, in Hindi').toBe('आपका नाम *');
      expect(await frame.locator('society-registration button[type="submit"]').evaluate((b) => getComputedStyle(b).backgroundColor), 'its accent').toBe('rgb(29, 78, 216)');
      await fill(frame, 'society-registration', formValues('society', { email }));
      await frame.locator('society-registration button[type="submit"]').click();
      await expect.poll(() => frame.locator('.confirmation .heading').textContent().catch(() => null), { timeout: 20_000 }).toBe(hi.society.successTitle);
      expect(await confirmationIn(frame)).toEqual({ ...stored('society', 'hi'), again: '/embed/frame?partner=greenpark-rwa&lang=hi&accent=1d4ed8' });
      const inner = page.frames().find((f) => f !== page.mainFrame())!;
      expect(new URL(inner.url()).pathname).toBe('/hi/registration-received');
      const [lead, ...more] = leadsWith(site.dataDir, email);
      expect(more).toEqual([]);
      expect(lead).toMatchObject({ spam_reason: null, without_proof: 1, page: '/embed/frame', partner: 'greenpark-rwa' });
      await expect.poll(() => receiver.accepted.filter((a) => a.body.data.fields.email === email).length, { timeout: 20_000 }).toBe(1);
      await inner.goto(inner.url());
      expect(await frame.locator('.confirmation .heading').textContent()).toBe(hi.society.successTitle);
      expect(leadsWith(site.dataDir, email)).toHaveLength(1);
      await context.close();
    });
  });
}

/** A page of another origin with a plain form that posts `fields` straight to the service: no browser check stands in the way. */
async function postDirectly(page: Page, path: string, fields: Record<string, string>) {
  const inputs = Object.entries(fields)
    .map(([name, value]) => `<input name="${name}" value="${value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')}">`)
    .join('');
  await page.goto(`${partner.url}/blank`);
  await page.setContent(`<form method="post" action="${site.url}${path}">${inputs}<button>Send</button></form>`);
  const answer = page.waitForResponse((r) => r.url() === `${site.url}${path}`);
  await page.locator('button').click();
  const response = await answer;
  await page.waitForLoadState();
  return response;
}

describe('a refused form, posted without script', () => {
  it('answers 400 with the form again: the error summary links each problem to its field, the fields are marked, every value is back, nothing is stored', async () => {
    const context = await browser.newContext({ ...PHONE, javaScriptEnabled: false });
    const page = await context.newPage();
    const sent = { lang: 'en', notice: NOTICE_VERSION, website: '', name: '<script>alert("x")</script> & "Asha"', email: 'asha@example', phone: '98220', societyName: "O'Brien </textarea> Towers", city: '', position: '<b>Secretary</b>' };
    const response = await postDirectly(page, '/addSocietyQuery', sent);
    expect(response.status()).toBe(400);
    const headers = response.headers();
    expect(headers['content-security-policy']).toMatch(/^default-src 'self'; script-src 'self'.*style-src 'self' 'sha256-/);
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['cache-control']).toBe('no-store');
    expect(await page.title()).toMatch(/^Error: Register Your Society – /);

    const summary = page.locator('.error-summary');
    expect(await summary.getByRole('heading').textContent()).toBe('There is a problem');
    const links = await summary.getByRole('link').evaluateAll((as) => as.map((a) => [a.textContent, a.getAttribute('href')]));
    expect(links).toEqual([
      [MESSAGES.invalidEmail, '#society-email'],
      [MESSAGES.invalidPhone, '#society-phone'],
      [MESSAGES.required(MESSAGES.labels.city), '#society-city'],
    ]);
    for (const [message, href] of links) {
      const field = page.locator(href!);
      expect(await field.getAttribute('aria-invalid'), href!).toBe('true');
      expect(await page.locator(`#${await field.getAttribute('aria-describedby')}`).textContent(), href!).toBe(message);
    }
    for (const name of ['name', 'societyName', 'position']) expect(await page.locator(`[name="${name}"]`).getAttribute('aria-invalid'), name).toBe(null);
    for (const [name, value] of Object.entries(sent)) {
      if (['lang', 'notice', 'website'].includes(name)) continue;
      expect(await page.locator(`.lead-answer form [name="${name}"]`).inputValue(), `${name} comes back as typed`).toBe(value);
    }
    expect(await page.locator('script').count(), 'what was typed stays text').toBe(0);
    expect(await page.locator('b').count()).toBe(0);

    await summary.getByRole('link', { name: MESSAGES.invalidPhone }).click();
    expect(new URL(page.url()).hash).toBe('#society-phone');
    expect(await page.locator('#society-phone').isVisible()).toBe(true);
    // In view once the browser has scrolled to it (a smooth scroll takes a moment).
    await expect
      .poll(async () => {
        const box = (await page.locator('#society-phone').boundingBox())!;
        return box.y >= 0 && box.y + box.height <= 640;
      }, { timeout: 5000 })
      .toBe(true);
    expect(leadsWith(site.dataDir, 'asha@example'), 'nothing stored').toEqual([]);

    // Sent again, corrected, from the page itself: stored, and the hidden page and campaign went with it.
    await page.locator('#society-email').fill('asha.fixed@example.in');
    await page.locator('#society-phone').fill('+91 98765 43210');
    await page.locator('#society-city').fill('Pune');
    await page.locator('.lead-answer button[type="submit"]').click();
    await page.waitForURL((url) => url.pathname === '/registration-received');
    expect(leadsWith(site.dataDir, 'asha.fixed@example.in')).toMatchObject([{ fields: { name: sent.name, societyName: sent.societyName, position: sent.position }, spam_reason: null, without_proof: 1 }]);
    await context.close();
  });

  it("speaks the form's language: Hindi problems on a Hindi page, linked to the career form's fields", async () => {
    const context = await browser.newContext({ ...PHONE, javaScriptEnabled: false });
    const page = await context.newPage();
    const response = await postDirectly(page, '/addQuery', { lang: 'hi', website: '', fullName: 'रवि', email: 'ravi@example.in', phone: '9876543210', college: 'COEP', course: 'PhD', yearOfStudy: '', areaOfInterest: 'tech-intern', whyJoin: 'ऐप बनाना' });
    expect(response.status()).toBe(400);
    expect(await page.locator('html').getAttribute('lang')).toBe('hi');
    expect(await page.locator('.error-summary h2').textContent()).toBe(hi.formPost.problemTitle);
    expect(await page.locator('.error-summary a').evaluateAll((as) => as.map((a) => [a.textContent, a.getAttribute('href')]))).toEqual([
      [MESSAGES_HI.invalidChoice.course, '#career-course'],
      [MESSAGES_HI.required(MESSAGES_HI.labels.yearOfStudy), '#career-yearOfStudy'],
    ]);
    expect(await page.locator('#career-whyJoin').inputValue()).toBe('ऐप बनाना');
    expect(await page.locator('#career-course').inputValue(), 'a value the list does not hold cannot be chosen again').toBe('');
    expect(leadsWith(site.dataDir, 'ravi@example.in')).toEqual([]);
    await context.close();
  });
});

describe('the embedding snippet', () => {
  /** The two lines /embed gives partners, as it shows them. */
  async function snippetOfEmbed(): Promise<string> {
    const html = await (await fetch(`${site.url}/embed`)).text();
    const code = /<code id="snippet">([\s\S]*?)<\/code>/.exec(html)![1]!;
    return code.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&amp;/g, '&');
  }

  it('holds a plain link to /register, shown where the script cannot run and replaced by the form where it does', async () => {
    const snippet = await snippetOfEmbed();
    expect(snippet).toMatch(/<society-registration><a href="[^"]+\/register">[^<]+<\/a><\/society-registration>$/);
    // The snippet names the site's configured address; here the site is the test's.
    partner.setSnippet(snippet.replace(/https?:\/\/[^/"]+(?=\/(?:widgets|register))/g, site.url));

    const blocked = await browser.newContext({ ...PHONE });
    const page = await blocked.newPage();
    await page.route('**/widgets/**', (route) => route.abort('blockedbyclient'));
    await page.goto(`${partner.url}/snippet`, { waitUntil: 'load' });
    const link = page.getByRole('link', { name: 'Register your society for free' });
    expect(await link.isVisible(), 'the way to register, while the script is blocked').toBe(true);
    await link.click();
    await page.waitForURL(`${site.url}/register`);
    expect(await page.locator('society-registration').count()).toBe(1);
    await blocked.close();

    const working = await browser.newContext({ ...PHONE });
    const live = await working.newPage();
    await live.goto(`${partner.url}/snippet`, { waitUntil: 'load' });
    await live.waitForFunction(() => !!document.querySelector('society-registration:defined')?.shadowRoot?.querySelector('form'));
    expect(await live.getByRole('link', { name: 'Register your society for free' }).isVisible(), 'the form took its place').toBe(false);
    expect(await live.locator('society-registration input[name="name"]').isVisible()).toBe(true);
    await working.close();
  });
});

describe('with JavaScript', () => {
  for (const [path, kind] of [['/register', 'society'], ['/career', 'career']] as const) {
    it(`${path}: the widget takes over and sends the spec's JSON exactly as before`, async () => {
      const context = await browser.newContext({ ...PHONE });
      const page = await context.newPage();
      const tag = TAGS[kind];
      await page.goto(site.url + path, { waitUntil: 'load' });
      await page.locator(`${tag} input[name="email"]`).focus();
      await page.waitForFunction((t) => !!document.querySelector(`${t}:defined`), tag);
      const email = `scripted-${kind}@example.in`;
      const values = formValues(kind, { email });
      await fill(page, tag, values);
      const request = page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname.startsWith(kind === 'society' ? '/addSocietyQuery' : '/addQuery'));
      await page.locator(`${tag} button[type="submit"]`).click();
      const sent = await request;
      expect(sent.headers()['content-type']).toBe('application/json');
      const body = JSON.parse(sent.postData()!) as Record<string, string>;
      expect(Object.keys(body), 'the spec\'s keys, in its order, and nothing else').toEqual(fieldNames(kind));
      expect(body.email).toBe(email);
      expect(new URL(page.url()).pathname, 'the page stays: the answer is a toast and the confirmation in place').toBe(path);
      await expect.poll(() => leadsWith(site.dataDir, email).length).toBe(1);
      await context.close();
    });
  }
});

describe('the answer pages', () => {
  /** Each kind of answer page, loaded as a browser gets it. */
  const answerPages: { name: string; load: (page: Page) => Promise<unknown> }[] = [
    { name: 'refusal (English, registration)', load: (page) => postDirectly(page, '/addSocietyQuery', { lang: 'en', website: '', name: 'Asha', email: 'x', phone: '1', societyName: 'G', city: '', position: '' }) },
    { name: 'refusal (Hindi, application)', load: (page) => postDirectly(page, '/addQuery', { lang: 'hi', website: '', fullName: '', email: 'x', phone: '1', college: 'C', course: 'MCA', yearOfStudy: '1', areaOfInterest: 'tech-intern', whyJoin: 'w' }) },
    { name: 'refusal in the frame', load: (page) => postDirectly(page, '/addSocietyQuery', { lang: 'hi', website: '', page: '/embed/frame?partner=greenpark-rwa&lang=hi', name: 'A', email: 'x', phone: '1', societyName: 'G', city: 'P', position: '' }) },
    { name: 'confirmation (English, registration)', load: (page) => page.goto(`${site.url}/registration-received?from=%2F&reference=SD-1234`) },
    { name: 'confirmation (Hindi, application)', load: (page) => page.goto(`${site.url}/hi/application-received?from=%2Fhi%2Fcareer`) },
    { name: 'confirmation in the frame', load: (page) => page.goto(`${site.url}/registration-received?from=${encodeURIComponent('/embed/frame?partner=greenpark-rwa&accent=1d4ed8')}`) },
    { name: 'the frame with the options of its address', load: (page) => page.goto(`${site.url}/embed/frame?partner=greenpark-rwa&lang=hi&accent=1d4ed8`) },
  ];

  it('axe finds no WCAG 2.2 A/AA violation on any of them', async () => {
    const context = await browser.newContext({ ...PHONE });
    for (const { name, load } of answerPages) {
      const page = await context.newPage();
      await load(page);
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa']).analyze();
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), name).toEqual([]);
      expect(await page.getByRole('main').count(), name).toBe(1);
      expect(await page.locator('h1').count(), name).toBe(1);
      await page.close();
    }
    await context.close();
  }, 300_000);
});
