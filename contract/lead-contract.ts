/**
 * The lead contract: the two payloads the forms send and the intake service accepts
 * (site spec §3 and §7). Field names in payload order, required or optional, lengths,
 * the course and role lists, and the rules a value follows (phone, email, no control
 * characters). The widgets take their controls and native constraints from it; the
 * service derives its zod schemas from it. Plain data and pure functions only: the
 * widgets bundle it.
 */

/** The two kinds of lead, one per form and endpoint. */
export const LEAD_KINDS = ['society', 'career'] as const;
export type LeadKind = (typeof LEAD_KINDS)[number];

/** A choice's stored value and the text the form shows for it. */
interface Option {
  value: string;
  label: string;
}

/** The courses of the career form, as sent; in English each value is also its visible label. */
export const COURSE_VALUES = ['BCA', 'MCA', 'B.Tech', 'M.Tech', 'BBA', 'MBA', 'Other'] as const;
export type CourseValue = (typeof COURSE_VALUES)[number];

export const COURSES: readonly { value: CourseValue; label: string }[] = COURSE_VALUES.map((c) => ({ value: c, label: c }));

export const ROLES = [
  { value: 'tech-intern', label: 'Tech Intern' },
  { value: 'marketing-sales-intern', label: 'Marketing & Sales Intern' },
  { value: 'member-technical-staff', label: 'Member of Technical Staff' },
] as const satisfies readonly Option[];
export type RoleValue = (typeof ROLES)[number]['value'];

/**
 * A phone number as typed: an optional +, a digit, then digits, spaces and hyphens;
 * 7–15 digits; at most 20 characters once surrounding whitespace is trimmed.
 */
const PHONE = { minDigits: 7, maxDigits: 15, maxLength: 20 } as const;

/**
 * The phone rule as an HTML `pattern` (browsers compile it as `^(?:pattern)$` with the
 * `v` flag), so the browser refuses exactly what the service refuses. Surrounding
 * whitespace is allowed because the service trims it; the first lookahead bounds the
 * length of what is left, the second counts its digits.
 */
export const PHONE_PATTERN =
  String.raw`\s*(?=[0-9+ \-]{1,${PHONE.maxLength}}\s*$)(?=(?:[^0-9]*[0-9]){${PHONE.minDigits},${PHONE.maxDigits}}[^0-9]*$)\+?[0-9](?:[0-9 \-]*[0-9\-])?\s*`;

/** India's country calling code, and the length of an Indian national number (mobile or area code + landline). */
const INDIA = { countryCode: '91', nationalDigits: 10 } as const;

/**
 * The one rule for when two phones are the same number (the service's ten-minute repeat
 * check, the spam flag's repeat check, a person's access and erasure requests): an Indian
 * number written with or without +91, 0091, 091, 91 or a trunk 0 (and any spaces or
 * hyphens) becomes its 10-digit national number, "+91 098765 43210" → "9876543210".
 * Any other number becomes its digits without leading zeros (a 00 international prefix
 * or a trunk 0), so "+1 415 555 2671" → "14155552671". A 10-digit number that itself
 * begins with 91 stays as it is.
 */
export function nationalPhoneNumber(raw: string): string {
  const digits = raw.replace(/[^0-9]/g, '').replace(/^0+/, '');
  if (digits.startsWith(INDIA.countryCode)) {
    const national = digits.slice(INDIA.countryCode.length).replace(/^0+/, '');
    if (national.length === INDIA.nationalDigits) return national;
  }
  return digits;
}

/** How long a form keeps a draft or a send waiting on the device (device.ts). */
export { OUTBOX_MAX_AGE_DAYS } from './device.ts';

/** An email address: 1–64 characters before the @, then a domain with at least one dot; no space or control character anywhere. */
export const EMAIL_PATTERN = String.raw`[^\s@\p{Cc}]{1,64}@[^\s@.\p{Cc}]+(?:\.[^\s@.\p{Cc}]+)+`;

/** A one-line text value: any characters but control characters (a pasted escape sequence, a NUL). */
export const SINGLE_LINE_PATTERN = String.raw`[^\p{Cc}]*`;

/** Control characters a value may not contain: every one on a line, all but tab and line breaks in a multi-line message. */
const CONTROL_CHARACTERS = {
  singleLine: /\p{Cc}/u,
  multiline: /[^\P{Cc}\t\n\r]/u,
} as const;

/** True when a value holds a control character its field does not take. */
export function hasForbiddenCharacters(field: LeadField, value: string): boolean {
  return (field.rule === 'multiline' ? CONTROL_CHARACTERS.multiline : CONTROL_CHARACTERS.singleLine).test(value);
}

/**
 * True when the whole value matches an HTML `pattern`, as a browser checks it. Browsers
 * compile `^(?:pattern)$` with the `v` flag; these patterns use nothing `v` adds (set
 * operations, string properties), so `u` means the same here, and Node 20's engine
 * mis-matches some quantified groups under `v` (`/^(?:[^a]b)+$/v` fails on "cb").
 */
export function matchesPattern(pattern: string, value: string): boolean {
  return new RegExp(`^(?:${pattern})$`, 'u').test(value);
}

/**
 * One field of a payload: required or optional, the rule its value follows, and for the
 * form: its control's name when the spec names it differently from the payload key
 * (career: fullName → name), and the browser's autofill token. Any rule may be optional:
 * an optional field's value may be left out or empty (the service stores ''), anything
 * else follows its rule; the browser gets `required` from the same flag.
 */
