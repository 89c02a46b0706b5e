/**
 * The team's whole path, in Chromium with a virtual passkey authenticator, on the built site
 * and the real service (SQLite): an admin invited with `npm run team` registers a passkey,
 * signs out and in again, sees the registration a visitor sent through the site a moment
 * before, sets it to "contacted" with a note and a next-call date; a second member sees the
 * change; the admin exports "contacted" as CSV with the note, erases the person (gone from the
 * worklist, the database and a new export), and the audit log, in /team/ and from
 * `npm run team -- --audit`, lists each act.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teamToday } from '../../contract/team.ts';
import { launchBrowser } from '../helpers/browser.ts';
import { readDb } from '../helpers/server.ts';
import { acceptInvitation, invite, pageWithPasskeys, signIn, startTeamServer, teamCli } from '../helpers/team.ts';

const VISITOR = { name: 'Meera Iyer', email: 'meera.iyer@example.in', phone: '+91 91234 56789', societyName: 'Lake View Residency', city: 'Bengaluru', position: 'Secretary' };
const NOTE = 'Spoke to Meera: wants a demo for the committee on Saturday.';
const inAWeek = () => teamToday(Date.now() + 7 * 86_400_000);

let server: Awaited<ReturnType<typeof startTeamServer>>;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let cliEnv: Record<string, string>;

beforeAll(async () => {
  // A quick proof of work: the visitor's form solves it before it sends, as on a phone.
  server = await startTeamServer({ ALTCHA_MAX_NUMBER: '1000' });
  cliEnv = { DATA_DIR: server.dataDir, TEAM_ORIGIN: server.origin };
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function registerThroughTheSite(page: Page): Promise<void> {
  await page.goto(`${server.origin}/register`);
  const form = page.locator('society-registration');
  await form.locator('[name="name"]').focus();
  await page.waitForFunction(() => !!customElements.get('society-registration') && !document.querySelector('society-registration')?.shadowRoot?.querySelector('button[type="submit"][disabled]'));
  for (const [name, value] of Object.entries(VISITOR)) await form.locator(`[name="${name}"]`).fill(value);
  await form.locator('button[type="submit"]').click();
  await expect.poll(() => page.getByRole('status').filter({ hasText: 'Registration Successful!' }).count(), { timeout: 30_000 }).toBe(1);
}

/** Downloads the worklist's CSV as shown (the link carries the page's filters). */
async function exportCsv(page: Page): Promise<string> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export CSV' }).click()]);
  // The browser is the run's shared one, reached over a connection: the file comes as a stream, not a path.
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

