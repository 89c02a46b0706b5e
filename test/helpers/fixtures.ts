/**
 * Valid lead payloads, one per kind, that every test starts from: each is checked against
 * the contract's field list (test/forms/fixtures.unit.test.ts), so a field added to the contract
 * is added here once, not in every test.
 */
import { controlName, fieldNames, type ControlOf, type FieldOf, type LeadKind } from '../../contract/lead-contract.ts';

export const VALID_SOCIETY = {
  name: 'Asha Rao',
  email: 'asha@example.in',
  phone: '+91 98765 43210',
  societyName: 'Green Park',
  city: 'Pune',
  position: '',
} as const satisfies Record<FieldOf<'society'>, string>;

export const VALID_CAREER = {
  name: 'Ravi Kumar',
  email: 'ravi@example.in',
  phone: '9876543210',
  college: 'COEP',
  course: 'MCA',
  yearOfStudy: 'Final year',
  areaOfInterest: 'tech-intern',
  message: 'I would like to join.',
} as const satisfies Record<FieldOf<'career'>, string>;

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
