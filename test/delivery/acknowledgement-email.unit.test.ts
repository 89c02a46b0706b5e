/**
 * The emails to the person who sent a form: the suite of acknowledgement-email.unit.suite.ts
 * on SQLite (PostgreSQL: acknowledgement-email-postgres.unit.test.ts); and, on SQLite alone,
 * acknowledgements switched off or without email, header injection, the acknowledged
 * addresses' 24 hours (a test clock), and the configuration.
 */
import nodemailer from 'nodemailer';
import { describe, expect, it } from 'vitest';
import { REFERENCE_PATTERN } from '../../contract/lead-reference.ts';
import { loadServerConfig } from '../../server/config.ts';
import { createWriteBatcher, openDatabase } from '../../server/store/sqlite.ts';
import { createPersonEmailPolicy } from '../../server/delivery/acknowledgement.ts';
import type { LeadEvent } from '../../server/delivery/lead-event.ts';
import { createOutbox } from '../../server/delivery/outbox.ts';
import { acknowledgementEmail, outcomeEmail } from '../../server/delivery/person-email.ts';
import { createLeadStore } from '../../server/intake/leads.ts';
import { eraseLeads } from '../../server/intake/personal-data.ts';
import { VALID_CAREER, VALID_SOCIETY } from '../helpers/fixtures.ts';
import { countRows, postJson, readDb, startServer, tempDir } from '../helpers/server.ts';
import { decodeWords, headersOf, partOf, startSmtpSink } from '../helpers/smtp-sink.ts';
import { outboxDrained } from '../helpers/outbox.ts';
import { CONTACT, personEmailSuite, TEAM, waitFor, type Answer } from './acknowledgement-email.unit.suite.ts';

personEmailSuite('sqlite');

describe('acknowledgements: switched off, or no email at all', () => {
  it('ACK_EMAILS=off: the team’s email still goes, no acknowledgement is queued', async () => {
    const sink = await startSmtpSink();
    const server = await startServer({ env: { SMTP_URL: sink.url, NOTIFY_EMAIL_TO: TEAM, SPAM_CHALLENGE: 'off', ACK_EMAILS: 'off' } });
    try {
      const res = await postJson(`${server.url}/addSocietyQuery`, { ...VALID_SOCIETY, email: 'off@example.in' });
      const { reference } = (await res.json()) as Answer;
      await waitFor(() => sink.to(TEAM).length === 1);
      await outboxDrained(server.dataDir);
      expect(sink.to('off@example.in')).toEqual([]);
      expect(partOf(sink.to(TEAM)[0]!.raw, 'text/plain')).toContain(`Reference: ${reference}`);
      expect(readDb(server.dataDir, (db) => db.prepare('SELECT target FROM deliveries').pluck().all())).toEqual(['email']);
      expect(readDb(server.dataDir, (db) => db.prepare('SELECT COUNT(*) FROM acknowledged_addresses').pluck().get())).toBe(0);
    } finally {
      await server.stop();
      await sink.stop();
    }
  });

  it('without SMTP_URL nothing is written to anyone, and the answer still carries the reference', async () => {
    const server = await startServer({ env: { SPAM_CHALLENGE: 'off' } });
    try {
      const res = await postJson(`${server.url}/addSocietyQuery`, { ...VALID_SOCIETY, email: 'nosmtp@example.in' });
      expect(((await res.json()) as Answer).reference).toMatch(REFERENCE_PATTERN);
      expect(countRows(server.dataDir, 'deliveries')).toBe(0);
      expect(readDb(server.dataDir, (db) => db.prepare('SELECT COUNT(*) FROM acknowledged_addresses').pluck().get())).toBe(0);
    } finally {
      await server.stop();
    }
  });
});