export type LeadField = { required: boolean; control?: string; autoComplete?: string } & (
  | { rule: 'text' | 'multiline'; maxLength: number }
  | { rule: 'email'; maxLength: number }
  | { rule: 'phone' }
  | { rule: 'choice'; options: readonly Option[] }
);

const email = { required: true, rule: 'email', maxLength: 254, autoComplete: 'email' } as const;
const phone = { required: true, rule: 'phone', autoComplete: 'tel' } as const;

/** POST /addSocietyQuery, in payload order. */
export const SOCIETY_FIELDS = {
  name: { required: true, rule: 'text', maxLength: 100, autoComplete: 'name' },
  email,
  phone,
  societyName: { required: true, rule: 'text', maxLength: 200, autoComplete: 'organization' },
  city: { required: true, rule: 'text', maxLength: 100, autoComplete: 'address-level2' },
  position: { required: false, rule: 'text', maxLength: 100, autoComplete: 'organization-title' },
} as const satisfies Record<string, LeadField>;

/** POST /addQuery, in payload order. */
export const CAREER_FIELDS = {
  name: { required: true, rule: 'text', maxLength: 100, control: 'fullName', autoComplete: 'name' },
  email,
  phone,
  college: { required: true, rule: 'text', maxLength: 200, autoComplete: 'organization' },
  course: { required: true, rule: 'choice', options: COURSES },
  yearOfStudy: { required: true, rule: 'text', maxLength: 100 },
  areaOfInterest: { required: true, rule: 'choice', options: ROLES },
  message: { required: true, rule: 'multiline', maxLength: 4000, control: 'whyJoin' },
} as const satisfies Record<string, LeadField>;

export const LEAD_FIELDS = { society: SOCIETY_FIELDS, career: CAREER_FIELDS } as const;

export type FieldName = keyof typeof SOCIETY_FIELDS | keyof typeof CAREER_FIELDS;

/** Whether a stored field's key is one of the contract's (every catalogue then has its label). */
export const isFieldName = (name: string): name is FieldName => Object.hasOwn(SOCIETY_FIELDS, name) || Object.hasOwn(CAREER_FIELDS, name);

/** A kind's payload keys. */
export type FieldOf<K extends LeadKind> = keyof (typeof LEAD_FIELDS)[K] & string;

/** A kind's control names: a field's `control`, else its payload key. */
export type ControlOf<K extends LeadKind> = {
  [F in FieldOf<K>]: (typeof LEAD_FIELDS)[K][F] extends { control: infer C extends string } ? C : F;
}[FieldOf<K>];

/** A kind's field names in payload order. */
export function fieldNames<K extends LeadKind>(kind: K): FieldOf<K>[] {
  return Object.keys(LEAD_FIELDS[kind]) as FieldOf<K>[];
}

/** The control that holds a field's value. */
export function controlName<K extends LeadKind>(kind: K, field: FieldOf<K>): ControlOf<K> {
  return ((LEAD_FIELDS[kind][field] as LeadField).control ?? field) as ControlOf<K>;
}

/** The payload key a control's value goes to, if the control is one of the kind's. */
export function fieldOfControl<K extends LeadKind>(kind: K, control: string): FieldOf<K> | undefined {
  return fieldNames(kind).find((field) => controlName(kind, field) === control);
}

/** A form's controls, each empty, in payload order. */
export function emptyValues<K extends LeadKind>(kind: K): Record<ControlOf<K>, string> {
  return Object.fromEntries(fieldNames(kind).map((field) => [controlName(kind, field), ''])) as Record<ControlOf<K>, string>;
}

/** The request body: every field of the kind, in payload order, from its control's value. */
export function payloadOf<K extends LeadKind>(kind: K, values: Record<ControlOf<K>, string>): Record<FieldOf<K>, string> {
  return Object.fromEntries(fieldNames(kind).map((field) => [field, values[controlName(kind, field)] ?? ''])) as Record<FieldOf<K>, string>;
}

/** The rules whose control, when it is an <input>, is a plain text box (email and phone have their own). */
type TextBoxRule = 'text' | 'multiline' | 'choice';

/**
 * The `type` of a field's <input> (choice fields are a <select>, multi-line ones a
 * <textarea>). Its parameter names every rule: a rule added to LeadField fails the
 * typecheck of every caller until it is placed here, rather than silently becoming a text box.
 */
export function inputType(field: LeadField & { rule: 'email' | 'phone' | TextBoxRule }): 'text' | 'email' | 'tel' {
  return field.rule === 'email' ? 'email' : field.rule === 'phone' ? 'tel' : 'text';
}

/** The browser's own checks for a field's control (React props): the same limits the service applies. */
export function nativeConstraints(field: LeadField) {
  switch (field.rule) {
    case 'phone':
      return { required: field.required, minLength: PHONE.minDigits, pattern: PHONE_PATTERN, inputMode: 'tel' } as const;
    case 'email':
      return { required: field.required, maxLength: field.maxLength, pattern: EMAIL_PATTERN, inputMode: 'email' } as const;
    case 'choice':
      return { required: field.required };
    case 'multiline':
      return { required: field.required, maxLength: field.maxLength };
    case 'text':
      return { required: field.required, maxLength: field.maxLength, pattern: SINGLE_LINE_PATTERN };
  }
}

