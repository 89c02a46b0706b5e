/**
 * Spam apart, and the team's links in what a lead sends, on the real service with a real
 * webhook receiver and a real SMTP server: a new lead's webhook and email link to its page in
 * /team/; a lead flagged as spam is delivered nowhere and sits in the spam list; "Not spam" in
 * Chromium delivers it by webhook and by email exactly once, and sends the person the
 * acknowledgement they did not get, even when a second tab asks again; an invitation is emailed when SMTP_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWebhookReceiver, webhookSecret } from '../../scripts/webhook-receiver.ts';
import { solvedHeader } from '../helpers/altcha.ts';
import { launchBrowser } from '../helpers/browser.ts';
import { validLead } from '../helpers/fixtures.ts';
import { outboxDrained } from '../helpers/outbox.ts';
import { postJson, readDb } from '../helpers/server.ts';
import { partOf, startSmtpSink } from '../helpers/smtp-sink.ts';
import { acceptInvitation, openMenu, pageWithPasskeys, startTeamServer, teamCli } from '../helpers/team.ts';

const secret = webhookSecret();
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let server: Awaited<ReturnType<typeof startTeamServer>>;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let env: Record<string, string>;

const waitFor = async (check: () => boolean, what: string, timeoutMs = 20_000) => {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
};
const mailsFor = (leadId: number) => smtp.messages.filter((m) => new RegExp(`^X-Lead-Id: ${leadId}\r?$`, 'im').test(m.raw));

beforeAll(async () => {
  receiver = await startWebhookReceiver(secret);
  smtp = await startSmtpSink();
  env = { WEBHOOK_URLS: receiver.url, WEBHOOK_SECRET: secret, SMTP_URL: smtp.url, NOTIFY_EMAIL_TO: 'sales@team.example', ALTCHA_MAX_NUMBER: '1000', DELIVERY_RETRY_BASE_MS: '200' };
  server = await startTeamServer(env);
  browser = await launchBrowser();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await receiver?.stop();
  await smtp?.stop();
});

describe('spam apart, and links to the worklist', { timeout: 180_000 }, () => {
  it("a new lead's webhook and email carry the link to its page in /team/", async () => {
    const res = await postJson(`${server.url}/addSocietyQuery`, validLead('society', { email: 'linked@example.in' }), { 'x-altcha': await solvedHeader(server.url) });
    expect(res.status).toBe(200);
    const id = readDb(server.dataDir, (db) => db.prepare("SELECT id FROM leads WHERE json_extract(fields, '$.email') = 'linked@example.in'").pluck().get()) as number;
    const link = `${server.origin}/team/leads/${id}`;
    await waitFor(() => receiver.acceptedPerId().get(`lead-${id}`) === 1 && mailsFor(id).length === 1, 'the deliveries');
    const hook = receiver.accepted.find((a) => a.id === `lead-${id}`)!;
    expect((hook.body.data as { teamUrl?: string }).teamUrl).toBe(link);
    const mail = mailsFor(id)[0]!.raw;
    expect(partOf(mail, 'text/plain')).toContain(`Worklist: ${link}`);
    expect(partOf(mail, 'text/html')).toContain(`<a href="${link}">Open it in the worklist</a>`);
  });

  it('"Not spam" delivers a flagged lead by webhook and email, and acknowledges it to the person, exactly once', async () => {
    // No proof of work: stored as spam, answered like any other, delivered nowhere.
    expect((await postJson(`${server.url}/addSocietyQuery`, validLead('society', { name: 'Jaspreet Gill', email: 'jaspreet@example.in' }))).status).toBe(200);
    const id = readDb(server.dataDir, (db) => db.prepare("SELECT id FROM leads WHERE json_extract(fields, '$.email') = 'jaspreet@example.in'").pluck().get()) as number;
    expect(readDb(server.dataDir, (db) => db.prepare('SELECT spam_reason FROM leads WHERE id = ?').pluck().get(id))).toBe('no-solution');

    const { stdout } = await teamCli(['--invite', 'sales@team.example', '--role', 'member'], { ...env, DATA_DIR: server.dataDir, TEAM_ORIGIN: server.origin });
    expect(stdout).toContain('emailed to sales@team.example');
    const invitation = smtp.messages.find((m) => m.to.includes('sales@team.example') && m.raw.includes('/team/invite#'))!;
    const link = /http:\/\/localhost:\d+\/team\/invite#[A-Za-z0-9_-]+/.exec(partOf(invitation.raw, 'text/plain')!)![0];
    expect(stdout).toContain(link);

    const context = await browser.newContext();
    const page = await pageWithPasskeys(context);
    await acceptInvitation(page, link);
    expect(await page.locator('[data-lead-id]').filter({ hasText: 'Jaspreet Gill' }).count()).toBe(0);
    await openMenu(page);
    await page.getByRole('link', { name: 'Spam' }).click();
    await page.getByRole('heading', { level: 1, name: 'Spam' }).waitFor();
    await page.locator('[data-lead-id]').filter({ hasText: 'Jaspreet Gill' }).getByRole('link', { name: 'Jaspreet Gill' }).click();
    await page.getByRole('heading', { level: 2, name: 'Flagged as spam' }).waitFor();
    expect(await page.getByText('Not sent anywhere').count()).toBe(1);

    const second = await context.newPage();
    await second.goto(`${server.origin}/team/leads/${id}`);
    await second.getByRole('button', { name: 'Not spam', exact: true }).waitFor();

    await page.getByRole('button', { name: 'Not spam', exact: true }).click();
    // The two places new leads go (the webhook and the team's email), and the person's acknowledgement: said as it is.
    const said = page.getByRole('status').filter({ hasText: 'Taken out of spam' });
    await said.waitFor();
    expect(await said.textContent()).toBe(
      'Taken out of spam: it is in the worklist now. It goes on once to the 2 places new leads go to. The person will get the usual email saying we received their request.',
    );
    await second.getByRole('button', { name: 'Not spam', exact: true }).click();
    await second.getByRole('alert').filter({ hasText: 'Someone else changed this lead' }).waitFor();

    const acknowledgements = () => smtp.messages.filter((m) => m.to.includes('jaspreet@example.in'));
    await waitFor(() => receiver.acceptedPerId().get(`lead-${id}`) === 1 && mailsFor(id).length === 1 && acknowledgements().length === 1, 'one webhook, one email, one acknowledgement');
    // Nothing pending any more, and a delivered row is never sent again: these counts are final.
    await outboxDrained(server.dataDir);
    expect(receiver.acceptedPerId().get(`lead-${id}`)).toBe(1);
    expect(mailsFor(id)).toHaveLength(1);
    expect(acknowledgements()).toHaveLength(1);
    const reference = readDb(server.dataDir, (db) => db.prepare('SELECT reference FROM leads WHERE id = ?').pluck().get(id)) as string;
    expect(partOf(acknowledgements()[0]!.raw, 'text/plain')).toContain(`Your reference: ${reference}`);
    await page.reload();
    await page.getByRole('heading', { level: 3, name: 'Deliveries' }).waitFor();
    expect(await page.getByText(/: delivered, 1 attempt/).count()).toBe(3);
    await page.goto(`${server.origin}/team/`);
    await page.locator('[data-lead-id]').filter({ hasText: 'Jaspreet Gill' }).waitFor();
    await context.close();
  });
});