describe('acknowledgements: header injection', () => {
  const SEPARATORS = ['\r\n', '\n', '\r', '\u2028', '\u2029'];

  it('line and paragraph separators in a name or a society inject no header, and the Subject carries none', async () => {
    const sink = await startSmtpSink();
    const server = await startServer({ env: { SMTP_URL: sink.url, NOTIFY_EMAIL_TO: TEAM, SPAM_CHALLENGE: 'off' } });
    try {
      // CR and LF are refused by the contract (control characters): nothing is stored.
      for (const name of ['Eve\r\nBcc: leak@evil.example', 'Eve\nBcc: leak@evil.example']) {
        const refused = await postJson(`${server.url}/addSocietyQuery`, { ...VALID_SOCIETY, name, email: 'eve@example.in' });
        expect(refused.status).toBe(400);
      }
      expect(countRows(server.dataDir, 'leads')).toBe(0);
      // U+2028 and U+2029 are text the contract takes: they reach the email, and stay text.
      const res = await postJson(`${server.url}/addSocietyQuery`, {
        ...VALID_SOCIETY,
        name: 'Eve\u2028Bcc: leak@evil.example\u2029Subject: hijacked',
        email: 'eve@example.in',
        societyName: 'Towers\u2028To: leak@evil.example\u2029X-Injected: yes',
      });
      expect(res.status).toBe(200);
      const { reference } = (await res.json()) as Answer;
      await waitFor(() => sink.to('eve@example.in').length === 1 && sink.to(TEAM).length === 1);
      await outboxDrained(server.dataDir);
      expect(sink.messages.flatMap((m) => m.to)).not.toContain('leak@evil.example');
      for (const mail of [sink.to('eve@example.in')[0]!, sink.to(TEAM)[0]!]) {
        const headerBlock = mail.raw.split(/\r?\n\r?\n/, 1)[0]!;
        expect(headerBlock).not.toMatch(/^(bcc|cc|x-injected):/im);
        expect(headerBlock.match(/^subject:/gim)).toHaveLength(1);
        expect(headerBlock.match(/^to:/gim)).toHaveLength(1);
        const subject = decodeWords(headersOf(mail.raw).get('subject')![0]!);
        for (const separator of SEPARATORS) expect(subject).not.toContain(separator);
        const to = decodeWords(headersOf(mail.raw).get('to')![0]!);
        for (const separator of SEPARATORS) expect(to).not.toContain(separator);
      }
      const ack = sink.to('eve@example.in')[0]!;
      expect(decodeWords(headersOf(ack.raw).get('subject')![0]!)).toBe(`Your society registration: reference ${reference}`);
      expect(decodeWords(headersOf(ack.raw).get('to')![0]!)).toBe('eve@example.in'); // the acknowledgement names no one
    } finally {
      await server.stop();
      await sink.stop();
    }
  });

  it('a stored value with CR/LF (older rules, another path) is flattened in every header the email builders write', async () => {
    const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
    const event: LeadEvent = {
      id: 7,
      reference: 'SD-4K7Q-2M9X',
      kind: 'career',
      language: 'en',
      createdAt: '2026-11-26T10:00:00.000Z',
      source: { origin: null, partner: null, page: null, campaign: { utm_source: null, utm_medium: null, utm_campaign: null, ref: null } },
      withoutProofOfWork: false,
      fields: { ...VALID_CAREER, name: 'Eve\r\nBcc: leak@evil.example\r\n\r\nbody', email: 'eve@example.in' },
    };
    const settings = { smtpUrl: 'smtp://unused', ...loadServerConfig({ SMTP_URL: 'smtp://x', NOTIFY_EMAIL_TO: TEAM }).personEmail! };
    const ack = await transport.sendMail(acknowledgementEmail(event, settings));
    expect(decodeWords(headersOf((ack.message as Buffer).toString('utf8')).get('to')![0]!)).toBe('eve@example.in');
    expect((ack.message as Buffer).toString('utf8')).not.toContain('leak@evil.example');
    for (const message of [outcomeEmail(event, 'offer', settings), outcomeEmail(event, 'not-selected', settings)]) {
      const info = await transport.sendMail(message);
      expect(info.envelope.to).toEqual(['eve@example.in']);
      const raw = (info.message as Buffer).toString('utf8');
      const headerBlock = raw.split(/\r?\n\r?\n/, 1)[0]!;
      expect(headerBlock).not.toMatch(/^bcc:/im);
      expect(decodeWords(headersOf(raw).get('to')![0]!)).toBe('"Eve Bcc: leak@evil.example body" <eve@example.in>');
      expect(headersOf(raw).get('auto-submitted')).toEqual(['auto-generated']);
      expect(headersOf(raw).get('reply-to')).toEqual([CONTACT]);
      expect(partOf(raw, 'text/plain')).toContain('Hello Eve Bcc: leak@evil.example body,');
      expect(partOf(raw, 'text/html')).toBeDefined();
    }
  });
});

