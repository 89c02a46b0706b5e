/**
 * Issue 40, finding 1: the acknowledgement email is no relay. Through the real service, a real
 * SMTP server and both stores (SQLite; a throwaway PostgreSQL):
 * - 50 applications, each to another spelling of one mailbox (`+tags`, Gmail's dots, case),
 *   named "Claim your prize at http://evil.example" with a link in the message: every lead is
 *   stored and reaches the team; at most ACK_EMAILS_PER_HOUR acknowledgements go out (one: they
 *   are one mailbox), and none holds the name, the link or the message (nor a name in `To:`);
 * - distinct mailboxes from one client network: ACK_EMAILS_PER_HOUR of them; another network
 *   (an IPv6 /64, any address in it) has its own hour; the service stops at ACK_EMAILS_PER_DAY;
 * - a form's own post (no script, so no proof of work), from another site's page: stored,
 *   delivered to the team, never acknowledged.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { controlName, fieldNames } from '../../contract/lead-contract.ts';
import { mailboxOf } from '../../server/delivery/acknowledgement.ts';
import { solvedHeader } from '../helpers/altcha.ts';
import { VALID_CAREER } from '../helpers/fixtures.ts';
import { freshDatabase } from '../helpers/postgres.ts';
import { postJson, startServer, type RunningServer } from '../helpers/server.ts';
import { decodeWords, headersOf, partOf, startSmtpSink } from '../helpers/smtp-sink.ts';
import { openOperatorStore } from '../../scripts/reports/open-store.ts';

const TEAM = 'sales@societydesk.example';
const PER_HOUR = 3;
const PER_DAY = 5;
const SPAM_NAME = 'Claim your prize at http://evil.example';
const SPAM_MESSAGE = 'You won! Visit https://evil.example/claim?id=1 now to collect your prize money.';

/** Each a spelling of one Gmail mailbox, as a provider reads it. */
const spellingsOf = (n: number): string[] =>
  Array.from({ length: n }, (_, i) => {
    const local = i % 2 ? `vic.tim+prize${i}` : `v.i.c.t.i.m+${i}`;
    return `${i % 3 === 0 ? local.toUpperCase() : local}@${i % 5 === 0 ? 'googlemail.com' : 'gmail.com'}`;
  });

const until = async (check: () => boolean, timeoutMs = 30_000) => {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 25));
  }
};
/** Long enough for an email to arrive, were one queued: the worker looks at the outbox every second. */
const settle = () => new Promise((r) => setTimeout(r, 1500));

describe('mailboxOf: an address as its provider reads it', () => {
  it.each([
    ['A.B+x@Gmail.com', 'ab@gmail.com'],
    ['a.b@googlemail.com', 'ab@gmail.com'],
    ['first.last+news@example.in', 'first.last@example.in'],
    ['  Someone@Example.IN ', 'someone@example.in'],
    ['plain@yahoo.com', 'plain@yahoo.com'],
  ])('%s → %s', (address, mailbox) => expect(mailboxOf(address)).toBe(mailbox));
});

