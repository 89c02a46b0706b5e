/**
 * The worklist at a desk (issue 43), on the built app and the real service, in Chromium at
 * 1280×800: a compact table (name, phone, city, status, owner, next call) with many leads
 * on the first screen and few Tab stops before the first; the keys (`/` to search, `j` and
 * `k` between leads, Enter to open, Ctrl+Enter to save); "Assign to me" in one click and
 * members by name; the late list's CSV named for it, in Indian time; axe clean.
 */
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teamToday } from '../../contract/team.ts';
import { downloadedBytes, launchBrowser } from '../helpers/browser.ts';
import { acceptInvitation, invite, pageWithPasskeys, seedLeads, startTeamServer, type SeededLead } from '../helpers/team.ts';

const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

let server: Awaited<ReturnType<typeof startTeamServer>>;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let page: Page;
let leads: SeededLead[];

beforeAll(async () => {
  server = await startTeamServer({ SPAM_CHALLENGE: 'off' });
  browser = await launchBrowser();
  leads = await seedLeads(server, { total: 30, late: 17 });
  const env = { DATA_DIR: server.dataDir, TEAM_ORIGIN: server.origin };
  page = await pageWithPasskeys(await browser.newContext({ viewport: { width: 1280, height: 800 }, acceptDownloads: true }));
  await acceptInvitation(page, await invite('asha@team.example', 'admin', env, ['--name', 'Asha Rao']));
  await invite('ravi@team.example', 'member', env, ['--name', 'Ravi Kumar']);
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const newest = () => [...leads].sort((a, b) => a.ageHours - b.ageHours);
const focusedText = () => page.evaluate(() => document.activeElement?.textContent ?? '');

async function axe(label: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(WCAG).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`), label).toEqual([]);
}

describe('the worklist at a 1280×800 desk', { timeout: 120_000 }, () => {
  it('is a compact table: a dozen leads and more on the first screen, each with its phone, city, status, owner and next call', async () => {
    await page.goto(`${server.origin}/team/`);
    const rows = page.locator('.lead-table tbody tr');
    await rows.nth(20).waitFor();
    expect(await page.locator('.lead-table thead th').allTextContents()).toEqual(['Name', 'Phone', 'City', 'Status', 'Owner', 'Next call', 'Received']);
    let onScreen = 0;
    for (let i = 0; i < 30; i++) {
      const box = await rows.nth(i).boundingBox();
      if (box && box.y + box.height <= 800) onScreen++;
    }
    expect(onScreen).toBeGreaterThanOrEqual(12);
    const first = newest()[0]!;
    const row = rows.filter({ hasText: first.name });
    expect(await row.getByRole('link', { name: first.fields.phone! }).getAttribute('href')).toBe(`tel:+91${first.fields.phone!.replace(/\D/g, '').slice(2)}`);
    // From the top of the page, few Tab stops before the first lead.
    await page.locator('body').click({ position: { x: 5, y: 790 } });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    let stops = 0;
    while (stops < 30 && (await focusedText()) !== first.name) {
      await page.keyboard.press('Tab');
      stops++;
    }
    expect(stops).toBeLessThanOrEqual(9);
    await axe('worklist at 1280');
  });

  it('/ goes to the search, j and k move between leads, Enter opens one, Ctrl+Enter saves it', async () => {
    const [first, second] = newest() as [SeededLead, SeededLead];
    await page.goto(`${server.origin}/team/`);
    await page.locator('.lead-table tbody tr').first().waitFor();
    await page.keyboard.press('/');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('worklist-search');
    await page.keyboard.press('Escape');
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('j');
    expect(await focusedText()).toBe(first.name);
    await page.keyboard.press('j');
    expect(await focusedText()).toBe(second.name);
    await page.keyboard.press('k');
    expect(await focusedText()).toBe(first.name);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: first.name }).waitFor();

    await page.getByText('Contacted', { exact: true }).click();
    await page.keyboard.press('Control+Enter');
    await page.getByRole('status').filter({ hasText: /^Saved\.$/ }).waitFor();
    await axe('lead page at 1280');
    await page.goBack();
    await page.locator('.lead-table tbody tr').filter({ hasText: first.name }).getByText('Contacted').waitFor();
  });

  it('"Assign to me" takes a lead in one click; owners show by name, in the table and the owner filter', async () => {
    const lead = newest()[2]!;
    await page.goto(`${server.origin}/team/leads/${lead.id}`);
    await page.getByRole('button', { name: 'Assign to me' }).click();
    await page.getByRole('status').filter({ hasText: 'Assigned to you.' }).waitFor();
    expect(await page.getByLabel('Owner').locator('option:checked').textContent()).toBe('Asha Rao');
    expect(await page.getByRole('button', { name: 'Assign to me' }).count()).toBe(0);
    await page.goto(`${server.origin}/team/`);
    await page.locator('.lead-table tbody tr').filter({ hasText: lead.name }).getByRole('cell', { name: 'Asha Rao' }).waitFor();
    await page.getByRole('button', { name: 'Filters' }).click();
    expect(await page.getByLabel('Owner').locator('option').allTextContents()).toEqual(['Anyone', 'Nobody yet', 'Asha Rao', 'Ravi Kumar']);
  });

  it("exports the late list as a CSV named for it, its times in India with their offset", async () => {
    await page.goto(`${server.origin}/team/?late=1`);
    await page.locator('.lead-table tbody tr').first().waitFor();
    await page.getByRole('button', { name: 'Menu' }).click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toBe(`leads-late-${teamToday()}.csv`);
    const rows = (await downloadedBytes(download)).toString('utf8').trim().split('\r\n');
    expect(rows).toHaveLength(1 + 17);
    expect(rows[1]!.split(',')[2]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+05:30$/);
  });
});
