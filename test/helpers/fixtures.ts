/**
 * Valid lead payloads, one per kind, that every test starts from: each is checked against
 * the contract's field list (test/forms/fixtures.unit.test.ts). A required field added to the
 * contract is added here once (the typecheck asks for it), not in every test; an optional one
 * is sent empty without a word here.
 */
import { controlName, fieldNames, type ControlOf, type FieldOf, type LEAD_FIELDS, type LeadKind } from '../../contract/lead-contract.ts';

/** A kind's required fields: a fixture gives each. */
type RequiredFieldOf<K extends LeadKind> = { [F in FieldOf<K>]: (typeof LEAD_FIELDS)[K][F] extends { required: true } ? F : never }[FieldOf<K>];

/** Every field of the contract, in payload order: the values given, an optional field left out sent as "". */
function payload<K extends LeadKind>(kind: K, given: Record<RequiredFieldOf<K>, string> & Partial<Record<FieldOf<K>, string>>): Record<FieldOf<K>, string> {
  const values: Partial<Record<FieldOf<K>, string>> = given;
  return Object.fromEntries(fieldNames(kind).map((field) => [field, values[field] ?? ''])) as Record<FieldOf<K>, string>;
}

export const VALID_SOCIETY = payload('society', {
  name: 'Asha Rao',
  email: 'asha@example.in',
  phone: '+91 98765 43210',
  societyName: 'Green Park',
  city: 'Pune',
});

export const VALID_CAREER = payload('career', {
  name: 'Ravi Kumar',
  email: 'ravi@example.in',
  phone: '9876543210',
  college: 'COEP',
  course: 'MCA',
  yearOfStudy: 'Final year',
  areaOfInterest: 'tech-intern',
  message: 'I would like to join.',
});

export const VALID_LEADS = { society: VALID_SOCIETY, career: VALID_CAREER } as const satisfies Record<LeadKind, Record<string, string>>;

/** A valid payload of `kind` with some fields replaced (and each call a fresh object). */
export function validLead<K extends LeadKind>(kind: K, changes: Partial<Record<FieldOf<K>, unknown>> = {}): Record<string, unknown> {
  return { ...VALID_LEADS[kind], ...changes };
}

/**
 * What a visitor types into a form's controls to send a valid payload of `kind` with some
 * fields replaced: each field under its control's name (career: name in fullName, message
 * in whyJoin). For tests that need a filled form, not the mapping itself.
 */
export function formValues<K extends LeadKind>(kind: K, changes: Partial<Record<FieldOf<K>, string>> = {}): Record<ControlOf<K>, string> {
  const payload: Record<string, string> = { ...VALID_LEADS[kind], ...changes };
  return Object.fromEntries(fieldNames(kind).map((field) => [controlName(kind, field), payload[field]])) as Record<ControlOf<K>, string>;
}
