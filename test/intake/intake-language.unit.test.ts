/**
 * The intake service answers in the form's language, told by Content-Language (never in
 * the body): the lead contract's Hindi twin for refusals and the success message, the
 * English sentences exactly as before otherwise; the same statuses and nothing stored
 * by a refusal. The Hindi catalogues have every key, and a Hindi form recognises the
 * field a Hindi refusal names.
 */
import { REFERENCE_PATTERN } from '../../contract/lead-reference.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestLanguage } from '../../server/http/language.ts';
import { MESSAGES_HI } from '../../contract/messages/hi.ts';
import { MESSAGES } from '../../contract/messages/en.ts';
import { en } from '../../widgets/i18n/en.ts';
import { hi } from '../../widgets/i18n/hi.ts';
import { refusedField } from '../../widgets/lead-form/refusals.ts';
import { VALID_CAREER, VALID_SOCIETY } from '../helpers/fixtures.ts';
import { countRows, postJson, startServer, storedLeads, type RunningServer } from '../helpers/server.ts';

const society = { ...VALID_SOCIETY, name: 'सुनीता शर्मा', email: 'sunita@example.in', phone: '+91 98765 43210', societyName: 'ग्रीन पार्क', city: 'नई दिल्ली', position: '' };
const career = {
  ...VALID_CAREER,
  name: 'Rohan', email: 'rohan@example.com', phone: '9876543210', college: 'DU', course: 'Other',
  yearOfStudy: '3', areaOfInterest: 'tech-intern', message: 'नमस्ते',
};
const HI = { 'content-language': 'hi' };

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ env: { RATE_LIMIT_MAX: '10000', SPAM_CHALLENGE: 'off' } });
});
afterAll(() => server.stop());

describe('Content-Language', () => {
  it('picks Hindi for hi and hi-IN (the first language of ours in a list), English for anything else', () => {
    expect(requestLanguage('hi')).toBe('hi');
    expect(requestLanguage('hi-IN')).toBe('hi');
    expect(requestLanguage('fr, hi')).toBe('hi');
    expect(requestLanguage(['HI'])).toBe('hi');
    expect(requestLanguage('en')).toBe('en');
    expect(requestLanguage('fr')).toBe('en');
    expect(requestLanguage('')).toBe('en');
    expect(requestLanguage(undefined)).toBe('en');
  });

  it('takes only its own languages, never a name inherited by every object', () => {
    for (const tag of ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf', 'x-klingon', 'constructor-IN', '__proto__, hi']) {
      expect(requestLanguage(tag), tag).toBe(tag.endsWith('hi') ? 'hi' : 'en');
    }
  });
});

describe('intake: a Content-Language that names an inherited property or no language', () => {
  const tags = ['constructor', '__proto__', 'toString', 'x-unknown'];

  it('stores a valid lead and answers the English success message, 200', async () => {
    for (const tag of tags) {
      const before = countRows(server.dataDir, 'leads');
      const res = await postJson(`${server.url}/addSocietyQuery`, { ...society, email: `${tag.replace(/\W/g, '')}@example.in` }, { 'content-language': tag });
      expect(res.status, tag).toBe(200);
      expect(await res.json(), tag).toEqual({ success: true, message: MESSAGES.societyStored, reference: expect.stringMatching(REFERENCE_PATTERN) });
      expect(countRows(server.dataDir, 'leads'), tag).toBe(before + 1);
    }
  });

  it('refuses in English with the status of the refusal: 400 for a bad field, 404, 405, 403 for a refused origin', async () => {
    const guarded = await startServer({ env: { ALLOWED_ORIGINS: 'https://partner.example', SPAM_CHALLENGE: 'off' } });
    try {
      for (const tag of tags) {
        const headers = { 'content-language': tag };
        const refused = await postJson(`${server.url}/addSocietyQuery`, { ...society, name: '   ' }, headers);
        expect(refused.status, tag).toBe(400);
        expect(await refused.json(), tag).toEqual({ success: false, message: 'Name is required.', field: 'name' });
        const nowhere = await postJson(`${server.url}/nowhere`, {}, headers);
        expect(nowhere.status, tag).toBe(404);
        expect(await nowhere.json(), tag).toEqual({ success: false, message: MESSAGES.notFound });
        const get = await fetch(`${server.url}/addQuery`, { headers });
        expect(get.status, tag).toBe(405);
        expect(await get.json(), tag).toEqual({ success: false, message: MESSAGES.methodNotAllowed });
        const origin = await postJson(`${guarded.url}/addSocietyQuery`, society, { ...headers, origin: 'https://evil.example' });
        expect(origin.status, tag).toBe(403);
        expect(await origin.json(), tag).toEqual({ success: false, message: MESSAGES.originRefused });
      }
      expect(countRows(guarded.dataDir, 'leads')).toBe(0);
    } finally {
      await guarded.stop();
    }
  });
});

