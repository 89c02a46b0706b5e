/** The shared valid payloads (test/helpers/fixtures.ts) are what the service accepts, with exactly the contract's fields. */
import { describe, expect, it } from 'vitest';
import { fieldNames, LEAD_KINDS } from '../contract/lead-contract.ts';
import { LEAD_SCHEMAS } from '../server/intake/leads.ts';
import { VALID_LEADS, validLead } from './helpers/fixtures.ts';

describe('test fixtures', () => {
  it.each(LEAD_KINDS)('%s: every field of the contract, in payload order, and the service accepts it', (kind) => {
    expect(Object.keys(VALID_LEADS[kind])).toEqual(fieldNames(kind));
    expect(LEAD_SCHEMAS[kind].safeParse(VALID_LEADS[kind]).success).toBe(true);
  });

  it('a changed copy is refused when the change breaks the contract (the fixture can fail)', () => {
    expect(LEAD_SCHEMAS.society.safeParse(validLead('society', { email: 'not-an-email' })).success).toBe(false);
    expect(LEAD_SCHEMAS.career.safeParse(validLead('career', { course: 'Astrology' })).success).toBe(false);
  });
});
