/**
 * The lead contract: the two payloads the forms send and the intake service accepts
 * (site spec §3 and §7). Field names in payload order, required or optional, lengths,
 * the course and role lists, the phone and email rules, and every sentence the service
 * answers with. The widgets take their native constraints from it; the service derives
 * its zod schemas from it. Plain data and pure functions only: the widgets bundle it.
 */

export type LeadKind = 'society' | 'career';

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

/** An email address: 1–64 characters before the @, then a domain with at least one dot. */
export const EMAIL_PATTERN = String.raw`[^\s@]{1,64}@[^\s@.]+(?:\.[^\s@.]+)+`;

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
 * The embedder's partner id, sent as `?partner=` on the POST URL (never in the body):
 * 1–40 lowercase letters, digits and inner hyphens (e.g. "greenpark-rwa").
 */
export const PARTNER_ID = /^[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])?$/;

/** One field of a payload: required or optional, and the rule its value follows. */
export type LeadField = { required: boolean } & (
  | { rule: 'text' | 'multiline'; maxLength: number }
  | { rule: 'email'; maxLength: number }
  | { rule: 'phone' }
  | { rule: 'choice'; options: readonly Option[] }
);

const email = { required: true, rule: 'email', maxLength: 254 } as const;
const phone = { required: true, rule: 'phone' } as const;

/** POST /addSocietyQuery, in payload order. */
export const SOCIETY_FIELDS = {
  name: { required: true, rule: 'text', maxLength: 100 },
  email,
  phone,
  societyName: { required: true, rule: 'text', maxLength: 200 },
  city: { required: true, rule: 'text', maxLength: 100 },
  position: { required: false, rule: 'text', maxLength: 100 },
} as const satisfies Record<string, LeadField>;

/** POST /addQuery, in payload order. */
export const CAREER_FIELDS = {
  name: { required: true, rule: 'text', maxLength: 100 },
  email,
  phone,
  college: { required: true, rule: 'text', maxLength: 200 },
  course: { required: true, rule: 'choice', options: COURSES },
  yearOfStudy: { required: true, rule: 'text', maxLength: 100 },
  areaOfInterest: { required: true, rule: 'choice', options: ROLES },
  message: { required: true, rule: 'multiline', maxLength: 4000 },
} as const satisfies Record<string, LeadField>;

export const LEAD_FIELDS = { society: SOCIETY_FIELDS, career: CAREER_FIELDS } as const;

export type FieldName = keyof typeof SOCIETY_FIELDS | keyof typeof CAREER_FIELDS;

/** A kind's field names in payload order. */
export function fieldNames<K extends LeadKind>(kind: K): (keyof (typeof LEAD_FIELDS)[K] & string)[] {
  return Object.keys(LEAD_FIELDS[kind]) as (keyof (typeof LEAD_FIELDS)[K] & string)[];
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
    default:
      return { required: field.required, maxLength: field.maxLength };
  }
}

/** Of a body's stray keys, at most five plain identifiers: the only ones a message names (never arbitrary text). */
export function plainKeys(keys: string[]): string[] {
  return keys.filter((k) => /^[A-Za-z0-9_.-]{1,40}$/.test(k)).slice(0, 5);
}

/** The languages the service answers in (chosen by the request's Content-Language; English otherwise). */
export type ServiceLanguage = 'en' | 'hi';

/** Every sentence the intake service says to a visitor, in English (lead-contract.hi.ts: the Hindi twin). */
export const MESSAGES = {
  societyStored:
    'Society request submitted successfully. We will contact you within 24 hours to set up your society.',
  careerStored: 'Application received. Our team will review it and connect with you shortly.',
  notObject: 'Please send the form fields as a JSON object.',
  emptyBody: 'The request was empty. Please fill in the form and try again.',
  invalidJson: 'The request could not be read. Please submit the form again.',
  tooLarge: 'The form is too large to submit. Please shorten your answers and try again.',
  unsupportedType: 'Please send the form as JSON (Content-Type: application/json).',
  tooManyRequests: 'Too many requests. Please wait a minute and try again.',
  originRefused:
    'This website is not set up to send registrations to us, so your details were not sent. Please contact the society or the website owner directly.',
  invalidPartner:
    'The partner id of this form is not valid (1 to 40 lowercase letters, digits or hyphens). Please tell the website owner.',
  notFound: 'There is nothing to submit at this address.',
  methodNotAllowed: 'This address only accepts POST requests.',
  /** How the messages below name each field ("City is required."); the forms show their own labels. */
  labels: {
    name: 'Name',
    email: 'Email',
    phone: 'Phone number',
    societyName: 'Society name',
    city: 'City',
    position: 'Position',
    college: 'College',
    course: 'Course',
    yearOfStudy: 'Year of study',
    areaOfInterest: 'Preferred role',
    message: 'Message',
  } satisfies Record<FieldName, string>,
  required: (label: string) => `${label} is required.`,
  notText: (label: string) => `${label} must be text.`,
  tooLong: (label: string, max: number) => `${label} must be at most ${max} characters.`,
  forbiddenCharacters: (label: string) => `${label} contains characters that are not allowed.`,
  invalidEmail: 'Please enter a valid email address.',
  invalidPhone: 'Please enter a valid phone number.',
  /** A value outside a choice field's list, by field name. */
  invalidChoice: {
    course: 'Please choose your course from the list.',
    areaOfInterest: 'Please choose your preferred role from the list.',
  } satisfies Partial<Record<FieldName, string>> as Partial<Record<FieldName, string>>,
  /** Names a stray key only when it is a plain identifier (never echoes arbitrary text). */
  unexpectedField: (keys: string[]) => {
    const plain = plainKeys(keys);
    return plain.length
      ? `The form contains an unexpected field: ${plain.join(', ')}.`
      : 'The form contains unexpected fields.';
  },
  unavailable: 'We could not save your request right now. Please try again in a moment.',
  generic: 'Something went wrong. Please try again.',
  invalidVitals: (detail: string) => `Invalid vitals beacon: ${detail}`,
} as const;

/** Literal strings widened to `string`, so a translation must have every key of MESSAGES with the same shape. */
type Widen<T> = T extends string
  ? string
  : T extends (...args: infer A) => string
    ? (...args: A) => string
    : T extends object
      ? { [K in keyof T]: Widen<T[K]> }
      : T;

/** The shape of a message catalogue of the service (MESSAGES and its translations). */
export type LeadMessages = Widen<typeof MESSAGES>;
