/**
 * What the team's side refuses, on the built site and the real service (SQLite), with
 * passkeys in Chromium: signed out, the page offers sign-in and what it serves holds no lead
 * data; an invitation used twice or after 24 hours; a removed member's session, at once; a
 * client after 20 failed sign-ins (429). The session cookie's flags, and two tabs changing one
 * lead: the second is told (409) and the first change stays. What the service refuses without
 * a browser (signed-out API calls, cross-origin requests, used and expired invitations, too many
 * sign-in challenges) and the page's headers: team-guards.unit.test.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEAM_API } from '../../contract/team.ts';
import { launchBrowser } from '../helpers/browser.ts';
import { VALID_CAREER, validLead } from '../helpers/fixtures.ts';
import { distDir, postJson, readDb } from '../helpers/server.ts';
import { outboxDrained } from '../helpers/outbox.ts';
import { decodeWords, headersOf, startSmtpSink } from '../helpers/smtp-sink.ts';
import { EMAIL_TEXTS } from '../../contract/messages/index.ts';
import { acceptInvitation, invite, openMenu, pageWithPasskeys, sessionCookie, signOut, startTeamServer, teamCli, teamFetch } from '../helpers/team.ts';

let server: Awaited<ReturnType<typeof startTeamServer>>;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let cliEnv: Record<string, string>;
const LEAD = { name: 'Kavita Deshpande', email: 'kavita.deshpande@example.in', phone: '+91 99887 76655', societyName: 'Sunrise Heights', city: 'Nagpur', position: '' };

beforeAll(async () => {
  server = await startTeamServer({ SPAM_CHALLENGE: 'off' });
  cliEnv = { DATA_DIR: server.dataDir, TEAM_ORIGIN: server.origin };
  browser = await launchBrowser();
  expect((await postJson(`${server.url}/addSocietyQuery`, validLead('society', LEAD))).status).toBe(200);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const leadId = () => readDb(server.dataDir, (db) => db.prepare("SELECT id FROM leads WHERE json_extract(fields, '$.email') = ?").pluck().get(LEAD.email)) as number;

/** A member signed in through the browser: their page and session cookie. */
async function signedInMember(email: string, role: 'admin' | 'member' = 'member') {
  const context = await browser.newContext();
  const page = await pageWithPasskeys(context);
  await acceptInvitation(page, await invite(email, role, cliEnv));
  return { context, page, cookie: await sessionCookie(context, server.origin) };
}

describe('signed out', { timeout: 180_000 }, () => {
  it('the page offers sign-in, and its HTML, scripts and styles hold no lead data', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const served: string[] = [];
    page.on('response', async (res) => {
      if (new URL(res.url()).pathname.startsWith('/team')) served.push(await res.text().catch(() => ''));
    });
    await page.goto(`${server.origin}/team/leads/${leadId()}`);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Sign in to the worklist');
    expect(served.length).toBeGreaterThanOrEqual(3); // the page, its script and its styles, and the API's 401
    for (const text of served) for (const value of [LEAD.name, LEAD.email, '99887', LEAD.societyName]) expect(text).not.toContain(value);
    // What the built app holds, file by file.
    for (const file of fs.readdirSync(path.join(distDir, 'team'), { recursive: true }) as string[]) {
      const full = path.join(distDir, 'team', file);
      if (fs.statSync(full).isFile() && !/\.(br|gz)$/.test(file)) expect(fs.readFileSync(full, 'utf8')).not.toContain(LEAD.email);
    }
    await context.close();
  });

});