describe('acknowledged addresses: kept 24 hours, erased with their lead', () => {
  it('are deleted once older than 24 hours, and a day later the address is acknowledged again', async () => {
    let clock = Date.parse('2026-11-26T10:00:00Z');
    const db = openDatabase(tempDir());
    const outbox = createOutbox(db);
    const people = createPersonEmailPolicy('a-secret-of-the-service', true, { perHour: 10, perDay: 500 });
    const store = createLeadStore(db, createWriteBatcher(db), { outbox, targets: ['email'], people }, () => clock);
    const source = { origin: null, partner: null, noticeVersion: null, campaign: {}, page: null, language: 'en' as const, network: '203.0.113.1' };
    const save = (i: number) => store.save('society', { ...VALID_SOCIETY, email: 'same@example.in', societyName: `Tower ${i}` }, source, { spam: null, solution: null });
    const targets = () => db.prepare('SELECT lead_id, target FROM deliveries ORDER BY id').all();

    await save(1);
    clock += 23 * 3_600_000;
    await save(2);
    expect(await store.forgetAcknowledgedAddresses()).toBe(0);
    clock += 2 * 3_600_000; // 25 hours after the first
    expect(await store.forgetAcknowledgedAddresses()).toBe(1);
    await save(3);
    expect(targets()).toEqual([
      { lead_id: 1, target: 'email' },
      { lead_id: 1, target: 'acknowledgement' },
      { lead_id: 2, target: 'email' },
      { lead_id: 3, target: 'email' },
      { lead_id: 3, target: 'acknowledgement' },
    ]);
    const row = db.prepare('SELECT * FROM acknowledged_addresses').get() as { address_hash: string; lead_id: number };
    expect(row.lead_id).toBe(3);
    expect(row.address_hash).toBe(people.addressKey('SAME@example.in'));
    expect(row.address_hash).not.toContain('same');
    expect(createPersonEmailPolicy('another-secret', true, { perHour: 10, perDay: 500 }).addressKey('same@example.in')).not.toBe(row.address_hash);
    // Erasing the lead erases the row (it refers to the lead, as every row erasure covers does).
    db.transaction(() => eraseLeads(db, [3], 'request', clock))();
    expect(db.prepare('SELECT COUNT(*) FROM acknowledged_addresses').pluck().get()).toBe(0);
    db.close();
  });

  it('an address that cannot take an email as one mailbox is never acknowledged', () => {
    const people = createPersonEmailPolicy('a-secret-of-the-service', true, { perHour: 10, perDay: 500 });
    for (const address of ['a,b@example.in', '"a"@example.in', 'a b@example.in', 'a@b', '']) expect(people.addressKey(address), address).toBeUndefined();
    expect(people.addressKey('a.b+c@example.co.in')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});

describe('acknowledgements: configuration', () => {
  it('come from NOTIFY_EMAIL_FROM’s address under SITE_NAME, with the site’s contact, privacy link and Grievance Officer; ACK_EMAILS is on or off', () => {
    const config = loadServerConfig({
      SMTP_URL: 'smtp://smtp.example:587',
      NOTIFY_EMAIL_TO: TEAM,
      NOTIFY_EMAIL_FROM: 'RWA Desk leads <leads@rwadesk.example>',
      SITE_NAME: 'RWA Desk',
      SITE_URL: 'https://rwadesk.example/',
      CONTACT_EMAIL: 'care@rwadesk.example',
      GRIEVANCE_OFFICER_NAME: 'R. Iyer',
      LEAD_RETENTION_DAYS: '730',
    });
    expect(config.personEmail).toEqual({
      acknowledge: true,
      from: { name: 'RWA Desk', address: 'leads@rwadesk.example' },
      contactEmail: 'care@rwadesk.example',
      brandName: 'RWA Desk',
      siteUrl: 'https://rwadesk.example',
      grievanceOfficer: { name: 'R. Iyer', email: 'grievance@societydesk.example', phone: '+91 11 4000 0001' },
      retentionDays: 730,
      limits: { perHour: 10, perDay: 500 },
    });
    expect(loadServerConfig({ SMTP_URL: 'smtp://smtp.example', NOTIFY_EMAIL_TO: TEAM, ACK_EMAILS: 'off' }).personEmail?.acknowledge).toBe(false);
    expect(loadServerConfig({ ACK_EMAILS: 'off' }).personEmail).toBeUndefined();
    expect(loadServerConfig({}).personEmail).toBeUndefined();
    expect(() => loadServerConfig({ ACK_EMAILS: 'no' })).toThrow('ACK_EMAILS must be "on" or "off"');
  });
});
