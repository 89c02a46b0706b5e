/**
 * The requests the forms send and the service answers: paths and the headers that carry
 * what must stay out of the spec's JSON body.
 */
import type { LeadKind } from './lead-contract.ts';

/** Each kind's POST path (spec §7). */
export const LEAD_PATHS = { society: '/addSocietyQuery', career: '/addQuery' } as const satisfies Record<LeadKind, string>;

/** POST multipart/form-data, one file part named CV.control (contract/cv-upload.ts): a CV to attach to a career application. */
export const CV_UPLOAD_PATH = '/uploadResume';

/** GET: a proof-of-work challenge (ALTCHA). */
export const CHALLENGE_PATH = '/altcha-challenge';

/** POST: field Web Vitals beacons. */
export const VITALS_PATH = '/vitals';

export const HEADERS = {
  /** The version of the collection notice the visitor was shown. */
  noticeVersion: 'X-Notice-Version',
  /** A solved proof-of-work challenge (base64 JSON). */
  proof: 'X-Altcha',
  /** The form's language: the service answers in it. */
  language: 'Content-Language',
  /**
   * Makes a lead POST safe to repeat (IETF httpapi "The Idempotency-Key HTTP Header Field"):
   * made when the visitor first presses send, sent again by every retry of that submission.
   */
  idempotencyKey: 'Idempotency-Key',
  /** On a career application: the id CV_UPLOAD_PATH answered for its CV. */
  cvUpload: 'X-Resume-Upload',
} as const;

/** An idempotency key: 16–64 letters, digits, `-` or `_` (a UUID fits); sent as a structured-field string ("…"), accepted bare too. */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

/** What a cross-origin form may send (the preflight's Access-Control-Allow-Headers). */
export const ALLOWED_REQUEST_HEADERS = ['Content-Type', HEADERS.proof, HEADERS.noticeVersion, HEADERS.language, HEADERS.idempotencyKey, HEADERS.cvUpload].join(', ');