describe('refused', { timeout: 180_000 }, () => {
  it('an invitation link used twice, or after 24 hours', async () => {
    const link = await invite('twice@team.example', 'member', cliEnv);
    const first = await browser.newContext();
    await acceptInvitation(await pageWithPasskeys(first), link);
    await first.close();
    const again = await browser.newContext();
    const page = await pageWithPasskeys(again);
    await page.goto(link);
    await page.getByRole('alert').filter({ hasText: 'This invitation has been used already.' }).waitFor();
    expect(await page.getByRole('button', { name: 'Register a passkey' }).count()).toBe(0);

    // An invitation lives 24 hours: one made 24 hours and a second ago no longer works.
    const late = await invite('late@team.example', 'member', cliEnv);
    const lifetime = readDb(server.dataDir, (db) =>
      db.prepare("SELECT i.expires_at - i.created_at FROM team_invitations i JOIN team_members m ON m.id = i.member_id WHERE m.email = 'late@team.example'").pluck().get(),
    );
    expect(lifetime).toBe(24 * 60 * 60 * 1000);
    const Database = (await import('better-sqlite3')).default;
    const db = new Database(path.join(server.dataDir, 'leads.db'));
    db.prepare("UPDATE team_invitations SET created_at = created_at - 86401000, expires_at = expires_at - 86401000 WHERE member_id = (SELECT id FROM team_members WHERE email = 'late@team.example')").run();
    db.close();
    await page.goto(late);
    await page.getByRole('alert').filter({ hasText: 'This invitation has expired' }).waitFor();
    await again.close();
  });

  it('the session of a removed member, at once', async () => {
    const { context, page, cookie } = await signedInMember('leaving@team.example');
    expect((await teamFetch(`${server.url}${TEAM_API.me}`, { cookie })).status).toBe(200);
    const removed = await teamCli(['--remove', 'leaving@team.example'], cliEnv);
    expect(removed.stdout).toContain('leaving@team.example removed');
    expect((await teamFetch(`${server.url}${TEAM_API.me}`, { cookie })).status).toBe(401);
    expect((await teamFetch(`${server.url}${TEAM_API.leads}`, { cookie })).status).toBe(401);
    // The open page: its next request meets the ended session, and it offers sign-in, which the passkey no longer opens.
    await openMenu(page);
    await page.getByRole('link', { name: 'Spam' }).click();
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await page.getByRole('alert').waitFor();
    expect((await teamFetch(`${server.url}${TEAM_API.me}`, { cookie: await sessionCookie(context, server.origin).catch(() => '') })).status).toBe(401);
    const list = await teamCli(['--list'], cliEnv);
    expect(list.stdout).toMatch(/leaving@team\.example\s+member\s+0\s.*removed/);
    await context.close();
  });
});

describe('the session cookie', { timeout: 180_000 }, () => {
  it('is __Host-, HttpOnly, Secure, SameSite=Strict, for the whole origin and no other host, for 7 days at most', async () => {
    const context = await browser.newContext();
    const page = await pageWithPasskeys(context);
    const link = await invite('cookie@team.example', 'member', cliEnv);
    const registered = page.waitForResponse((res) => res.url().endsWith(TEAM_API.invitationRegister));
    await acceptInvitation(page, link);
    const setCookie = (await (await registered).allHeaders())['set-cookie'] ?? '';
    const attributes = setCookie.split(';').map((a) => a.trim());
    expect(attributes[0]).toMatch(/^__Host-team-session=[A-Za-z0-9_-]{43}$/);
    expect(attributes.slice(1).sort()).toEqual(['HttpOnly', 'Max-Age=604800', 'Path=/', 'SameSite=Strict', 'Secure']);
    const [cookie] = (await context.cookies(server.origin)).filter((c) => c.name === '__Host-team-session');
    expect(cookie).toMatchObject({ domain: 'localhost', path: '/', httpOnly: true, secure: true, sameSite: 'Strict' });
    expect(await page.evaluate(() => document.cookie)).toBe('');
    // The database keeps only its hash.
    const value = attributes[0]!.split('=')[1]!;
    expect(readDb(server.dataDir, (db) => db.prepare('SELECT COUNT(*) FROM team_sessions WHERE id_hash = ?').pluck().get(value))).toBe(0);
    // Sign-out ends it.
    const cookieHeader = await sessionCookie(context, server.origin);
    await signOut(page);
    expect((await teamFetch(`${server.url}${TEAM_API.me}`, { cookie: cookieHeader })).status).toBe(401);
    await context.close();
  });
});

