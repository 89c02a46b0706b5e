/**
 * The emails to the person who sent a form, through the real service, a real SMTP server
 * (test/helpers/smtp-sink.ts) and one store (SQLite in DATA_DIR, or a database of its own in
 * the run's PostgreSQL): the acknowledgement of a lead (in the form's language, with the
 * reference the answer gave, the date, what happens next, the rights and the Grievance
 * Officer, and nothing the sender typed: issue 40), at most one per address per 24 hours, never for spam (a lead the team takes out of
 * spam is acknowledged then); an application's outcome, queued by the store. Run on SQLite by
 * acknowledgement-email.unit.test.ts and on PostgreSQL by acknowledgement-email-postgres.unit.test.ts,
 * side by side. "Only one email" is counted once the outbox has nothing pending (test/helpers/outbox.ts).
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFERENCE_PATTERN } from '../../contract/lead-reference.ts';
import { EMAIL_HI } from '../../contract/messages/email/hi.ts';
import { openOperatorStore } from '../../scripts/reports/open-store.ts';
import { loadServerConfig } from '../../server/config.ts';
import { openIntakeStore } from '../../server/store/open-store.ts';
import { OPERATOR } from '../../server/team/audit.ts';
import type { IntakeStore } from '../../server/store/store.ts';
import { solvedHeader } from '../helpers/altcha.ts';
import { VALID_CAREER, VALID_SOCIETY } from '../helpers/fixtures.ts';
import { outboxDrained } from '../helpers/outbox.ts';
import { freshDatabase } from '../helpers/postgres.ts';
import { postJson, ROOT, startServer, type RunningServer } from '../helpers/server.ts';
import { decodeWords, headersOf, partOf, startSmtpSink, type ReceivedMail } from '../helpers/smtp-sink.ts';

const run = promisify(execFile);
export const TEAM = 'sales@societydesk.example';
export const CONTACT = 'hello@societydesk.example';

export const waitFor = async (check: () => boolean | Promise<boolean>, timeoutMs = 15_000) => {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 25));
  }
};

export type Answer = { success: boolean; message: string; reference: string };

/** The emails to the person who sent a form, through the service on one store. */
export function personEmailSuite(backend: 'sqlite' | 'postgres') {
  describe(`emails to the person who sent a form: ${backend}`, () => {
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
      await outboxDrained(server.dataDir, env.DATABASE_URL);
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
      await outboxDrained(server.dataDir, env.DATABASE_URL);
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
      await outboxDrained(server.dataDir, env.DATABASE_URL);
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
}
