import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, rawRequest, startServer, type RunningServer } from '../helpers/server.ts';
import { VALID_CAREER, VALID_SOCIETY } from '../helpers/fixtures.ts';

// Each refused body is a valid payload with the one thing named in its label broken.
const society = VALID_SOCIETY;
const career = VALID_CAREER;

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ env: { RATE_LIMIT_MAX: '10000' } });
});
afterAll(async () => {
  await server.stop();
});

/** contentType null: no Content-Type header at all. */
async function send(path: string, body: string | undefined, contentType: string | null) {
  const headers: Record<string, string> = {};
  if (contentType !== null) headers['content-type'] = contentType;
  const res = await rawRequest(`${server.url}${path}`, { headers, body });
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const json = JSON.parse(res.text);
  // The spec's two keys, and for a refused field its payload key in `field`.
  expect(json).toEqual({ success: false, message: expect.any(String), ...('field' in json ? { field: expect.any(String) } : {}) });
  expect(json.message.length).toBeGreaterThan(10);
  return { status: res.status, message: json.message as string, field: json.field as string | undefined };
}

const j = (o: unknown) => JSON.stringify(o);

type Case = [label: string, path: string, body: string | undefined, status: number, message: RegExp | string, contentType?: string | null];

/** The payload key each refusal about one field names in its `field`; the others name none. */
const REFUSED_FIELD: Record<string, string> = {
  'a missing required key': 'societyName',
  'a required value that is only spaces': 'city',
  'a number instead of a string (no coercion)': 'phone',
  'null as a value': 'college',
  'an array as a value': 'name',
  'null for the optional position': 'position',
  'an implausible email': 'email',
  'an email with spaces': 'email',
  'a phone with letters': 'phone',
  'a phone with too few digits': 'phone',
  'a phone with too many digits': 'phone',
  'a phone with + in the middle': 'phone',
  'a course not in the list': 'course',
  'an area of interest not in the list': 'areaOfInterest',
  'a name over 100 characters': 'name',
  'a message over 4000 characters': 'message',
  'a control character in a name': 'name',
};

const cases: Case[] = [
  ['an unknown key', '/addSocietyQuery', j({ ...society, admin: 'yes' }), 400, /unexpected field: admin/i],
  ['an unknown key that is not a plain name (never echoed)', '/addQuery', j({ ...career, '<b>x</b>': 1 }), 400, 'The form contains unexpected fields.'],
  ['a missing required key', '/addSocietyQuery', j({ ...society, societyName: undefined }), 400, 'Society name is required.'],
  ['a required value that is only spaces', '/addSocietyQuery', j({ ...society, city: '   ' }), 400, 'City is required.'],
  ['a number instead of a string (no coercion)', '/addSocietyQuery', j({ ...society, phone: 9876543210 }), 400, /phone number must be text/i],
  ['null as a value', '/addQuery', j({ ...career, college: null }), 400, /college must be text/i],
  ['an array as a value', '/addQuery', j({ ...career, name: ['a'] }), 400, /name must be text/i],
  ['null for the optional position', '/addSocietyQuery', j({ ...society, position: null }), 400, /position must be text/i],
  ['an implausible email', '/addSocietyQuery', j({ ...society, email: 'asha@example' }), 400, 'Please enter a valid email address.'],
  ['an email with spaces', '/addQuery', j({ ...career, email: 'ravi kumar@example.com' }), 400, 'Please enter a valid email address.'],
  ['a phone with letters', '/addSocietyQuery', j({ ...society, phone: '98765abc10' }), 400, 'Please enter a valid phone number.'],
  ['a phone with too few digits', '/addQuery', j({ ...career, phone: '12345' }), 400, 'Please enter a valid phone number.'],
  ['a phone with too many digits', '/addQuery', j({ ...career, phone: '+1234567890123456' }), 400, 'Please enter a valid phone number.'],
  ['a phone with + in the middle', '/addQuery', j({ ...career, phone: '98765+43210' }), 400, 'Please enter a valid phone number.'],
  ['a course not in the list', '/addQuery', j({ ...career, course: 'PhD' }), 400, /course from the list/i],
  ['an area of interest not in the list', '/addQuery', j({ ...career, areaOfInterest: 'ceo' }), 400, /role from the list/i],
  ['a name over 100 characters', '/addSocietyQuery', j({ ...society, name: 'a'.repeat(101) }), 400, /at most 100 characters/],
  ['a message over 4000 characters', '/addQuery', j({ ...career, message: 'm'.repeat(4001) }), 400, /at most 4000 characters/],
  ['a control character in a name', '/addSocietyQuery', j({ ...society, name: 'Asha\u0000' }), 400, /not allowed/],
  ['a JSON array body', '/addQuery', j([career]), 400, /JSON object/],
  ['a JSON string body', '/addQuery', j('hello'), 400, /JSON object/],
  ['a JSON null body', '/addSocietyQuery', 'null', 400, /JSON object/],
  ['a body that is not JSON', '/addSocietyQuery', '{"name": "Asha",', 400, /could not be read/],
  ['a __proto__ key', '/addSocietyQuery', '{"__proto__": {"x": 1}}', 400, /could not be read/],
  ['an empty body with application/json', '/addSocietyQuery', '', 400, /empty/],
  ['an empty body without a content type', '/addQuery', undefined, 400, /empty/, null],
  ['text/plain', '/addSocietyQuery', j(society), 415, /Content-Type: application\/json/, 'text/plain;charset=UTF-8'],
  ['a body over 16 KB', '/addQuery', j({ ...career, message: 'x'.repeat(17 * 1024) }), 413, /too large/],
  ['a POST to an unknown path', '/addQueries', j(career), 404, /nothing to submit/],
];

describe('intake: refused input', () => {
  it.each(cases)('refuses %s', async (label, path, body, status, message, contentType = 'application/json') => {
    const before = countRows(server.dataDir, 'leads');
    const res = await send(path, body, contentType);
    expect(res.status).toBe(status);
    expect(res.field).toBe(REFUSED_FIELD[label]);
    if (typeof message === 'string') expect(res.message).toBe(message);
    else expect(res.message).toMatch(message);
    expect(countRows(server.dataDir, 'leads')).toBe(before);
  });

  it('refuses a body without a content type with 415', async () => {
    const res = await send('/addQuery', j(career), null);
    expect(res.status).toBe(415);
  });

  it('answers other methods on the API paths with 405 JSON', async () => {
    for (const method of ['PUT', 'DELETE', 'PATCH', 'GET']) {
      const res = await rawRequest(`${server.url}/addQuery`, { method });
      expect(res.status).toBe(405);
      expect(JSON.parse(res.text)).toEqual({ success: false, message: expect.any(String) });
    }
  });

  it('stored nothing for any refused request', () => {
    expect(countRows(server.dataDir, 'leads')).toBe(0);
  });
});
