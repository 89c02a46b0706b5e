/**
 * The team's app on a phone and a desktop: axe (WCAG 2.2 A/AA) finds nothing on sign-in, the
 * worklist and a lead's page at 360 px and 1280 px, in English and Hindi; nothing is wider
 * than a 360 px screen. (The Nu HTML checker reads dist/team/index.html with every built page:
 * test/site/html-validity.unit.test.ts.)
 */
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teamToday } from '../../contract/team.ts';
import { launchBrowser } from '../helpers/browser.ts';
import { validLead } from '../helpers/fixtures.ts';
import { headingLevels } from '../helpers/page-checks.ts';
import { postJson, readDb } from '../helpers/server.ts';
import { acceptInvitation, invite, pageWithPasskeys, startTeamServer } from '../helpers/team.ts';

const wcag = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];
const WIDTHS = [360, 1280] as const;

let server: Awaited<ReturnType<typeof startTeamServer>>;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let admin: Page;
let leadId: number;

beforeAll(async () => {
  server = await startTeamServer({ SPAM_CHALLENGE: 'off' });
  browser = await launchBrowser();
  const long = { name: 'Venkata Subrahmanya Lakshminarayana', email: 'venkata.subrahmanya.lakshminarayana@very-long-domain-name.example.in', societyName: 'Sri Venkateshwara Co-operative Housing Society Phase II', city: 'Visakhapatnam' };
  expect((await postJson(`${server.url}/addSocietyQuery`, validLead('society', long))).status).toBe(200);
  expect((await postJson(`${server.url}/addQuery`, validLead('career', { email: 'intern@example.in' }))).status).toBe(200);
  leadId = readDb(server.dataDir, (db) => db.prepare("SELECT id FROM leads WHERE json_extract(fields, '$.city') = 'Visakhapatnam'").pluck().get()) as number;
  const context = await browser.newContext();
  admin = await pageWithPasskeys(context);
  await acceptInvitation(admin, await invite('quality@team.example', 'admin', { DATA_DIR: server.dataDir, TEAM_ORIGIN: server.origin }));
  // A lead with a note, an owner and a next-call date, so the page shows all it can.
  await admin.goto(`${server.origin}/team/leads/${leadId}`);
  await admin.getByLabel('Owner').selectOption({ label: 'quality@team.example' });
  await admin.getByLabel('Another day').fill(teamToday(Date.now() - 2 * 86_400_000));
  await admin.getByLabel('Note', { exact: true }).fill('Called twice, no answer. Try the society office in the evening.');
  await admin.getByRole('button', { name: 'Save', exact: true }).click();
  await admin.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(wcag).analyze();
  return results.violations.map((v) => `${v.id}: ${v.help} → ${v.nodes.map((n) => n.target.join(' ')).slice(0, 4).join(', ')}`);
}

/** Axe, headings in order, the landmarks, and nothing wider than the viewport. */
async function checkScreen(page: Page, label: string): Promise<void> {
  expect(await axeViolations(page), label).toEqual([]);
  const levels = await headingLevels(page);
  expect(levels[0]?.level, label).toBe(1);
  for (let i = 1; i < levels.length; i++) expect(levels[i]!.level - levels[i - 1]!.level, `${label}: "${levels[i]!.text}"`).toBeLessThanOrEqual(1);
  expect(await page.getByRole('banner').count(), label).toBe(1);
  expect(await page.getByRole('main').count(), label).toBe(1);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `${label}: wider than the screen`).toBeLessThanOrEqual(0);
}

describe('the team app at 360 px and 1280 px', { timeout: 180_000 }, () => {
  for (const width of WIDTHS) {
    it(`${width} px: sign-in`, async () => {
      const context = await browser.newContext({ viewport: { width, height: 800 } });
      const page = await context.newPage();
      await page.goto(`${server.origin}/team/`);
      await page.getByRole('button', { name: 'Sign in with a passkey' }).waitFor();
      await checkScreen(page, `sign-in at ${width}`);
      await context.close();
    });

    it(`${width} px: the worklist (filters open, a late lead) and a lead's page, in English and Hindi`, async () => {
      await admin.setViewportSize({ width, height: 800 });
      await admin.goto(`${server.origin}/team/`);
      await admin.locator('[data-lead-id]').first().waitFor();
      expect(await admin.locator('[data-lead-id].is-late').count()).toBe(1);
      await admin.getByRole('button', { name: 'Filters' }).click();
      await admin.getByLabel('City').waitFor();
      await checkScreen(admin, `worklist at ${width}`);

      await admin.goto(`${server.origin}/team/leads/${leadId}`);
      await admin.getByText('Called twice, no answer.').waitFor();
      await checkScreen(admin, `lead page at ${width}`);
      // A target big enough for a thumb: the call link and the save button are at least 44 px tall.
      for (const control of [admin.getByRole('link', { name: /^Call/ }), admin.getByRole('button', { name: 'Save', exact: true })]) {
        expect((await control.boundingBox())!.height).toBeGreaterThanOrEqual(44);
      }

      // Hindi, chosen in the menu (the member's own language from now on).
      await admin.locator('.menu-button').click();
      await admin.locator('.menu-panel select').selectOption('hi');
      await admin.getByRole('heading', { level: 2, name: 'फ़ॉलो-अप' }).waitFor();
      expect(await admin.evaluate(() => document.documentElement.lang)).toBe('hi');
      await checkScreen(admin, `lead page in Hindi at ${width}`);
      await admin.goto(`${server.origin}/team/`);
      await admin.getByRole('heading', { level: 1, name: 'वर्कलिस्ट' }).waitFor();
      await checkScreen(admin, `worklist in Hindi at ${width}`);
      await admin.locator('.menu-button').click();
      await admin.locator('.menu-panel select').selectOption('en');
      await admin.getByRole('heading', { level: 1, name: 'Worklist' }).waitFor();
    });
  }

  it('the spam list and the audit log, at 360 px', async () => {
    await admin.setViewportSize({ width: 360, height: 800 });
    for (const [url, heading] of [
      ['/team/spam', 'Spam'],
      ['/team/audit', 'Audit log'],
    ] as const) {
      await admin.goto(`${server.origin}${url}`);
      await admin.getByRole('heading', { level: 1, name: heading }).waitFor();
      await admin.getByText(/No leads match\.|signed in/).first().waitFor();
      expect(await axeViolations(admin), url).toEqual([]);
    }
  });
});