describe('intake: answers in Hindi', () => {
  it('refuses a name of spaces in Hindi, 400, and stores nothing', async () => {
    const before = countRows(server.dataDir, 'leads');
    const res = await postJson(`${server.url}/addSocietyQuery`, { ...society, name: '   ' }, HI);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ success: false, message: MESSAGES_HI.required(MESSAGES_HI.labels.name), field: 'name' });
    expect(countRows(server.dataDir, 'leads')).toBe(before);
  });

  it('refuses in Hindi: a bad phone, a course off the list, an over-long field, an unexpected key, a bad partner id, broken JSON', async () => {
    const cases: [string, unknown, string, string | undefined, string?][] = [
      ['/addSocietyQuery', { ...society, phone: '12' }, MESSAGES_HI.invalidPhone, 'phone'],
      ['/addQuery', { ...career, course: 'PhD' }, MESSAGES_HI.invalidChoice.course!, 'course'],
      ['/addSocietyQuery', { ...society, city: 'x'.repeat(101) }, MESSAGES_HI.tooLong(MESSAGES_HI.labels.city, 100), 'city'],
      ['/addQuery', { ...career, resume: null }, MESSAGES_HI.unexpectedField(['resume']), undefined],
      ['/addSocietyQuery', society, MESSAGES_HI.invalidPartner, undefined, '?partner=Not_Valid'],
      ['/addSocietyQuery', '{"name":', MESSAGES_HI.invalidJson, undefined],
    ];
    for (const [path, body, message, field, query = ''] of cases) {
      const res = await postJson(`${server.url}${path}${query}`, body, HI);
      expect(res.status, message).toBe(400);
      // A refusal about one field names it in `field`, the same key in either language; the others name none.
      expect(await res.json()).toEqual(field ? { success: false, message, field } : { success: false, message });
    }
  });

  it('answers 404 and 415 in Hindi too', async () => {
    const notFound = await postJson(`${server.url}/nowhere`, {}, HI);
    expect(notFound.status).toBe(404);
    expect((await notFound.json()).message).toBe(MESSAGES_HI.notFound);
    const wrongType = await fetch(`${server.url}/addQuery`, { method: 'POST', headers: { 'content-type': 'application/xml', ...HI }, body: '<x/>' });
    expect(wrongType.status).toBe(415);
    expect((await wrongType.json()).message).toBe(MESSAGES_HI.unsupportedType);
  });

  it("stores a Hindi form's lead exactly and answers the Hindi success message, which begins with the Hindi widget's prefix", async () => {
    const res = await postJson(`${server.url}/addSocietyQuery`, society, HI);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toEqual({ success: true, message: MESSAGES_HI.societyStored, reference: expect.stringMatching(REFERENCE_PATTERN) });
    expect(body.message.startsWith(hi.society.successPrefix)).toBe(true);
    expect(storedLeads(server.dataDir).at(-1)!.fields).toEqual(society);
    const applied = await postJson(`${server.url}/addQuery`, career, HI);
    expect(await applied.json()).toEqual({ success: true, message: MESSAGES_HI.careerStored, reference: expect.stringMatching(REFERENCE_PATTERN) });
  });

  it('keeps English exactly as before without the header or with another language', async () => {
    for (const headers of [{}, { 'content-language': 'en' }, { 'content-language': 'fr' }] as Record<string, string>[]) {
      const refused = await postJson(`${server.url}/addSocietyQuery`, { ...society, name: '   ' }, headers);
      expect(await refused.json()).toEqual({ success: false, message: 'Name is required.', field: 'name' });
      const stored = await postJson(`${server.url}/addSocietyQuery`, { ...society, email: `x${Math.random()}@example.in` }, headers);
      expect(await stored.json()).toEqual({ success: true, message: MESSAGES.societyStored, reference: expect.stringMatching(REFERENCE_PATTERN) });
      expect(MESSAGES.societyStored.startsWith(en.society.successPrefix)).toBe(true);
    }
  });
});

describe('the catalogues', () => {
  const shape = (value: unknown): unknown =>
    typeof value === 'function' ? 'function' : typeof value === 'object' && value ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shape(v)])) : typeof value;

  it('Hindi has every key of English, with the same shape (service and widgets)', () => {
    expect(shape(MESSAGES_HI)).toEqual(shape(MESSAGES));
    expect(shape({ ...hi, lang: 'x' })).toEqual(shape({ ...en, lang: 'x' }));
  });

  it('a Hindi form marks the field a Hindi refusal names in its `field`, with the Hindi message, as an English one does in English', async () => {
    const refusals: [string, Record<string, unknown>, 'society' | 'career', string, string][] = [
      ['/addSocietyQuery', { ...society, city: '' }, 'society', 'city', MESSAGES_HI.required(MESSAGES_HI.labels.city)],
      ['/addQuery', { ...career, message: 'x'.repeat(4001) }, 'career', 'whyJoin', MESSAGES_HI.tooLong(MESSAGES_HI.labels.message, 4000)],
      ['/addQuery', { ...career, name: '' }, 'career', 'fullName', MESSAGES_HI.required(MESSAGES_HI.labels.name)],
      ['/addSocietyQuery', { ...society, phone: '12' }, 'society', 'phone', MESSAGES_HI.invalidPhone],
    ];
    for (const [path, body, kind, control, message] of refusals) {
      const hindi = await (await postJson(`${server.url}${path}`, body, HI)).json();
      expect(refusedField(hindi, kind), message).toEqual({ name: control, message });
      const english = await (await postJson(`${server.url}${path}`, body)).json();
      expect(english.field, path).toBe(hindi.field);
      expect(refusedField(english, kind)?.name, path).toBe(control);
    }
    const registered = { success: false, message: 'This society is already registered.' };
    expect(refusedField(registered, 'society')).toBeUndefined();
  });
});