describe('two tabs change one lead', { timeout: 180_000 }, () => {
  it('the second gets 409 and a message, and the first change stays', async () => {
    const id = leadId();
    const { context, page: first } = await signedInMember('tabs@team.example');
    const second = await context.newPage();
    for (const tab of [first, second]) {
      await tab.goto(`${server.origin}/team/leads/${id}`);
      await tab.getByRole('heading', { level: 1, name: LEAD.name }).waitFor();
    }
    await first.getByRole('radio', { name: 'Demo booked' }).check();
    await first.getByRole('button', { name: 'Save', exact: true }).click();
    await first.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();

    const refused = second.waitForResponse((res) => res.url().endsWith(TEAM_API.lead(id)) && res.request().method() === 'PATCH');
    await second.getByRole('radio', { name: 'Not a fit' }).check();
    await second.getByLabel('Note', { exact: true }).fill('Not interested, they said.');
    await second.getByRole('button', { name: 'Save', exact: true }).click();
    expect((await refused).status()).toBe(409);
    const alert = second.getByRole('alert').filter({ hasText: 'Someone else changed this lead after you opened it.' });
    await alert.waitFor();
    expect(await alert.textContent()).toContain('tabs@team.example changed this lead at');
    // The form shows the change that stays, and keeps what was typed.
    expect(await second.getByRole('radio', { name: 'Demo booked' }).isChecked()).toBe(true);
    expect(await second.getByLabel('Note', { exact: true }).inputValue()).toBe('Not interested, they said.');
    expect(readDb(server.dataDir, (db) => db.prepare('SELECT status FROM leads WHERE id = ?').pluck().get(id))).toBe('demo booked');
    expect(readDb(server.dataDir, (db) => db.prepare("SELECT COUNT(*) FROM lead_notes WHERE text LIKE 'Not interested%'").pluck().get())).toBe(0);
    await context.close();
  });
});