describe('the team follows up a lead from the site, in Chromium with passkeys', () => {
  it('invite, passkey, sign-in, the new lead, a change, a second member, CSV, erasure and the audit log', async () => {
    const adminLink = await invite('asha@team.example', 'admin', cliEnv);
    const visitor = await browser.newContext();
    await registerThroughTheSite(await visitor.newPage());
    await visitor.close();
    const leadId = readDb(server.dataDir, (db) => db.prepare("SELECT id FROM leads WHERE json_extract(fields, '$.email') = ? AND spam_reason IS NULL").pluck().get(VISITOR.email)) as number;
    expect(leadId).toBeGreaterThan(0);

    // The admin: registers a passkey from the link, signs out, signs in again with it.
    const adminContext = await browser.newContext();
    const admin = await pageWithPasskeys(adminContext);
    await acceptInvitation(admin, adminLink);
    await admin.getByRole('button', { name: 'Sign out' }).click();
    await admin.getByRole('button', { name: 'Sign in with a passkey' }).waitFor();
    await signIn(admin, server.origin);

    // The registration of a moment ago, first in the list and new.
    const first = admin.locator('.lead-item').first();
    await expect.poll(() => first.locator('.lead-item-name').textContent()).toBe(VISITOR.name);
    expect(await first.textContent()).toContain('New');
    expect(await admin.getByRole('link', { name: /^New \(\d+\)$/ }).textContent()).toBe('New (1)');

    // Contacted, with a note and the next call in a week.
    await first.getByRole('link', { name: VISITOR.name }).click();
    await admin.getByRole('heading', { level: 1, name: VISITOR.name }).waitFor();
    expect(await admin.getByRole('link', { name: /^Call/ }).getAttribute('href')).toBe('tel:+919123456789');
    expect(await admin.getByRole('link', { name: 'WhatsApp' }).getAttribute('href')).toBe('https://wa.me/919123456789');
    await admin.getByLabel('Status').selectOption('contacted');
    await admin.getByLabel('Next call').fill(inAWeek());
    await admin.getByLabel('Add a note').fill(NOTE);
    await admin.getByRole('button', { name: 'Save' }).click();
    await admin.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    await admin.getByText(NOTE).waitFor();

    // A second member sees it: found by the phone in another spelling, contacted, with the note.
    const memberLink = await invite('ravi@team.example', 'member', cliEnv);
    const memberContext = await browser.newContext();
    const member = await pageWithPasskeys(memberContext);
    await acceptInvitation(member, memberLink);
    await member.getByLabel('Name, email, phone, society or reference').fill('091234-56789');
    await member.getByRole('button', { name: 'Search' }).click();
    await member.getByRole('status').filter({ hasText: '1 match' }).waitFor();
    const found = member.locator('.lead-item');
    expect(await found.count()).toBe(1);
    expect(await found.textContent()).toContain('Contacted');
    await found.getByRole('link', { name: VISITOR.name }).click();
    await member.getByText(NOTE).waitFor();
    expect(await member.getByText('asha@team.example, ').count()).toBe(1);
    expect(await member.getByLabel('Status').inputValue()).toBe('contacted');
    expect(await member.getByLabel('Next call').inputValue()).toBe(inAWeek());
    // A member is not offered a person's data.
    expect(await member.getByRole('heading', { name: "This person's data" }).count()).toBe(0);

    // "Contacted" as CSV, with the note.
    await admin.goto(`${server.origin}/team/`);
    await admin.getByRole('link', { name: 'Contacted (1)' }).click();
    await expect.poll(() => admin.locator('.lead-item').count()).toBe(1);
    const csv = await exportCsv(admin);
    const [header, row, ...rest] = csv.trimEnd().split('\r\n');
    expect(header).toContain('status,owner,nextCallOn,late');
    expect(rest).toEqual([]);
    expect(row).toContain(',contacted,');
    expect(row).toContain(VISITOR.email);
    expect(row).toContain(inAWeek());
    expect(row).toContain(`asha@team.example: ${NOTE}`);

    // Erasure: from the lead page, by the person's email.
    await admin.goto(`${server.origin}/team/leads/${leadId}`);
    await admin.getByRole('button', { name: 'Erase this person' }).click();
    await admin.getByRole('button', { name: 'Yes, erase' }).click();
    await admin.getByRole('status').filter({ hasText: 'Erased: 1 lead' }).waitFor();
    await admin.goto(`${server.origin}/team/`);
    await admin.getByRole('heading', { level: 1, name: 'Worklist' }).waitFor();
    await admin.getByText('No leads match.').waitFor();
    const held = readDb(server.dataDir, (db) => ({
      leads: db.prepare("SELECT COUNT(*) FROM leads WHERE json_extract(fields, '$.email') = ?").pluck().get(VISITOR.email),
      notes: db.prepare('SELECT COUNT(*) FROM lead_notes WHERE lead_id = ?').pluck().get(leadId),
      deliveries: db.prepare('SELECT COUNT(*) FROM deliveries WHERE lead_id = ?').pluck().get(leadId),
      auditOfLead: db.prepare('SELECT COUNT(*) FROM team_audit WHERE lead_id = ?').pluck().get(leadId),
      auditDetails: db.prepare("SELECT COUNT(*) FROM team_audit WHERE detail LIKE '%' || ? || '%'").pluck().get(inAWeek()),
      searchable: db.prepare('SELECT COUNT(*) FROM lead_search WHERE lead_search MATCH ?').pluck().get('"meera"'),
    }));
    expect(held).toEqual({ leads: 0, notes: 0, deliveries: 0, auditOfLead: 0, auditDetails: 0, searchable: 0 });
    const after = await exportCsv(admin);
    expect(after).not.toContain(VISITOR.email);
    expect(after).not.toContain(NOTE);
    await member.goto(`${server.origin}/team/leads/${leadId}`);
    await member.getByText('Not found: it may have been erased.').waitFor();

    // The audit log lists each act, in /team/ and from the command line, without the person.
    await admin.goto(`${server.origin}/team/audit`);
    await admin.getByRole('heading', { level: 1, name: 'Audit log' }).waitFor();
    const log = (await admin.locator('table.audit tbody').textContent()) ?? '';
    for (const act of ['registered a passkey', 'signed in', 'signed out', 'viewed a lead', 'changed a lead', 'exported leads', 'erased a person']) expect(log).toContain(act);
    expect(log).toContain('ravi@team.example');
    expect(log).not.toContain(VISITOR.email);
    const cli = await teamCli(['--audit', '--format', 'json'], cliEnv);
    const entries = JSON.parse(cli.stdout) as { actor: string; action: string; leadId: number | null; detail: unknown }[];
    const acts = new Set(entries.map((e) => `${e.actor} ${e.action}`));
    for (const act of ['operator invite', 'asha@team.example passkey-registered', 'asha@team.example sign-in', 'asha@team.example sign-out', 'asha@team.example view', 'asha@team.example change', 'ravi@team.example view', 'asha@team.example export', 'asha@team.example erase']) {
      expect(acts, act).toContain(act);
    }
    expect(JSON.stringify(entries)).not.toContain(VISITOR.email);
    expect(entries.filter((e) => e.action === 'change').every((e) => e.leadId === null && e.detail === null)).toBe(true);
    await adminContext.close();
    await memberContext.close();
  }, 180_000);
});
