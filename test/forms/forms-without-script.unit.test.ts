/**
 * Both forms' posts without script, at the service (the browser's side:
 * forms-without-script.e2e.test.ts): a filled honeypot is answered like any lead, stored as
 * spam and never delivered; a post without the honeypot (not our form) is spam too; the
 * team's email says a lead came without proof of work; past its hourly allowance a connection
 * gets its form back (429) with its values, nothing stored; a busy database gives the form
 * back with the spec's failure text and every value; the framed answer pages may be framed by
 * any site, the others by none, and a confirmation links back only to a page of the site.
 */
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTICE_VERSION } from '../../contract/collection-notice.ts';
import { MESSAGES } from '../../contract/messages/en.ts';
import { WITHOUT_PROOF_NOTE } from '../../server/delivery/email.ts';
import { en } from '../../widgets/i18n/en.ts';
import { formValues } from '../helpers/fixtures.ts';
import { readDb, startServer } from '../helpers/server.ts';
import { startSmtpSink } from '../helpers/smtp-sink.ts';
import { startWebhookReceiver, webhookSecret } from '../../scripts/webhook-receiver.ts';

const secret = webhookSecret();
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let site: Awaited<ReturnType<typeof startServer>>;

beforeAll(async () => {
  receiver = await startWebhookReceiver(secret);
  smtp = await startSmtpSink();
  site = await startServer({
    site: true,
    env: { WEBHOOK_URLS: receiver.url, WEBHOOK_SECRET: secret, SMTP_URL: smtp.url, NOTIFY_EMAIL_TO: 'sales@societydesk.example' },
  });
});
afterAll(async () => {
  await site?.stop();
  await smtp?.stop();
  await receiver?.stop();
});

interface StoredRow {
  id: number;
  spam_reason: string | null;
  without_proof: number;
}

const leadsWith = (dataDir: string, email: string): StoredRow[] =>
  readDb(dataDir, (db) => db.prepare("SELECT id, spam_reason, without_proof FROM leads WHERE json_extract(fields, '$.email') = ? ORDER BY id").all(email) as StoredRow[]);

const deliveriesOf = (dataDir: string, leadId: number): number =>
  readDb(dataDir, (db) => db.prepare('SELECT COUNT(*) FROM deliveries WHERE lead_id = ?').pluck().get(leadId) as number);

describe('spam without script', () => {
  it('a filled honeypot: answered like any other, stored as spam, never delivered', async () => {
    const email = 'bot@example.in';
    const res = await fetch(`${site.url}/addSocietyQuery`, {
      method: 'POST',
      redirect: 'manual',
      body: new URLSearchParams({ ...formValues('society', { email }), lang: 'en', notice: NOTICE_VERSION, website: 'http://cheap-pills.example' }),
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toMatch(/^\/registration-received\?reference=SD-[0-9A-Z]{4}-[0-9A-Z]{4}$/); // answered like any other: a reference too
    const [lead] = leadsWith(site.dataDir, email);
    expect(lead).toMatchObject({ spam_reason: 'honeypot', without_proof: 0 });
    expect(deliveriesOf(site.dataDir, lead!.id), 'nothing queued for it').toBe(0);
  });

  it('a post without the honeypot (not our form): spam, as any post without proof of work is', async () => {
    const email = 'script@example.in';
    const res = await fetch(`${site.url}/addSocietyQuery`, { method: 'POST', redirect: 'manual', body: new URLSearchParams(formValues('society', { email })) });
    expect(res.status).toBe(303);
    const [lead] = leadsWith(site.dataDir, email);
    expect(lead).toMatchObject({ spam_reason: 'no-solution', without_proof: 0 });
    expect(deliveriesOf(site.dataDir, lead!.id)).toBe(0);
  });

  it('the email says a lead came without proof of work', async () => {
    const email = 'mailed@example.in';
    const res = await fetch(`${site.url}/addSocietyQuery`, { method: 'POST', redirect: 'manual', body: new URLSearchParams({ ...formValues('society', { email }), lang: 'en', website: '' }) });
    expect(res.status).toBe(303);
    await expect.poll(() => smtp.messages.find((m) => m.raw.includes(email))?.raw.replace(/=\r?\n/g, '').replace(/\r?\n/g, ' ') ?? '', { timeout: 20_000 }).toContain(WITHOUT_PROOF_NOTE);
  });

  it('past its hourly allowance a connection gets its form back (429), values kept, nothing stored', async () => {
    const strict = await startServer({ site: true, env: { WITHOUT_PROOF_RATE_LIMIT_MAX: '1' } });
    try {
      const post = (email: string) =>
        fetch(`${strict.url}/addSocietyQuery`, { method: 'POST', redirect: 'manual', body: new URLSearchParams({ ...formValues('society', { email }), lang: 'en', website: '' }) });
      expect((await post('first@example.in')).status).toBe(303);
      const second = await post('second@example.in');
      expect(second.status).toBe(429);
      const html = await second.text();
      expect(html).toContain(MESSAGES.tooManyWithoutProof);
      expect(html).toContain('value="second@example.in"');
      expect(leadsWith(strict.dataDir, 'second@example.in')).toEqual([]);
    } finally {
      await strict.stop();
    }
  });
});

describe('the service failing', () => {
  it("gives the form back with the spec's failure text and every value", async () => {
    const failing = await startServer({ site: true, env: { DB_BUSY_TIMEOUT_MS: '200' } });
    const holder = new Database(path.join(failing.dataDir, 'leads.db'));
    try {
      holder.exec('BEGIN IMMEDIATE');
      const sent = { ...formValues('society', { email: 'busy@example.in' }), lang: 'en', website: '' };
      const res = await fetch(`${failing.url}/addSocietyQuery`, { method: 'POST', redirect: 'manual', body: new URLSearchParams(sent) });
      expect(res.status).toBe(503);
      const html = await res.text();
      expect(html).toContain(`<h2 class="error-summary__title">${en.society.failureTitle}</h2><p class="error-summary__message">${MESSAGES.unavailable}</p>`);
      expect(html).toContain('value="busy@example.in"');
      expect(html).toContain(`value="${sent.societyName}"`);
    } finally {
      holder.exec('ROLLBACK');
      holder.close();
      await failing.stop();
    }
  });
});

describe('the answer pages', () => {
  it('the framed answers may be framed by any site; the others by none', async () => {
    const get = (url: string) => site.app.inject({ url });
    const framed = await get(`/registration-received?from=${encodeURIComponent('/embed/frame')}`);
    expect(framed.headers['content-security-policy']).toContain('frame-ancestors *');
    expect(framed.headers['x-frame-options']).toBe(undefined);
    const own = await get('/registration-received?from=%2Fregister');
    expect(own.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(own.headers['x-frame-options']).toBe('DENY');
    const elsewhere = await get(`/registration-received?from=${encodeURIComponent('https://evil.example/')}&reference=${encodeURIComponent('<b>x</b>')}`);
    const html = elsewhere.body;
    expect(html, 'a way back only to a page of the site').toContain('href="/register"');
    expect(html).not.toContain('evil.example');
    expect(html).not.toContain('<b>x</b>');
  });
});
