/** The shared valid payloads (test/helpers/fixtures.ts) are what the service accepts, with exactly the contract's fields. */
import { describe, expect, it } from 'vitest';
import { fieldNames, LEAD_KINDS, payloadOf } from '../../contract/lead-contract.ts';
import { LEAD_SCHEMAS_BY_LANGUAGE } from '../../server/intake/leads.ts';
import { formValues, VALID_CAREER, VALID_LEADS, validLead } from '../helpers/fixtures.ts';

const LEAD_SCHEMAS = LEAD_SCHEMAS_BY_LANGUAGE.en;

describe('test fixtures', () => {
  it.each(LEAD_KINDS)('%s: every field of the contract, in payload order, and the service accepts it', (kind) => {
    expect(Object.keys(VALID_LEADS[kind])).toEqual(fieldNames(kind));
    expect(LEAD_SCHEMAS[kind].safeParse(VALID_LEADS[kind]).success).toBe(true);
  });

  it('a changed copy is refused when the change breaks the contract (the fixture can fail)', () => {
    expect(LEAD_SCHEMAS.society.safeParse(validLead('society', { email: 'not-an-email' })).success).toBe(false);
    expect(LEAD_SCHEMAS.career.safeParse(validLead('career', { course: 'Astrology' })).success).toBe(false);
  });

  it.each(LEAD_KINDS)('%s: the form values send the valid payload', (kind) => {
    expect(payloadOf(kind, formValues(kind))).toEqual(VALID_LEADS[kind]);
  });

  it('career form values: each field in its control, a change in its field', () => {
    expect(formValues('career')).toMatchObject({ fullName: VALID_CAREER.name, whyJoin: VALID_CAREER.message });
    expect(formValues('career', { name: 'Meera' })).toMatchObject({ fullName: 'Meera', email: VALID_CAREER.email });
  });
});
