/**
 * The emails to the person who sent a form, through the real service, a real SMTP server
 * (test/helpers/smtp-sink.ts) and both stores (SQLite in DATA_DIR; a throwaway PostgreSQL):
 * the acknowledgement of a lead (in the form's language, with the reference the answer gave,
 * the date, what happens next, the rights and the Grievance Officer, and nothing the sender
 * typed: issue 40), at most one per address per 24 hours, never for spam (a lead the team takes out of spam is acknowledged then);
 * an application's outcome, queued by the store.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import nodemailer from 'nodemailer';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFERENCE_PATTERN } from '../../contract/lead-reference.ts';
import { EMAIL_HI } from '../../contract/messages/email/hi.ts';
import { openOperatorStore } from '../../scripts/reports/open-store.ts';
import { loadServerConfig } from '../../server/config.ts';
import { createWriteBatcher, openDatabase } from '../../server/intake/database.ts';
import { createPersonEmailPolicy } from '../../server/intake/delivery/acknowledgement.ts';
import type { LeadEvent } from '../../server/intake/delivery/lead-event.ts';
import { createOutbox } from '../../server/intake/delivery/outbox.ts';
import { acknowledgementEmail, outcomeEmail } from '../../server/intake/delivery/person-email.ts';
import { createLeadStore } from '../../server/intake/leads.ts';
import { openIntakeStore } from '../../server/intake/open-store.ts';
import { eraseLeads } from '../../server/intake/personal-data.ts';
import { OPERATOR } from '../../server/team/audit.ts';
import type { IntakeStore } from '../../server/intake/store.ts';
import { solvedHeader } from '../helpers/altcha.ts';
import { VALID_CAREER, VALID_SOCIETY } from '../helpers/fixtures.ts';
import { freshDatabase } from '../helpers/postgres.ts';
import { countRows, postJson, readDb, ROOT, startServer, tempDir, type RunningServer } from '../helpers/server.ts';
import { decodeWords, headersOf, partOf, startSmtpSink, type ReceivedMail } from '../helpers/smtp-sink.ts';

const run = promisify(execFile);
const TEAM = 'sales@societydesk.example';
const CONTACT = 'hello@societydesk.example';

const waitFor = async (check: () => boolean | Promise<boolean>, timeoutMs = 15_000) => {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 25));
  }
};
/** Long enough for a second email to arrive, were one queued: the worker looks at the outbox every second. */
const settle = () => new Promise((r) => setTimeout(r, 1500));

type Answer = { success: boolean; message: string; reference: string };

