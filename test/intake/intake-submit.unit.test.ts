import { REFERENCE_PATTERN } from '../../contract/lead-reference.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VALID_CAREER, VALID_SOCIETY } from '../helpers/fixtures.ts';
import { countRows, postJson, startServer, storedLeads, type RunningServer } from '../helpers/server.ts';
import { VERSION } from '../../server/ops/version.ts';

/** The shared valid payloads with Unicode, padding and emoji: every field of the contract, each stored as sent (trimmed). */
const society = {
  ...VALID_SOCIETY,
  name: '  सुनीता शर्मा ',
  email: 'sunita.sharma@example.in',
  phone: '+91 98765-43210',
  societyName: 'ग्रीन पार्क रेज़िडेंट्स वेलफ़ेयर एसोसिएशन',
  city: 'नई दिल्ली',
  position: 'Secretary 🏢',
};

const career = {
  ...VALID_CAREER,
  name: 'Zoë Ångström-Núñez',
  email: 'zoe@example.com',
  phone: '9876543210',
  college: 'IIT दिल्ली',
  course: 'B.Tech',
  yearOfStudy: '3rd year',
  areaOfInterest: 'member-technical-staff',
  message: 'मुझे आपकी टीम में शामिल होना है.\nLine two, with "quotes", commas and emoji 🚀.',
};

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ env: { RATE_LIMIT_MAX: '10000' } });
});
afterAll(async () => {
  await server.stop();
});

const trimmed = (o: Record<string, string>) => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, v.trim()]));

describe('intake: valid submissions', () => {
  it('answers GET /health with {"status":"ok"}', async () => {
    const res = await fetch(`${server.url}/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok', version: VERSION });
  });

  it('stores a society request once, every field intact (trimmed), and answers the spec message', async () => {
    const before = countRows(server.dataDir, 'leads');
    const res = await postJson(`${server.url}/addSocietyQuery`, society);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const body = await res.json();
    expect(body.success).toBe(true);
    expect(body.message.startsWith('Society request submitted successfully. We')).toBe(true);
    expect(countRows(server.dataDir, 'leads')).toBe(before + 1);
    const stored = storedLeads(server.dataDir).at(-1)!;
    expect(stored.kind).toBe('society');
    expect(stored.fields).toEqual(trimmed(society));
  });

  it('stores a career application with Unicode, newlines and emoji intact', async () => {
    const res = await postJson(`${server.url}/addQuery`, career);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, message: expect.stringMatching(/^Application received\./), reference: expect.stringMatching(REFERENCE_PATTERN) });
    const stored = storedLeads(server.dataDir).at(-1)!;
    expect(stored.kind).toBe('career');
    expect(stored.fields).toEqual(career);
  });

  it('accepts position absent or empty (stored as an empty string) and a charset parameter', async () => {
    const { position: _omit, ...noPosition } = { ...society, email: 'no.position@example.in' };
    const a = await postJson(`${server.url}/addSocietyQuery`, noPosition, { 'content-type': 'application/json; charset=utf-8' });
    expect(a.status).toBe(200);
    expect(storedLeads(server.dataDir).at(-1)!.fields.position).toBe('');
    const b = await postJson(`${server.url}/addSocietyQuery`, { ...society, email: 'empty.position@example.in', position: '' });
    expect(b.status).toBe(200);
    expect(storedLeads(server.dataDir).at(-1)!.fields).toMatchObject({ email: 'empty.position@example.in', position: '' });
  });

  it('answers a repeat within ten minutes with success but stores it once (also with other spacing/case)', async () => {
    const body = { ...career, email: 'Repeat@Example.com', name: 'Repeat Applicant' };
    const before = countRows(server.dataDir, 'leads');
    const first = await postJson(`${server.url}/addQuery`, body);
    const second = await postJson(`${server.url}/addQuery`, body);
    const third = await postJson(`${server.url}/addQuery`, { ...body, email: ' repeat@example.com ', name: 'Repeat  Applicant' });
    for (const res of [first, second, third]) {
      expect(res.status).toBe(200);
      expect((await res.json()).success).toBe(true);
    }
    expect(countRows(server.dataDir, 'leads')).toBe(before + 1);
    // A different field is a different submission.
    await postJson(`${server.url}/addQuery`, { ...body, yearOfStudy: '4th year' });
    expect(countRows(server.dataDir, 'leads')).toBe(before + 2);
  });

  it('takes the same number in another spelling (+91, a trunk zero, 091) for the same submission', async () => {
    const body = { ...society, email: 'phone.repeat@example.in', phone: '+91 98765 43210' };
    const before = countRows(server.dataDir, 'leads');
    for (const phone of ['+91 98765 43210', '098765 43210', '091 9876543210', '+91 098765-43210', '9876543210']) {
      const res = await postJson(`${server.url}/addSocietyQuery`, { ...body, phone });
      expect(res.status, phone).toBe(200);
    }
    expect(countRows(server.dataDir, 'leads')).toBe(before + 1);
    // Another number is another submission.
    await postJson(`${server.url}/addSocietyQuery`, { ...body, phone: '98765 43211' });
    expect(countRows(server.dataDir, 'leads')).toBe(before + 2);
  });

  it('stores concurrent identical submissions once', async () => {
    const body = { ...society, email: 'burst@example.in' };
    const before = countRows(server.dataDir, 'leads');
    const answers = await Promise.all(Array.from({ length: 20 }, () => postJson(`${server.url}/addSocietyQuery`, body)));
    expect(answers.every((r) => r.status === 200)).toBe(true);
    expect(countRows(server.dataDir, 'leads')).toBe(before + 1);
  });

  it('keeps the same fields from the two forms apart (kind is part of the dedupe key)', async () => {
    const before = countRows(server.dataDir, 'leads');
    await postJson(`${server.url}/addQuery`, { ...career, email: 'kinds@example.com' });
    await postJson(`${server.url}/addSocietyQuery`, { ...society, email: 'kinds@example.com' });
    expect(countRows(server.dataDir, 'leads')).toBe(before + 2);
  });
});
