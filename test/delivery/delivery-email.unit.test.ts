import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leadEmail } from '../../server/delivery/email.ts';
import type { LeadEvent } from '../../server/delivery/lead-event.ts';
import { decodeWords, headersOf, partOf, startSmtpSink } from '../helpers/smtp-sink.ts';
import { postJson, readDb, startServer, type RunningServer } from '../helpers/server.ts';
import { VALID_CAREER, VALID_SOCIETY } from '../helpers/fixtures.ts';

const waitFor = async (check: () => boolean, timeoutMs = 15_000) => {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 25));
  }
};

describe('delivery: an email per lead through a real SMTP server', () => {
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let server: RunningServer;
  beforeAll(async () => {
    sink = await startSmtpSink();
    server = await startServer({ env: {
      RATE_LIMIT_MAX: '1000',
      SPAM_CHALLENGE: 'off',
      SMTP_URL: sink.url,
      NOTIFY_EMAIL_TO: 'sales@societydesk.example, ops@societydesk.example',
      NOTIFY_EMAIL_FROM: 'SocietyDesk leads <leads@societydesk.example>',
      ACK_EMAILS: 'off', // the team's email alone here; the person's: acknowledgement-email.unit.test.ts
    } });
  });
  afterAll(async () => {
    await server?.stop();
    await sink?.stop();
  });

  it('sends a registration to the team, readable on a phone, with the person as Reply-To', async () => {
    const lead = { ...VALID_SOCIETY, name: 'Sunita Sharma', email: 'sunita@example.in', phone: '+91 98765 43210', societyName: 'Green Park Residency', city: 'Delhi', position: 'Secretary' };
    const res = await postJson(`${server.url}/addSocietyQuery?partner=greenpark-rwa`, lead, { origin: 'https://rwa.example' });
    expect(res.status).toBe(200);
    await waitFor(() => sink.messages.length === 1);
    const mail = sink.messages[0]!;
    expect(mail.from).toBe('leads@societydesk.example');
    expect(mail.to).toEqual(['sales@societydesk.example', 'ops@societydesk.example']);

    const h = headersOf(mail.raw);
    expect(decodeWords(h.get('subject')![0]!)).toBe('Society registration: Green Park Residency, Delhi (Sunita Sharma)');
    expect(h.get('reply-to')).toEqual(['Sunita Sharma <sunita@example.in>']);
    expect(h.get('from')).toEqual(['SocietyDesk leads <leads@societydesk.example>']);
    expect(h.get('message-id')![0]).toMatch(/^<lead-1\.\d+@societydesk\.example>$/);
    expect(h.get('x-lead-id')).toEqual(['1']);
    const reference = (await res.json()).reference as string;
    expect(h.get('x-lead-reference')).toEqual([reference]);

    const text = partOf(mail.raw, 'text/plain')!;
    expect(text.split('\n').slice(0, 2)).toEqual(['New society registration (lead #1)', `Reference: ${reference}`]);
    expect(text).toContain('Form language: English (en)');
    expect(text).toContain(
      ['Name: Sunita Sharma', 'Email: sunita@example.in', 'Phone number: +91 98765 43210', 'Society name: Green Park Residency', 'City: Delhi', 'Position: Secretary'].join('\n'),
    );
    expect(text).toContain('Source: greenpark-rwa, on https://rwa.example');
    expect(text).toContain('Reply to this email to write to Sunita Sharma.');
    for (const line of text.split('\n')) expect(line.length, line).toBeLessThanOrEqual(78); // no sideways scrolling
    const html = partOf(mail.raw, 'text/html')!;
    expect(html).toContain('<a href="tel:+919876543210">+91 98765 43210</a>');
    expect(html).toContain('<a href="mailto:sunita@example.in">sunita@example.in</a>');

    // The service records the send once the SMTP server has answered: a moment after the message arrived.
    await expect.poll(() => readDb(server.dataDir, (db) => db.prepare('SELECT target, status, attempts FROM deliveries').all())).toEqual([
      { target: 'email', status: 'delivered', attempts: 1 },
    ]);
  });

  it('sends a career application with the message as a paragraph, and the role by its label', async () => {
    const lead = {
      ...VALID_CAREER,
      name: 'रवि कुमार',
      areaOfInterest: 'member-technical-staff',
      message: 'I built our RWA’s gate app.\nI would like to help.',
    };
    expect((await postJson(`${server.url}/addQuery`, lead)).status).toBe(200);
    await waitFor(() => sink.messages.length === 2);
    const mail = sink.messages[1]!;
    expect(decodeWords(headersOf(mail.raw).get('subject')![0]!)).toBe('Career application: रवि कुमार, Member of Technical Staff');
    const text = partOf(mail.raw, 'text/plain')!;
    expect(text).toContain('Preferred role: Member of Technical Staff');
    expect(text).toContain('Message:\nI built our RWA’s gate app.\nI would like to help.');
    expect(text).toContain('Source: (no origin)');
  });
});

describe('email: header injection is impossible', () => {
  const event = (fields: Record<string, string>): LeadEvent => ({
    id: 9,
    reference: 'SD-4K7Q-2M9X',
    kind: 'society',
    language: 'en',
    createdAt: '2026-11-22T10:00:00.000Z',
    source: { origin: 'https://x.example\r\nBcc: leak@evil.example', partner: null, page: null, campaign: { utm_source: null, utm_medium: null, utm_campaign: null, ref: null } },
    fields,
    withoutProofOfWork: false,
  });

  it('keeps hostile values inside their header or the body, and a comma address out of Reply-To', async () => {
    const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
    const hostile = event({
      ...VALID_SOCIETY,
      name: 'Eve\r\nBcc: leak@evil.example',
      email: 'a@b.example,leak@evil.example',
      societyName: 'Towers\nTo: leak@evil.example',
      city: 'Pune\r\n\r\n<script>',
    });
    const info = await transport.sendMail(leadEmail(hostile, { to: 'sales@societydesk.example', from: 'leads@societydesk.example' }));
    expect(info.envelope.to).toEqual(['sales@societydesk.example']);
    const raw = (info.message as Buffer).toString('utf8');
    const headerBlock = raw.split(/\r?\n\r?\n/, 1)[0]!;
    expect(headerBlock).not.toMatch(/^(bcc|cc):/im);
    expect(headersOf(raw).get('to')).toEqual(['sales@societydesk.example']);
    expect(headersOf(raw).has('reply-to')).toBe(false); // not a single plain address: the body names it instead
    expect(partOf(raw, 'text/plain')).toContain('Write to a@b.example,leak@evil.example to answer.');
    expect(partOf(raw, 'text/html')).toContain('&lt;script&gt;');
    expect(partOf(raw, 'text/html')).not.toContain('<script>');
  });

  it('quotes a display name with special characters instead of reading it as addresses', async () => {
    const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
    const tricky = event({ ...VALID_SOCIETY, name: 'Doe, "John" <x@evil.example>', email: 'john@example.in' });
    const info = await transport.sendMail(leadEmail(tricky, { to: 'sales@societydesk.example', from: 'leads@societydesk.example' }));
    const replyTo = headersOf((info.message as Buffer).toString('utf8')).get('reply-to')!;
    expect(replyTo).toHaveLength(1);
    expect(replyTo[0]).toMatch(/<john@example\.in>$/);
    expect(info.envelope.to).toEqual(['sales@societydesk.example']);
  });
});
