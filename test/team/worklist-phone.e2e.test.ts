/**
 * The worklist as a salesperson's phone tool (issue 43), on the built app and the real
 * service, in Chromium at 360×640 with touch: 30 leads, 17 of them late. Three cards wholly
 * on the first screen; one tap to the late list, longest late first; a late lead's loop
 * (open, call, outcome, note, next call, save and next) in six counted taps with no scroll;
 * the save and its confirmation in view; Back to the list with the opened lead's card in
 * view; a search's count and results under the search box; "Not spam" on a spam card with
 * its reason and an honest answer; axe clean; and the app in Tamil for a member invited in
 * Tamil, with no English word but the brand and technical names.
 */
import Database from 'better-sqlite3';
import { AxeBuilder } from '@axe-core/playwright';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { languages } from '../../contract/languages.ts';
import { teamToday } from '../../contract/team.ts';
import { dbPath } from '../../server/store/sqlite.ts';
import { launchBrowser } from '../helpers/browser.ts';
import { readDb } from '../helpers/server.ts';
import { acceptInvitation, invite, pageWithPasskeys, seedLeads, startTeamServer, type SeededLead } from '../helpers/team.ts';

const PHONE = { viewport: { width: 360, height: 640 }, hasTouch: true, isMobile: true };
/** Notes the member types (their words, in English whatever the app's language). */
const NOTES = ['Spoke to the secretary: call back tomorrow with the pricing.', 'No answer; left a message.'] as const;
const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

let server: Awaited<ReturnType<typeof startTeamServer>>;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let context: BrowserContext;
let page: Page;
let leads: SeededLead[];
let late: SeededLead[];