describe.each(['sqlite', 'postgres'] as const)('emails to the person who sent a form: %s', (backend) => {
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let server: RunningServer;
  let env: Record<string, string>;
  /** A second store on the same data, as the team's worklist holds one. */
  let store: IntakeStore;

  beforeAll(async () => {
    sink = await startSmtpSink();
    env = {
      SMTP_URL: sink.url,
      NOTIFY_EMAIL_TO: TEAM,
      NOTIFY_EMAIL_FROM: 'SocietyDesk leads <leads@societydesk.example>',
      ALTCHA_MAX_NUMBER: '2000',
      ...(backend === 'postgres' ? { DATABASE_URL: await freshDatabase() } : {}),
    };
    server = await startServer({ env });
    store = await openIntakeStore({ ...loadServerConfig(env), dataDir: server.dataDir }, pino({ level: 'silent' }));
  }, 180_000);
  afterAll(async () => {
    await store?.close();
    await server?.stop();
    await sink?.stop();
  });

  const send = async (path: '/addSocietyQuery' | '/addQuery', body: object, headers: Record<string, string> = {}): Promise<Answer> => {
    const res = await postJson(`${server.url}${path}`, body, { 'x-altcha': await solvedHeader(server.url), ...headers });
    expect(res.status).toBe(200);
    return (await res.json()) as Answer;
  };
  const only = async (address: string): Promise<ReceivedMail> => {
    await waitFor(() => sink.to(address).length > 0);
    await settle();
    expect(sink.to(address)).toHaveLength(1);
    return sink.to(address)[0]!;
  };

  const idOf = async (reference: string) => {
    const s = await openOperatorStore(server.dataDir, env.DATABASE_URL ?? '');
    try {
      return ((await s.listLeads({ includeSpam: true })) ?? []).find((l) => l.reference === reference)!.id;
    } finally {
      await s.close();
    }
  };

  it('acknowledges a registration in English: the answer’s reference, the date, what happens next, the rights, the Grievance Officer, nothing typed; the team is told too', async () => {
    const lead = { ...VALID_SOCIETY, name: 'Sunita Sharma', email: 'sunita@example.in', societyName: 'Green Park Residency', city: 'Delhi', position: 'Secretary' };
    const answer = await send('/addSocietyQuery', lead);
    expect(answer.reference).toMatch(REFERENCE_PATTERN);

    const mail = await only('sunita@example.in');
    expect(mail.from).toBe('leads@societydesk.example');
    const h = headersOf(mail.raw);
    expect(h.get('auto-submitted')).toEqual(['auto-generated']);
    expect(h.get('reply-to')).toEqual([CONTACT]);
    expect(h.get('from')).toEqual(['SocietyDesk <leads@societydesk.example>']);
    expect(h.get('to')).toEqual(['sunita@example.in']); // no name: nothing the sender typed
    expect(h.get('content-language')).toEqual(['en-IN']);
    expect(decodeWords(h.get('subject')![0]!)).toBe(`Your society registration: reference ${answer.reference}`);

    const text = partOf(mail.raw, 'text/plain')!;
    expect(text).toMatch(/^Hello,\n/);
    expect(text).toContain(`Your reference: ${answer.reference}`);
    expect(text).toContain('What happens next\nWe will call you within 24 hours to set up the app for your society.');
    for (const typed of ['Sunita', 'Green Park', 'Delhi', 'Secretary', '98765', 'What you sent']) expect(text + partOf(mail.raw, 'text/html')).not.toContain(typed);
    expect(text).toMatch(/Sent on \d{1,2} \w+ \d{4} at \d{1,2}:\d{2} [ap]m IST\./);
    expect(text).toContain(
      `You can withdraw your consent at any time, or ask to see, correct or erase your data: reply to this email, or write to ${CONTACT} and quote ${answer.reference}.`,
    );
    expect(text).toContain('We keep your details for 12 months after you sent them, then erase them.');
    expect(text).toContain('How we use your data, and your rights: https://societydesk.example/privacy-policy#your-rights');
    expect(text).toContain('contact our Grievance Officer, Asha Verma: grievance@societydesk.example, +91 11 4000 0001.');
    expect(text).toContain('This email was sent automatically. A reply reaches our team.');

    const html = partOf(mail.raw, 'text/html')!;
    expect(html).toContain('<html lang="en-IN">');
    expect(html).toContain(`<b style="font-size:20px;letter-spacing:0.05em">${answer.reference}</b>`);
    for (const action of ['Withdraw my consent', 'See my data', 'Correct my data', 'Erase my data']) {
      expect(html).toContain(`<a href="mailto:${CONTACT}?subject=${encodeURIComponent(`${action} – ${answer.reference}`)}">${action}</a>`);
    }
    expect(html).toContain('<a href="https://societydesk.example/privacy-policy#your-rights">');

    // The team's notification is still sent, with the same reference.
    await waitFor(() => sink.to(TEAM).some((m) => partOf(m.raw, 'text/plain')!.includes(`Reference: ${answer.reference}`)));
  });

  it('writes in Hindi to a person who used a form in Hindi (Content-Language: hi), nothing typed', async () => {
    const lead = { ...VALID_CAREER, name: 'रवि कुमार', email: 'ravi.hi@example.in', areaOfInterest: 'marketing-sales-intern', message: 'मैं जुड़ना चाहता हूँ।\nदूसरी पंक्ति।' };
    const answer = await send('/addQuery', lead, { 'content-language': 'hi' });
    const mail = await only('ravi.hi@example.in');
    const h = headersOf(mail.raw);
    expect(decodeWords(h.get('subject')![0]!)).toBe(EMAIL_HI.acknowledgement.subject.career(answer.reference));
    expect(h.get('content-language')).toEqual(['hi']);
    const text = partOf(mail.raw, 'text/plain')!;
    expect(text.startsWith(`${EMAIL_HI.acknowledgement.greeting}\n`), 'a greeting without the name typed').toBe(true);
    expect(text).toContain(`${EMAIL_HI.reference.label}: ${answer.reference}`);
    expect(text).toContain(EMAIL_HI.acknowledgement.next.career);
    for (const typed of ['रवि कुमार', 'मैं जुड़ना चाहता हूँ', 'मार्केटिंग']) expect(text).not.toContain(typed);
    expect(text).toContain(EMAIL_HI.rights.how(CONTACT, answer.reference));
    expect(text).toContain('https://societydesk.example/hi/privacy-policy#your-rights');
    expect(text).toContain('शिकायत अधिकारी (Grievance Officer) Asha Verma');
    expect(partOf(mail.raw, 'text/html')).toContain('<html lang="hi">');
  });

  it('five registrations with one address within an hour: five leads, one acknowledgement', async () => {
    const spellings = ['meera@example.in', 'Meera@Example.in', ' meera@example.in', 'MEERA@EXAMPLE.IN', 'meera@example.in'];
    const references: string[] = [];
    for (const [i, email] of spellings.entries()) {
      references.push((await send('/addSocietyQuery', { ...VALID_SOCIETY, name: 'Meera', email, societyName: `Tower ${i}` })).reference);
    }
    expect(new Set(references).size).toBe(5);
    // Five leads reached the team…
    await waitFor(() => references.every((r) => sink.to(TEAM).some((m) => partOf(m.raw, 'text/plain')!.includes(`Reference: ${r}`))));
    // …and one acknowledgement reached the person: the first lead's.
    const mail = await only('meera@example.in');
    expect(partOf(mail.raw, 'text/plain')).toContain(`Your reference: ${references[0]}`);
  });

  it('a post without proof of work is stored as spam and gets no acknowledgement (nor reaches the team)', async () => {
    const res = await postJson(`${server.url}/addSocietyQuery`, { ...VALID_SOCIETY, name: 'Bot', email: 'victim@example.in', societyName: 'Scripted' });
    expect(res.status).toBe(200);
    const { reference } = (await res.json()) as Answer;
    expect(reference).toMatch(REFERENCE_PATTERN); // answered like any other
    await settle();
    expect(sink.to('victim@example.in')).toEqual([]);
    expect(sink.to(TEAM).filter((m) => partOf(m.raw, 'text/plain')!.includes(reference))).toEqual([]);
  });

  it('a flagged lead the team takes out of spam is acknowledged then, once; not when its address had one within 24 hours, nor while flagged', async () => {
    const flagged = async (email: string, societyName: string) => {
      const res = await postJson(`${server.url}/addSocietyQuery`, { ...VALID_SOCIETY, name: 'Gurpreet', email, societyName });
      expect(res.status).toBe(200);
      const { reference } = (await res.json()) as Answer;
      return { id: await idOf(reference), reference };
    };
    const lead = await flagged('gurpreet@example.in', 'Flagged Heights');
    expect(await store.leads.queueAcknowledgement(lead.id)).toBe(false); // still flagged
    expect(await store.team.worklist.notSpam(lead.id, [], OPERATOR, Date.now())).toEqual({ ok: true, queued: 0 });
    expect(await store.leads.queueAcknowledgement(lead.id)).toBe(true);
    expect(await store.leads.queueAcknowledgement(lead.id)).toBe(false);
    expect(partOf((await only('gurpreet@example.in')).raw, 'text/plain')).toContain(`Your reference: ${lead.reference}`);

    // The address was acknowledged for a lead of its own an instant ago: the flagged one's waits for nobody.
    await send('/addSocietyQuery', { ...VALID_SOCIETY, name: 'Harleen', email: 'harleen@example.in', societyName: 'First Tower' });
    const second = await flagged('harleen@example.in', 'Second Tower');
    await store.team.worklist.notSpam(second.id, [], OPERATOR, Date.now());
    expect(await store.leads.queueAcknowledgement(second.id)).toBe(false);
    expect(partOf((await only('harleen@example.in')).raw, 'text/plain')).not.toContain(second.reference);
  });

  it('a repeat within ten minutes and a retry with its Idempotency-Key answer the first lead’s reference, and write nothing more', async () => {
    const lead = { ...VALID_SOCIETY, name: 'Kiran', email: 'kiran@example.in', societyName: 'Lake View' };
    const key = `ack-${backend}-0123456789abcdef`;
    const first = await send('/addSocietyQuery', lead, { 'idempotency-key': key });
    const retry = await send('/addSocietyQuery', lead, { 'idempotency-key': key });
    const repeat = await send('/addSocietyQuery', { ...lead, email: ' KIRAN@example.in ' });
    expect(retry).toEqual(first);
    expect(repeat).toEqual(first);
    await only('kiran@example.in');
  });

  it('queues an application’s outcome once, in the applicant’s language, and refuses what is not an application of a person', async () => {
    const hindi = await send('/addQuery', { ...VALID_CAREER, name: 'अनीता', email: 'anita@example.in', areaOfInterest: 'tech-intern' }, { 'content-language': 'hi' });
    const english = await send('/addQuery', { ...VALID_CAREER, name: 'John', email: 'john@example.in' });
    const society = await send('/addSocietyQuery', { ...VALID_SOCIETY, email: 'society@example.in', societyName: 'Not an application' });
    const spam = (await (await postJson(`${server.url}/addQuery`, { ...VALID_CAREER, email: 'spam@example.in' })).json()) as Answer;
    await only('anita@example.in');
    await only('john@example.in');

    expect(await store.leads.queueOutcomeEmail(await idOf(hindi.reference), 'offer')).toEqual({ queued: true });
    expect(await store.leads.queueOutcomeEmail(await idOf(hindi.reference), 'offer')).toEqual({ queued: false, reason: 'already-queued' });
    expect(await store.leads.queueOutcomeEmail(await idOf(english.reference), 'not-selected')).toEqual({ queued: true });
    expect(await store.leads.queueOutcomeEmail(await idOf(society.reference), 'offer')).toEqual({ queued: false, reason: 'not-an-application' });
    expect(await store.leads.queueOutcomeEmail(await idOf(spam.reference), 'offer')).toEqual({ queued: false, reason: 'spam' });
    expect(await store.leads.queueOutcomeEmail(999_999, 'offer')).toEqual({ queued: false, reason: 'unknown-lead' });

    // The running service's worker finds them in the outbox and sends each once.
    await waitFor(() => sink.to('anita@example.in').length === 2 && sink.to('john@example.in').length === 2);
    await settle();
    const offer = sink.to('anita@example.in')[1]!;
    expect(decodeWords(headersOf(offer.raw).get('subject')![0]!)).toBe(EMAIL_HI.outcome.subject.offer(hindi.reference));
    expect(headersOf(offer.raw).get('auto-submitted')).toEqual(['auto-generated']);
    expect(headersOf(offer.raw).get('reply-to')).toEqual([CONTACT]);
    expect(partOf(offer.raw, 'text/plain')).toContain(EMAIL_HI.outcome.body.offer('टेक इंटर्न')[0]);
    expect(partOf(offer.raw, 'text/html')).toContain('<html lang="hi">');
    const notSelected = sink.to('john@example.in')[1]!;
    expect(decodeWords(headersOf(notSelected.raw).get('subject')![0]!)).toBe(`Your application ${english.reference}`);
    const text = partOf(notSelected.raw, 'text/plain')!;
    expect(text).toContain('Thank you for applying for the role of Tech Intern, and for the time you gave it.');
    expect(text).toContain(`Your reference: ${english.reference}`);
    expect(text).toContain('Grievance Officer');
    expect(sink.to('anita@example.in')).toHaveLength(2);
    expect(sink.to('john@example.in')).toHaveLength(2);
  });

  it('`npm run leads -- --person` finds a lead by its reference, typed any way, and shows it with its acknowledged address (a hash, never the address)', async () => {
    const answer = await send('/addSocietyQuery', { ...VALID_SOCIETY, name: 'Farah', email: 'farah@example.in', societyName: 'Palm Court' });
    await only('farah@example.in');
    const typed = answer.reference.toLowerCase().replace(/-/g, ' ');
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'scripts/leads.ts', '--person', typed], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: server.dataDir, DATABASE_URL: env.DATABASE_URL ?? '' },
    });
    const record = JSON.parse(stdout) as { person: unknown; leads: { reference: string; fields: { email: string } }[]; acknowledged_addresses: { address_hash: string }[] };
    expect(record.person).toEqual({ reference: answer.reference });
    expect(record.leads.map((l) => [l.reference, l.fields.email])).toEqual([[answer.reference, 'farah@example.in']]);
    expect(record.acknowledged_addresses).toHaveLength(1);
    expect(JSON.stringify(record.acknowledged_addresses)).not.toContain('farah');
  }, 60_000);
});

describe('acknowledgements: switched off, or no email at all', () => {
  it('ACK_EMAILS=off: the team’s email still goes, no acknowledgement is queued', async () => {
    const sink = await startSmtpSink();
    const server = await startServer({ env: { SMTP_URL: sink.url, NOTIFY_EMAIL_TO: TEAM, SPAM_CHALLENGE: 'off', ACK_EMAILS: 'off' } });
    try {
      const res = await postJson(`${server.url}/addSocietyQuery`, { ...VALID_SOCIETY, email: 'off@example.in' });
      const { reference } = (await res.json()) as Answer;
      await waitFor(() => sink.to(TEAM).length === 1);
      await settle();
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
      await settle();
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
