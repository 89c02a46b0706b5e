import { describe, expect, it } from 'vitest';
import { LEAD_SCHEMAS_BY_LANGUAGE } from '../../server/intake/leads.ts';
import {
  CAREER_FIELDS,
  EMAIL_PATTERN,
  matchesPattern,
  nationalPhoneNumber,
  nativeConstraints,
  PHONE_PATTERN,
  SINGLE_LINE_PATTERN,
  SOCIETY_FIELDS,
} from '../../contract/lead-contract.ts';
import { VALID_CAREER as career, VALID_SOCIETY as society } from '../helpers/fixtures.ts';
import { EMAIL_CASES, MULTILINE_CASES, PHONE_CASES, TEXT_CASES } from '../helpers/lead-cases.ts';

const LEAD_SCHEMAS = LEAD_SCHEMAS_BY_LANGUAGE.en;
/** Two phones, as typed, are the same number when their national numbers are: how the service compares them. */
const samePhoneNumber = (a: string, b: string) => nationalPhoneNumber(a) === nationalPhoneNumber(b);
const serviceAccepts = (fields: Partial<Record<keyof typeof society, string>>) => LEAD_SCHEMAS.society.safeParse({ ...society, ...fields }).success;

/** What a browser's own validation does with a control that has these constraints (required, minlength, maxlength, pattern). */
function browserAccepts(value: string, c: { required?: boolean; minLength?: number; maxLength?: number; pattern?: string }): boolean {
  if (value === '') return !c.required;
  if (c.minLength !== undefined && value.length < c.minLength) return false;
  if (c.maxLength !== undefined && value.length > c.maxLength) return false;
  return c.pattern === undefined || matchesPattern(c.pattern, value);
}
// Value sanitisation: type=tel strips newlines; type=email also strips leading and trailing ASCII whitespace.
const asTel = (raw: string) => raw.replace(/[\r\n]/g, '');
const asEmail = (raw: string) => asTel(raw).replace(/^[\t\n\f\r ]+|[\t\n\f\r ]+$/g, '');

describe('lead contract: browser and service agree', () => {
  it('compiles its patterns as browsers do (the v flag), or a browser would ignore them', () => {
    for (const pattern of [PHONE_PATTERN, EMAIL_PATTERN, SINGLE_LINE_PATTERN]) expect(() => new RegExp(`^(?:${pattern})$`, 'v')).not.toThrow();
  });

  it.each(PHONE_CASES)('phone %j: accepted = %s', (phone, accepted) => {
    expect(browserAccepts(asTel(phone), nativeConstraints(SOCIETY_FIELDS.phone))).toBe(accepted);
    expect(serviceAccepts({ phone })).toBe(accepted);
  });

  it.each(EMAIL_CASES)('email %j: accepted = %s', (email, accepted) => {
    expect(browserAccepts(asEmail(email), nativeConstraints(SOCIETY_FIELDS.email))).toBe(accepted);
    expect(serviceAccepts({ email })).toBe(accepted);
  });

  it.each(TEXT_CASES)('one-line text %j: accepted = %s', (city, accepted) => {
    expect(browserAccepts(city, nativeConstraints(SOCIETY_FIELDS.city))).toBe(accepted);
    expect(serviceAccepts({ city })).toBe(accepted);
  });

  it.each(MULTILINE_CASES)('message %j: accepted by the service = %s', (message, accepted) => {
    expect(LEAD_SCHEMAS.career.safeParse({ ...career, message }).success).toBe(accepted);
  });

  it('gives every text control the length the service allows, and the service refuses one character more', () => {
    for (const [kind, fields, valid] of [['society', SOCIETY_FIELDS, society], ['career', CAREER_FIELDS, career]] as const) {
      for (const [name, field] of Object.entries(fields)) {
        if (field.rule !== 'text' && field.rule !== 'multiline') continue;
        const { maxLength } = nativeConstraints(field) as { maxLength: number };
        expect(maxLength, `${kind}.${name}`).toBe(field.maxLength);
        expect(LEAD_SCHEMAS[kind].safeParse({ ...valid, [name]: 'x'.repeat(maxLength) }).success, `${kind}.${name} at the limit`).toBe(true);
        expect(LEAD_SCHEMAS[kind].safeParse({ ...valid, [name]: 'x'.repeat(maxLength + 1) }).success, `${kind}.${name} over it`).toBe(false);
      }
    }
  });
});

describe('lead contract: when two phones are the same number', () => {
  const SPELLINGS_OF_ONE_NUMBER = [
    '9876543210',
    '09876543210',
    '+91 98765 43210',
    '+91-98765-43210',
    '+91 098765 43210',
    '091 9876543210',
    '0091 98765 43210',
    '91 98765 43210',
    '+91 0 98765-43210',
    ' 98765 43210 ',
  ];

  it('reads every spelling of an Indian number, with or without +91, 0091, 091 or a trunk zero, as its 10-digit national number', () => {
    for (const phone of SPELLINGS_OF_ONE_NUMBER) {
      expect(nationalPhoneNumber(phone), phone).toBe('9876543210');
      expect(samePhoneNumber(phone, '+919876543210'), phone).toBe(true);
    }
  });

  it('accepts each of those spellings on the form and at the service alike', () => {
    for (const phone of SPELLINGS_OF_ONE_NUMBER) {
      expect(browserAccepts(asTel(phone), nativeConstraints(SOCIETY_FIELDS.phone)), phone).toBe(true);
      expect(serviceAccepts({ phone }), phone).toBe(true);
    }
  });

  it('keeps a national number that begins with 91, a landline, and other countries apart', () => {
    expect(nationalPhoneNumber('91234 56789')).toBe('9123456789');
    expect(nationalPhoneNumber('+91 91234 56789')).toBe('9123456789');
    expect(nationalPhoneNumber('011 2345 6789')).toBe('1123456789');
    expect(nationalPhoneNumber('+91 11 2345 6789')).toBe('1123456789');
    expect(nationalPhoneNumber('+1 415 555 2671')).toBe('14155552671');
    expect(nationalPhoneNumber('0044 20 7946 0958')).toBe('442079460958');
    expect(samePhoneNumber('98765 43210', '98765 43211')).toBe(false);
    expect(samePhoneNumber('+1 98765 43210', '98765 43210')).toBe(false);
    expect(samePhoneNumber('1234567', '01234567')).toBe(true);
  });
});