describe('an application moved to an outcome', { timeout: 180_000 }, () => {
  it('offers to email the applicant, and asks the service only when the member confirms', async () => {
    expect((await postJson(`${server.url}/addQuery`, validLead('career', { email: 'applicant@example.in' }))).status).toBe(200);
    const id = readDb(server.dataDir, (db) => db.prepare("SELECT id FROM leads WHERE json_extract(fields, '$.email') = 'applicant@example.in'").pluck().get()) as number;
    const { context, page } = await signedInMember('hiring@team.example');
    const asked: string[] = [];
    page.on('request', (req) => {
      if (req.url().endsWith('/outcome-email')) asked.push(req.postData() ?? '');
    });
    await page.goto(`${server.origin}/team/leads/${id}`);
    await page.getByRole('heading', { level: 1, name: VALID_CAREER.name }).waitFor();
    await page.getByRole('radio', { name: 'Offer' }).check();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const ask = page.getByRole('group', { name: 'Email the applicant about this outcome (Offer)?' });
    await ask.waitFor();
    expect(asked).toEqual([]);
    await ask.getByRole('button', { name: 'Do not send' }).click();
    expect(await ask.count()).toBe(0);
    expect(asked).toEqual([]);

    await page.getByRole('radio', { name: 'Not selected' }).check();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('group', { name: 'Email the applicant about this outcome (Not selected)?' }).getByRole('button', { name: 'Send the email' }).click();
    // This service has no SMTP_URL: it says so and sends nothing.
    await page.getByRole('alert').filter({ hasText: 'Emails to applicants are off on this service' }).waitFor();
    expect(asked).toEqual([JSON.stringify({ outcome: 'not selected' })]);
    await context.close();
  });

  it('with an email server, the applicant gets the outcome in their form\'s language once; a second confirm is told it was sent', async () => {
    const sink = await startSmtpSink();
    const own = await startTeamServer({ SPAM_CHALLENGE: 'off', SMTP_URL: sink.url, NOTIFY_EMAIL_TO: 'hiring@team.example', ACK_EMAILS: 'off' });
    try {
      const applicant = 'offer-applicant@example.in';
      expect((await postJson(`${own.url}/addQuery`, validLead('career', { email: applicant }), { 'Content-Language': 'hi' })).status).toBe(200);
      const id = readDb(own.dataDir, (db) => db.prepare("SELECT id FROM leads WHERE json_extract(fields, '$.email') = ?").pluck().get(applicant)) as number;
      const context = await browser.newContext();
      const page = await pageWithPasskeys(context);
      await acceptInvitation(page, await invite('lead@team.example', 'member', { DATA_DIR: own.dataDir, TEAM_ORIGIN: own.origin }));
      await page.goto(`${own.origin}/team/leads/${id}`);
      await page.getByRole('heading', { level: 1, name: VALID_CAREER.name }).waitFor();
      await page.getByRole('radio', { name: 'Offer' }).check();
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByRole('group', { name: 'Email the applicant about this outcome (Offer)?' }).getByRole('button', { name: 'Send the email' }).click();
      await expect.poll(() => sink.to(applicant).length, { timeout: 30_000 }).toBe(1);
      const subject = decodeWords(headersOf(sink.to(applicant)[0]!.raw).get('subject')![0]!);
      const reference = readDb(own.dataDir, (db) => db.prepare('SELECT reference FROM leads WHERE id = ?').pluck().get(id)) as string;
      expect(subject).toBe(EMAIL_TEXTS.hi.outcome.subject.offer(reference));
      // The audit log names the act; a second confirm is refused with a reason, and nothing more is sent.
      expect(readDb(own.dataDir, (db) => db.prepare("SELECT COUNT(*) FROM team_audit WHERE action = 'outcome-email' AND lead_id = ?").pluck().get(id))).toBe(1);
      const again = await teamFetch(`${own.url}${TEAM_API.outcomeEmail(id)}`, { origin: own.origin, cookie: await sessionCookie(context, own.origin), body: { outcome: 'offer' } });
      expect([again.status, ((await again.json()) as { code: string }).code]).toEqual([409, 'outcome-email-sent']);
      await outboxDrained(own.dataDir);
      expect(sink.to(applicant)).toHaveLength(1);
      await context.close();
    } finally {
      await own.stop();
      await sink.stop();
    }
  });
});

describe('sign-in attempts', { timeout: 180_000 }, () => {
  it('20 failed sign-ins from one client get 429, and then even a good passkey waits', async () => {
    const own = await startTeamServer({ SPAM_CHALLENGE: 'off' });
    try {
      const env = { DATA_DIR: own.dataDir, TEAM_ORIGIN: own.origin };
      const context = await browser.newContext();
      const page = await pageWithPasskeys(context);
      await acceptInvitation(page, await invite('patient@team.example', 'member', env));
      await signOut(page);
      const forged = { challengeId: 'none', response: { id: 'AAAA', rawId: 'AAAA', type: 'public-key', response: {} } };
      for (let i = 1; i <= 20; i++) {
        const res = await teamFetch(`${own.url}${TEAM_API.signIn}`, { origin: own.origin, body: forged });
        expect(res.status, `attempt ${i}`).toBe(401);
      }
      const refused = await teamFetch(`${own.url}${TEAM_API.signIn}`, { origin: own.origin, body: forged });
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toBe('900');
      expect(((await refused.json()) as { code: string }).code).toBe('too-many-attempts');
      await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
      await page.getByRole('alert').filter({ hasText: 'Too many failed sign-ins from here.' }).waitFor();
      // What is kept of the client is a hash, never its address.
      const keys = readDb(own.dataDir, (db) => db.prepare('SELECT client_key, failures FROM team_sign_in_failures').all()) as { client_key: string; failures: number }[];
      expect(keys).toHaveLength(1);
      expect(keys[0]!.failures).toBe(20);
      expect(keys[0]!.client_key).not.toContain('127.0.0.1');
      await context.close();
    } finally {
      await own.stop();
    }
  });

});