beforeAll(async () => {
  server = await startTeamServer({ SPAM_CHALLENGE: 'off' });
  browser = await launchBrowser();
  leads = await seedLeads(server, { total: 30, late: 17 });
  late = leads.filter((l) => l.ageHours > 24).sort((a, b) => b.ageHours - a.ageHours);
  expect(late).toHaveLength(17);
  context = await phoneContext();
  page = await pageWithPasskeys(context);
  await acceptInvitation(page, await invite('asha@team.example', 'admin', { DATA_DIR: server.dataDir, TEAM_ORIGIN: server.origin }, ['--name', 'Asha Rao']));
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/**
 * A phone: 360×640 with touch. A `tel:` link hands the call to the phone's dialler, which a
 * headless browser has not got: the page's own handlers run, then the link goes nowhere.
 */
async function phoneContext(): Promise<BrowserContext> {
  const phone = await browser.newContext(PHONE);
  await phone.addInitScript(() =>
    addEventListener('click', (event) => {
      if ((event.target as Element).closest?.('a[href^="tel:"]')) event.preventDefault();
    }),
  );
  return phone;
}

/** Whether the whole element is inside the 360×640 screen as it is now. */
async function wholyInView(locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  return box !== null && box.y >= 0 && box.x >= 0 && box.y + box.height <= PHONE.viewport.height && box.x + box.width <= PHONE.viewport.width;
}

/** Taps an element the member can see without scrolling (asserted), and counts the tap. */
function tapper() {
  let taps = 0;
  return {
    async tap(locator: Locator, label: string) {
      expect(await wholyInView(locator), `${label}: in view before the tap`).toBe(true);
      await locator.tap();
      taps++;
    },
    get taps() {
      return taps;
    },
  };
}

const scrollY = () => page.evaluate(() => window.scrollY);
const card = (name: string) => page.locator('.card').filter({ has: page.getByRole('link', { name, exact: true }) });

async function axe(label: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(WCAG).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`), label).toEqual([]);
}

describe('the worklist on a 360×640 phone', { timeout: 120_000 }, () => {
  it('shows three lead cards wholly on the first screen, nothing wider than it, and passes axe', async () => {
    await page.goto(`${server.origin}/team/`);
    await page.locator('.card').nth(3).waitFor();
    for (let i = 0; i < 3; i++) expect(await wholyInView(page.locator('.card').nth(i)), `card ${i + 1}`).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    // One line of bar: the app's name and its menu, no more.
    expect((await page.getByRole('banner').boundingBox())!.height).toBeLessThanOrEqual(56);
    await axe('worklist at 360');
  });

  it('one tap lists only the late leads, longest late first, each saying how long', async () => {
    const taps = tapper();
    await page.goto(`${server.origin}/team/`);
    await taps.tap(page.getByRole('link', { name: 'Late (17)' }), 'the late chip');
    expect(taps.taps).toBe(1);
    await page.waitForURL(/[?&]late=1/);
    await expect.poll(() => page.locator('.card-name').allTextContents()).toEqual(late.map((l) => l.name));
    expect(await page.locator('.card.is-late').count()).toBe(17);
    // The oldest came in 42 hours ago: late for 18 (a new lead is late after 24 hours).
    expect(await card(late[0]!.name).textContent()).toMatch(/42 hr ago.*Overdue 18 hrs/);
  });

  it("a late lead's loop takes six taps and no scroll: open, call, outcome, note, next call, save and next", async () => {
    const [first, second] = late as [SeededLead, SeededLead];
    const taps = tapper();
    await page.goto(`${server.origin}/team/?late=1`);
    await card(first.name).waitFor();

    await taps.tap(card(first.name).getByRole('link', { name: first.name }), 'open');
    await page.getByRole('heading', { level: 1, name: first.name }).waitFor();
    const call = page.getByRole('link', { name: 'Call' });
    expect(await call.getAttribute('href')).toMatch(/^tel:\+91\d{10}$/);
    await taps.tap(call, 'call');
    // Back from the dialler, the page asks how the call went, where the thumb is.
    await page.getByRole('group', { name: 'How did the call go?' }).waitFor();
    await taps.tap(page.getByText('Contacted', { exact: true }), 'outcome');
    const note = page.getByLabel('Note', { exact: true });
    await taps.tap(note, 'note');
    await page.keyboard.type(NOTES[0]);
    await taps.tap(page.getByRole('button', { name: 'tomorrow' }), 'next call');
    const saveNext = page.getByRole('button', { name: 'Save and next' });
    await taps.tap(saveNext, 'save and next');
    expect(taps.taps).toBe(6);

    // The next late lead opens, the confirmation and the save controls on its screen.
    await page.getByRole('heading', { level: 1, name: second.name }).waitFor();
    const said = page.getByRole('status').filter({ hasText: `Saved ${first.name}'s lead.` });
    await said.waitFor();
    expect(await wholyInView(said)).toBe(true);
    expect(await wholyInView(page.getByRole('button', { name: 'Save', exact: true }))).toBe(true);
    expect(await wholyInView(saveNext)).toBe(true);
    expect(await scrollY()).toBe(0);

    const saved = readDb(server.dataDir, (db) => db.prepare('SELECT status, next_call_on AS nextCallOn, late_at AS lateAt FROM leads WHERE id = ?').get(first.id)) as { status: string; nextCallOn: string; lateAt: number };
    expect([saved.status, saved.nextCallOn]).toEqual(['contacted', teamToday(Date.now() + 86_400_000)]);
    expect(saved.lateAt).toBeGreaterThan(Date.now());
    expect(readDb(server.dataDir, (db) => db.prepare('SELECT text FROM lead_notes WHERE lead_id = ?').pluck().get(first.id))).toBe(NOTES[0]);
  });

  it('Save shows its confirmation beside it, in view; Back returns to the list with the opened lead in view', async () => {
    const [, second] = late as [SeededLead, SeededLead];
    await page.getByRole('heading', { level: 1, name: second.name }).waitFor();
    // A note alone: still new, still late.
    await page.getByLabel('Note', { exact: true }).tap();
    await page.keyboard.type(NOTES[1]);
    await page.getByRole('button', { name: 'Save', exact: true }).tap();
    const said = page.getByRole('status').filter({ hasText: /^Saved\.$/ });
    await said.waitFor();
    expect(await wholyInView(said)).toBe(true);
    expect(await wholyInView(page.getByRole('button', { name: 'Save', exact: true }))).toBe(true);

    await page.getByRole('link', { name: 'Back to the worklist' }).tap();
    await page.waitForURL(/\/team\/\?late=1$/);
    // The first lead left the late list (called, next call tomorrow); the second is late still, and in view.
    await expect.poll(() => card(late[0]!.name).count()).toBe(0);
    expect(await wholyInView(card(second.name))).toBe(true);

    // Far down the list too: the 14th late lead, opened and left with Back.
    const far = late[13]!;
    await card(far.name).scrollIntoViewIfNeeded();
    const before = await scrollY();
    expect(before).toBeGreaterThan(400);
    await card(far.name).getByRole('link').tap();
    await page.getByRole('heading', { level: 1, name: far.name }).waitFor();
    expect(await scrollY()).toBe(0);
    await page.goBack();
    await card(far.name).waitFor();
    expect(await wholyInView(card(far.name))).toBe(true);
    expect(Math.abs((await scrollY()) - before)).toBeLessThan(150);
  });

  it("puts a search's count and its results right under the search box, the chips counting within it", async () => {
    const target = leads[5]!;
    await page.goto(`${server.origin}/team/`);
    await page.getByLabel('Search by name, email, phone, society or reference').fill(target.name);
    await page.getByRole('button', { name: 'Search' }).tap();
    const found = page.getByRole('status').filter({ hasText: /^1 match$/ });
    await found.waitFor();
    expect(await wholyInView(found)).toBe(true);
    expect(await wholyInView(card(target.name))).toBe(true);
    expect(await page.getByRole('link', { name: 'All (1)' }).count()).toBe(1);
    await axe('search results at 360');
  });

  it('a spam card has its own "Not spam", its reason in plain words, and says truthfully what was sent', async () => {
    const spam = leads[29]!;
    const db = new Database(dbPath(server.dataDir));
    db.prepare("UPDATE leads SET spam_reason = 'honeypot' WHERE id = ?").run(spam.id);
    db.close();
    await page.goto(`${server.origin}/team/spam`);
    const spamCard = card(spam.name);
    await spamCard.getByText('A field that people never see was filled in').waitFor();
    expect(await spamCard.textContent()).not.toContain('honeypot');
    await axe('spam list at 360');
    await spamCard.getByRole('button', { name: 'Not spam' }).tap();
    // No webhook and no email here: nothing sent, and it says so (not "queued for 0 deliveries").
    await spamCard.getByRole('status').filter({ hasText: 'Nothing was sent on: no webhook or email for new leads is set up on this service.' }).waitFor();
    expect(readDb(server.dataDir, (db) => db.prepare('SELECT spam_reason FROM leads WHERE id = ?').pluck().get(spam.id))).toBeNull();
  });

  it("a lead's page, the menu and the member's own page pass axe at 360 px", async () => {
    await page.goto(`${server.origin}/team/leads/${late[3]!.id}?late=1`);
    await page.getByRole('button', { name: 'Save and next' }).waitFor();
    await axe('lead page at 360');
    await page.getByRole('button', { name: 'Menu' }).tap();
    await page.getByRole('link', { name: 'Your name and language' }).waitFor();
    await axe('menu at 360');
    await page.getByRole('link', { name: 'Your name and language' }).tap();
    expect(await page.getByLabel('Your name', { exact: true }).inputValue()).toBe('Asha Rao');
    await axe('profile at 360');
  });

  it('a member invited in Tamil gets the app in Tamil: no English word but the brand and technical names', async () => {
    const tamil = await phoneContext();
    const member = await pageWithPasskeys(tamil);
    await member.goto(await invite('kavya@team.example', 'member', { DATA_DIR: server.dataDir, TEAM_ORIGIN: server.origin }, ['--name', 'காவ்யா', '--language', 'ta']));
    await member.getByRole('button', { name: 'பாஸ்கீயைப் பதிவுசெய்யுங்கள்' }).tap();
    await member.locator('.card').first().waitFor();
    expect(await member.evaluate(() => document.documentElement.lang)).toBe('ta');
    await member.getByRole('link', { name: /^தாமதமானவை/ }).tap();
    await member.locator('.card.is-late').first().waitFor();
    const data = [...leads.flatMap((l) => Object.values(l.fields)), 'Asha Rao', ...NOTES];
    await expect.poll(() => englishWords(member, data)).toEqual([]);
    await member.locator('.card-name').first().tap();
    await member.getByRole('button', { name: 'சேமித்துத் தொடருங்கள்' }).waitFor();
    await member.getByRole('link', { name: 'அழையுங்கள்' }).tap();
    await member.getByRole('group', { name: 'அழைப்பு எப்படி இருந்தது?' }).waitFor();
    expect(await englishWords(member, data)).toEqual([]);
    await member.getByRole('button', { name: 'மெனு' }).tap();
    expect(await englishWords(member, data)).toEqual([]);
    await tamil.close();
  });
});

/**
 * Words in Latin letters on the page once the lead's own data (what the person typed, its
 * reference number, its email) is taken out: none but the brand and technical names (CSV,
 * CV, keys, units of a file's size).
 */
async function englishWords(page: Page, data: string[]): Promise<string[]> {
  let text = await page.evaluate(() => document.body.innerText);
  for (const value of [...data].sort((a, b) => b.length - a.length)) text = text.split(value).join(' ');
  text = text.replace(/\bSD-[0-9A-Z]{4}-[0-9A-Z]{4}\b/g, ' ').replace(/\(en\)/g, ' ');
  // The language chooser names each language in its own script, as the site's switch does ("English").
  const technical = new Set(['CSV', 'CV', 'Ctrl', 'Enter', 'j', 'k', 'KB', 'MB', 'SocietyDesk', ...languages.map((l) => l.name)]);
  return [...new Set(text.match(/[A-Za-z]+/g) ?? [])].filter((word) => !technical.has(word));
}
