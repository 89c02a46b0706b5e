/**
 * The team's lead page shows an applicant's CV and earlier applications (issue 35), in
 * Chromium with a passkey against the real service: the CV by name and size, a link to
 * TEAM_API.cv with a `download` attribute that serves the same bytes, and "Applied before"
 * with the earlier application's date and role, linking to it.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEADERS } from '../../contract/http.ts';
import { TEAM_API, TEAM_PAGES } from '../../contract/team.ts';
import { en } from '../../widgets/team/i18n/en.ts';
import { launchBrowser } from '../helpers/browser.ts';
import { pdfWithMarker, sha256 } from '../helpers/cv-files.ts';
import { VALID_CAREER } from '../helpers/fixtures.ts';
import { readDb } from '../helpers/server.ts';
import { acceptInvitation, invite, pageWithPasskeys, startTeamServer } from '../helpers/team.ts';

let server: Awaited<ReturnType<typeof startTeamServer>>;
let browser: Awaited<ReturnType<typeof launchBrowser>>;

beforeAll(async () => {
  server = await startTeamServer();
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Applies as a script would: the CV uploaded first (when given), then the spec's JSON naming it. */
async function apply(body: Record<string, string>, cv?: { name: string; bytes: Buffer }): Promise<number> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (cv) {
    const form = new FormData();
    form.append('resume', new Blob([new Uint8Array(cv.bytes)], { type: 'application/pdf' }), cv.name);
    const upload = await fetch(`${server.url}/uploadResume`, { method: 'POST', body: form });
    expect(upload.status).toBe(201);
    headers[HEADERS.cvUpload] = ((await upload.json()) as { upload: string }).upload;
  }
  const response = await fetch(`${server.url}/addQuery`, { method: 'POST', headers, body: JSON.stringify(body) });
  expect(response.status, await response.clone().text()).toBe(200);
  return readDb(server.dataDir, (db) => db.prepare('SELECT max(id) FROM leads').pluck().get()) as number;
}

const reference = (id: number) => readDb(server.dataDir, (db) => db.prepare('SELECT reference FROM leads WHERE id = ?').pluck().get(id)) as string;

describe('the team sees a CV and earlier applications', () => {
  it('shows the CV with a download link serving the same bytes, and "Applied before" linking to the earlier application', async () => {
    const email = 'twice.applied@example.in';
    const earlier = await apply({ ...VALID_CAREER, email, areaOfInterest: 'marketing-sales-intern' });
    const bytes = pdfWithMarker('MARKER-TEAM', 64 * 1024);
    const later = await apply({ ...VALID_CAREER, email, areaOfInterest: 'tech-intern' }, { name: 'Asha CV.pdf', bytes });

    const context = await browser.newContext();
    const page: Page = await pageWithPasskeys(context);
    await acceptInvitation(page, await invite('lead.cv@team.example', 'admin', { DATA_DIR: server.dataDir, TEAM_ORIGIN: server.origin }));
    await page.goto(`${server.origin}${TEAM_PAGES.lead(later)}`);

    const link = page.getByRole('link', { name: en.lead.cvDownload('Asha CV.pdf', '64 KB') });
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe(TEAM_API.cv(later));
    expect(await link.getAttribute('download')).toBe('Asha CV.pdf');
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    // The browser is the run's shared one, reached over a connection: the file comes as a stream, not a path.
    const chunks: Buffer[] = [];
    for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
    expect(sha256(Buffer.concat(chunks))).toBe(sha256(bytes));

    const before = page.getByRole('region', { name: en.lead.appliedBefore });
    await before.waitFor();
    const item = before.getByRole('listitem');
    expect(await item.count()).toBe(1);
    expect(await item.textContent()).toContain('Marketing & Sales Intern');
    const earlierLink = before.getByRole('link', { name: reference(earlier) });
    expect(await earlierLink.getAttribute('href')).toBe(TEAM_PAGES.lead(earlier));
    await earlierLink.click();
    await page.waitForURL((url) => url.pathname === TEAM_PAGES.lead(earlier));
    // The earlier application: no CV attached, and nothing applied before it.
    await page.getByText(en.lead.cvNone).waitFor();
    expect(await page.getByRole('region', { name: en.lead.appliedBefore }).count()).toBe(0);
    await context.close();
  }, 90_000);
});