describe.each(['sqlite', 'postgres'] as const)('acknowledgements cannot be made a relay: %s', (backend) => {
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let server: RunningServer;
  let env: Record<string, string>;

  beforeAll(async () => {
    sink = await startSmtpSink();
    env = {
      SMTP_URL: sink.url,
      NOTIFY_EMAIL_TO: TEAM,
      ALTCHA_MAX_NUMBER: '1000',
      ACK_EMAILS_PER_HOUR: String(PER_HOUR),
      ACK_EMAILS_PER_DAY: String(PER_DAY),
      // The tests name the client network in X-Forwarded-For, as a proxy on loopback would.
      TRUST_PROXY: 'loopback',
      ...(backend === 'postgres' ? { DATABASE_URL: await freshDatabase() } : {}),
    };
    server = await startServer({ env });
  }, 180_000);
  afterAll(async () => {
    await server?.stop();
    await sink?.stop();
  });

  const apply = async (fields: Record<string, string>, from: string) => {
    const res = await postJson(`${server.url}/addQuery`, fields, { 'x-altcha': await solvedHeader(server.url), 'x-forwarded-for': from });
    expect(res.status).toBe(200);
    return ((await res.json()) as { reference: string }).reference;
  };
  const acknowledgements = () => sink.messages.filter((m) => !m.to.includes(TEAM));
  const teamHas = (reference: string) => sink.to(TEAM).some((m) => partOf(m.raw, 'text/plain')!.includes(`Reference: ${reference}`));
  const storedReferences = async () => {
    const store = await openOperatorStore(server.dataDir, env.DATABASE_URL ?? '');
    try {
      return new Set(((await store.listLeads({ includeSpam: true })) ?? []).map((l) => l.reference));
    } finally {
      await store.close();
    }
  };

  it('50 applications to spellings of one mailbox, a spammer’s name and a link: all stored and delivered to the team; one acknowledgement, with none of what was typed', async () => {
    const references: string[] = [];
    for (const email of spellingsOf(50)) references.push(await apply({ ...VALID_CAREER, name: SPAM_NAME, email, message: SPAM_MESSAGE }, '203.0.113.10'));
    expect(new Set(references).size).toBe(50);
    const stored = await storedReferences();
    expect(references.every((r) => stored.has(r))).toBe(true);
    await until(() => references.every(teamHas));
    await settle();

    const sent = acknowledgements();
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.length).toBeLessThanOrEqual(PER_HOUR);
    expect(sent).toHaveLength(1); // one mailbox, however it is spelled
    for (const mail of sent) {
      const decoded = [decodeWords(mail.raw), partOf(mail.raw, 'text/plain')!, partOf(mail.raw, 'text/html')!].join('\n');
      for (const typed of ['Claim your prize', 'evil.example', 'You won', VALID_CAREER.college, VALID_CAREER.phone]) expect(decoded).not.toContain(typed);
      expect(headersOf(mail.raw).get('to')).toEqual([mail.to[0]]); // the address alone, no display name
      expect(partOf(mail.raw, 'text/plain')).toMatch(/^Hello,\n/);
      expect(partOf(mail.raw, 'text/plain')).toContain(`Your reference: ${references[0]}`);
    }
  }, 180_000);

  it('distinct mailboxes: ACK_EMAILS_PER_HOUR per client network (an IPv6 /64 is one), and ACK_EMAILS_PER_DAY for the service', async () => {
    const before = acknowledgements().length; // the test above used the day's count once (from another network)
    const fromOne: string[] = [];
    for (let i = 0; i < PER_HOUR + 2; i++) fromOne.push(await apply({ ...VALID_CAREER, email: `distinct${i}@example.in` }, '198.51.100.7'));
    // One /64: every address in it is one client.
    const fromSixtyFour: string[] = [];
    for (let i = 0; i < PER_HOUR + 2; i++) fromSixtyFour.push(await apply({ ...VALID_CAREER, email: `six${i}@example.in` }, `2001:db8:7:7::${(i + 1).toString(16)}`));
    await until(() => [...fromOne, ...fromSixtyFour].every(teamHas));
    await settle();
    const sent = acknowledgements().slice(before).map((m) => m.to[0]!);
    const fromNetworkOne = sent.filter((to) => to.startsWith('distinct'));
    const fromNetworkTwo = sent.filter((to) => to.startsWith('six'));
    expect(fromNetworkOne).toEqual(['distinct0@example.in', 'distinct1@example.in', 'distinct2@example.in']);
    // The day's ceiling: 1 (the first test) + 3 + 1 = 5 = ACK_EMAILS_PER_DAY.
    expect(fromNetworkTwo).toEqual(['six0@example.in']);
    expect(before + sent.length).toBe(PER_DAY);
  }, 180_000);

  it('a form’s own post from another site (no script, no proof of work): stored, delivered to the team, not acknowledged', async () => {
    const form = new URLSearchParams({ lang: 'en', website: '' });
    const values = { ...VALID_CAREER, email: 'crosssite.victim@example.in', name: SPAM_NAME };
    for (const field of fieldNames('career')) form.set(controlName('career', field), values[field]);
    const res = await fetch(`${server.url}/addQuery`, {
      method: 'POST',
      body: form,
      redirect: 'manual',
      headers: { origin: 'https://attacker.example', 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': '192.0.2.99' },
    });
    expect(res.status).toBe(303);
    const reference = /SD-[0-9A-Z]{4}-[0-9A-Z]{4}/.exec(res.headers.get('location') ?? '')?.[0];
    expect(reference).toBeDefined();
    expect((await storedReferences()).has(reference!)).toBe(true);
    await until(() => teamHas(reference!));
    await settle();
    expect(sink.to('crosssite.victim@example.in')).toEqual([]);
  });
});
