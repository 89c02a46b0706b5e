/**
 * What the forms and the service say alike, in English (hi.ts: the Hindi twin, same keys
 * and shapes): every sentence the intake service says to a visitor (the forms read them
 * too: which field a refusal names) and the collection notice under each form.
 */
import type { NoticeText } from '../collection-notice.ts';
import type { FieldName } from '../lead-contract.ts';
import type { LanguageCode } from '../languages.ts';

/** Of a body's stray keys, at most five plain identifiers: the only ones a message names (never arbitrary text). */
export function plainKeys(keys: string[]): string[] {
  return keys.filter((k) => /^[A-Za-z0-9_.-]{1,40}$/.test(k)).slice(0, 5);
}

/** The languages the service answers in (chosen by the request's Content-Language; English otherwise). */
export type ServiceLanguage = LanguageCode;

export const MESSAGES = {
  societyStored:
    'Society request submitted successfully. We will contact you within 24 hours to set up your society.',
  careerStored: 'Application received. Our team will review it and connect with you shortly.',
  notObject: 'Please send the form fields as a JSON object.',
  emptyBody: 'The request was empty. Please fill in the form and try again.',
  invalidJson: 'The request could not be read. Please submit the form again.',
  tooLarge: 'The form is too large to submit. Please shorten your answers and try again.',
  /** A CV past CV.maxBytes (contract/cv-upload.ts), of a type not taken, or an upload id the service does not hold. */
  cvTooLarge: (mb: number) => `The CV is larger than ${mb} MB. Please attach a smaller file.`,
  cvType: 'The CV must be a PDF, DOC or DOCX file.',
  cvUnknown: 'The attached CV was not found (a file is kept for 24 hours until the application is sent). Please attach it again.',
  /** Past CV_UPLOAD_RATE_LIMIT_MAX files from one client in an hour; past CV_STORAGE_MAX_MB for every CV together (the application is still taken without one). */
  cvTooMany: 'Too many CVs were sent from your connection in the last hour. Please send your application without a CV, or try again in an hour.',
  cvStorageFull: 'We cannot take more CVs right now. Please send your application without a CV; our team will ask you for it.',
  unsupportedType: 'Please send the form as JSON (Content-Type: application/json) or as a web form (application/x-www-form-urlencoded).',
  tooManyRequests: 'Too many requests. Please wait a minute and try again.',
  /** A form sent without script past the hourly number allowed from one connection (docs/intake-api.md). */
  tooManyWithoutProof: 'Too many forms were sent from your connection without JavaScript. Please turn JavaScript on, or wait an hour, and try again.',
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
  invalidIdempotencyKey: 'The Idempotency-Key header must be 16 to 64 letters, digits, hyphens or underscores.',
  idempotencyKeyReused:
    'This Idempotency-Key was already used for a different submission. Send a new submission with a new key.',
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

/** The collection notice in English (collection-notice.ts puts it together). */
export const EN_NOTICE: NoticeText = {
  heading: 'How we use your details',
  stop: '.',
  collected: {
    society: 'We collect your name, email, phone number, society name, city and, if you give it, your position.',
    career: 'We collect your name, email, phone number, college, course, year of study, preferred role and your message, and your CV if you attach one.',
  },
  purpose: {
    society: 'We use them only to contact you about setting up the app for your society. By sending this form you agree to this.',
    career: 'We use them only to review your application and contact you about it. By sending this form you agree to this.',
  },
  retention: (period) => `We keep them for ${period} after you send them, then erase them.`,
  device: (days) => `Until you send them, they are kept on this device (up to ${days} days), and the campaign of the link you came by, in this tab.`,
  withdraw: (email) => `You can withdraw your consent at any time, or ask to see, correct or erase your data, by writing to ${email}.`,
  link: 'Read the full privacy notice',
  newTab: 'opens in a new tab',
  period: { month: 'month', months: 'months', day: 'day', days: 'days' },
  inYourLanguage: 'Read this in your language',
};

/** How a lead's reference is introduced, on the form's confirmation and in the emails to the person. */
export const EN_REFERENCE = { label: 'Your reference', hint: 'Quote it when you call or write to us.' };
