/**
 * What the team's app (/team/, widgets/team/) and the service's team API (server/team/)
 * agree on: the statuses of each kind of lead, the filters of the worklist, what "late"
 * means, the paths of the API and the codes of its refusals. Plain data and pure functions.
 */
import type { CvSummary } from './cv-upload.ts';
import type { LanguageCode } from './languages.ts';
import { nationalPhoneNumber, type LeadKind } from './lead-contract.ts';

/** Each kind's statuses, in the order work moves through them; the first is every new lead's. */
export const LEAD_STATUSES = {
  society: ['new', 'contacted', 'demo booked', 'set up', 'not a fit'],
  career: ['new', 'screening', 'interview', 'offer', 'not selected'],
} as const satisfies Record<LeadKind, readonly string[]>;

export type LeadStatus = (typeof LEAD_STATUSES)[LeadKind][number];

/** Every status of any kind, once each. */
export const ALL_STATUSES: readonly LeadStatus[] = [...new Set<LeadStatus>([...LEAD_STATUSES.society, ...LEAD_STATUSES.career])];

export const NEW_STATUS = 'new' satisfies LeadStatus;

export const isStatusOf = (kind: LeadKind, status: string): status is LeadStatus => (LEAD_STATUSES[kind] as readonly string[]).includes(status);

/** The career statuses after which the app offers to email the applicant the outcome (issue 32). */
export const OUTCOME_STATUSES = ['offer', 'not selected'] as const satisfies readonly LeadStatus[];
export type OutcomeStatus = (typeof OUTCOME_STATUSES)[number];

export const TEAM_ROLES = ['admin', 'member'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];

/** A new lead is late once it is this old and still "new". */
export const NEW_LEAD_LATE_AFTER_MS = 24 * 60 * 60 * 1000;

/**
 * The team works in India: a next-call date is a calendar day there, and it has passed when
 * that day is over in India.
 */
export const TEAM_TIME_ZONE = 'Asia/Kolkata';

const teamDay = new Intl.DateTimeFormat('en-CA', { timeZone: TEAM_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** Today's date in TEAM_TIME_ZONE, YYYY-MM-DD. */
export function teamToday(now: number = Date.now()): string {
  return teamDay.format(new Date(now));
}

const DAY_MS = 86_400_000;

/** Epoch ms of the start of a day (YYYY-MM-DD) in India (UTC+05:30, no daylight saving). */
export const startOfTeamDay = (date: string): number => Date.parse(`${date}T00:00:00+05:30`);

type LateFacts = { status: string; createdAt: number; nextCallOn: string | null };

/**
 * The first moment a lead is late (epoch ms), or null when nothing makes it late: a new lead
 * once it is more than 24 hours old, a next-call date once that day is over in India,
 * whichever comes first. The worklist's late list is ordered by it, longest late first
 * (the store keeps it as `leads.late_at`).
 */
export function lateSince(lead: LateFacts): number | null {
  const times: number[] = [];
  if (lead.status === NEW_STATUS) times.push(lead.createdAt + NEW_LEAD_LATE_AFTER_MS + 1);
  if (lead.nextCallOn !== null) times.push(startOfTeamDay(lead.nextCallOn) + DAY_MS);
  return times.length ? Math.min(...times) : null;
}

/** Late: a new lead older than 24 hours, or a next-call date that has passed. */
export function isLate(lead: LateFacts, now: number = Date.now()): boolean {
  const since = lateSince(lead);
  return since !== null && since <= now;
}

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar date as YYYY-MM-DD that exists. */
export function isDate(text: string): boolean {
  if (!DATE_PATTERN.test(text)) return false;
  const [y, m, d] = text.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/**
 * The worklist's filters as the app sends them in the query string (every one optional).
 * With `late`, the list is in the order leads became late, longest late first (a text
 * search keeps newest first); otherwise newest first.
 */
export const FILTER_KEYS = ['kind', 'status', 'owner', 'city', 'source', 'campaign', 'from', 'to', 'late', 'spam', 'q'] as const;
type FilterKey = (typeof FILTER_KEYS)[number];
export type WorklistQuery = Partial<Record<FilterKey, string>>;

/** A search needs this many characters (a trigram index finds nothing shorter). */
export const MIN_SEARCH_LENGTH = 3;

/** Leads per page of the worklist. */
export const PAGE_SIZE = 50;

/** The "owner" filter's value for leads nobody has taken. */
export const NO_OWNER = 'none';

/** The API's paths, under /team/api. */
export const TEAM_API = {
  me: '/team/api/me',
  signInOptions: '/team/api/sign-in/options',
  signIn: '/team/api/sign-in',
  signOut: '/team/api/sign-out',
  invitation: '/team/api/invitation',
  invitationOptions: '/team/api/invitation/options',
  invitationRegister: '/team/api/invitation/register',
  members: '/team/api/members',
  leads: '/team/api/leads',
  leadsCsv: '/team/api/leads.csv',
  lead: (id: number | string) => `/team/api/leads/${id}`,
  /** GET with the list's filters: the leads before and after this one in that list ("Save and next"). */
  neighbours: (id: number | string) => `/team/api/leads/${id}/neighbours`,
  notSpam: (id: number | string) => `/team/api/leads/${id}/not-spam`,
  outcomeEmail: (id: number | string) => `/team/api/leads/${id}/outcome-email`,
  /** GET: the lead's CV, as an attachment. */
  cv: (id: number | string) => `/team/api/leads/${id}/cv`,
  person: '/team/api/person',
  personErase: '/team/api/person/erase',
  audit: '/team/api/audit',
} as const;

/** The app's own pages: /team/ (the worklist), /team/spam, /team/audit, /team/me, /team/leads/<id>, /team/invite#<token>. */
export const TEAM_PAGES = {
  worklist: '/team/',
  spam: '/team/spam',
  audit: '/team/audit',
  /** The member's own name and language. */
  profile: '/team/me',
  invite: '/team/invite',
  lead: (id: number | string) => `/team/leads/${id}`,
} as const;

/** Why the API refused: the app shows its own sentence for each, in its language. */
export const TEAM_ERRORS = [
  'signed-out',
  'forbidden',
  'cross-origin',
  'too-many-attempts',
  'sign-in-failed',
  'invitation-used',
  'invitation-expired',
  'invitation-unknown',
  'challenge-expired',
  'registration-failed',
  'not-found',
  'conflict',
  'invalid',
  'search-too-short',
  'outcome-email-unavailable',
  'outcome-email-sent',
  'outcome-email-refused',
  'unavailable',
] as const;
export type TeamErrorCode = (typeof TEAM_ERRORS)[number];

export interface TeamError {
  code: TeamErrorCode;
  /** An English sentence for logs and scripts; the app shows its catalogue's. */
  message: string;
}

export interface TeamMember {
  id: number;
  email: string;
  role: TeamRole;
  /** How the team knows them ("Asha Rao"); '' until set (the app then shows the email). */
  name: string;
  /** The language the app speaks to them, chosen by them (a code of contract/languages.ts). */
  language: LanguageCode;
}

/** A member's name and language as they set them (PATCH TEAM_API.me): either or both. */
export interface ProfileChange {
  name?: string;
  language?: LanguageCode;
}

export const MEMBER_NAME_MAX_LENGTH = 80;

/** A member as people read them: their name, else their email. */
export const memberLabel = (member: { name: string; email: string }): string => member.name || member.email;

/** Who took a lead. */
export type LeadOwner = Pick<TeamMember, 'id' | 'email' | 'name'>;

/** One row of the worklist. */
export interface WorklistLead {
  id: number;
  /** The reference the person was given (SD-XXXX-XXXX), which they may quote. */
  reference: string;
  kind: LeadKind;
  createdAt: number;
  status: LeadStatus;
  owner: LeadOwner | null;
  nextCallOn: string | null;
  late: boolean;
  /** When it is (or will be) late, epoch ms (lateSince); null when nothing makes it late. */
  lateSince: number | null;
  spam: boolean;
  /** Why it was flagged as spam (null: it is not spam). */
  spamReason: SpamReason | null;
  version: number;
  name: string;
  email: string;
  phone: string;
  /** The society's name, or the applicant's college. */
  organisation: string;
  city: string | null;
  /** The partner id, else the host of the page the form was on. */
  source: string | null;
  campaign: string | null;
}

export interface WorklistPage {
  leads: WorklistLead[];
  /** Where this page ends: pass it as `before` for the next page; null on the last one. */
  next: string | null;
  /**
   * Leads per status and late leads for the filters other than status and late (the search
   * included). Left out for a search with more matches than it counts (`matchesCapped`).
   */
  counts?: Record<string, number>;
  late?: number;
  /** With a search: how many match (at most `matchesCapped`). */
  matches?: number;
  matchesCapped?: boolean;
}

/** The leads on either side of one in its list (TEAM_API.neighbours): "previous" is above it, "next" below. */
export interface Neighbours {
  previous: number | null;
  next: number | null;
}

export interface LeadNote {
  id: number;
  /** The author's name, else their email. */
  author: string;
  text: string;
  at: number;
}

export interface LeadDelivery {
  target: string;
  status: 'pending' | 'delivered' | 'dead';
  attempts: number;
  createdAt: number;
  deliveredAt: number | null;
  lastError: string | null;
}

export interface AuditEntry {
  id: number;
  at: number;
  actor: string;
  action: AuditAction;
  leadId: number | null;
  detail: Record<string, unknown> | null;
}

export const AUDIT_ACTIONS = [
  'sign-in',
  'sign-out',
  'passkey-registered',
  'invite',
  'remove',
  'view',
  /** A page of the worklist, a search or the spam list: the filter and the ids of the leads shown. */
  'list',
  'change',
  'not-spam',
  'outcome-email',
  'export',
  'person-export',
  'erase',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export interface LeadDetail extends WorklistLead {
  fields: Record<string, string>;
  origin: string | null;
  partner: string | null;
  page: string | null;
  campaignParameters: Record<string, string>;
  noticeVersion: string | null;
  /** The language of the form (a code of contract/languages.ts): the person's emails are in it. */
  language: string;
  /** Sent by a form without script, with no proof of work (docs/intake-api.md). */
  withoutProofOfWork: boolean;
  notes: LeadNote[];
  deliveries: LeadDelivery[];
  /** The applicant's CV, if one was attached (download at TEAM_API.cv). */
  cv: CvSummary | null;
  /** Earlier applications with the same email or phone (the contract's phone rule), newest first. */
  appliedBefore: AppliedBefore[];
  /** What the team did with this lead, newest first (the audit log's entries for it, views left out). */
  history: AuditEntry[];
}

/** An earlier application of the same person: shown as "applied before", with its date and role. */
export interface AppliedBefore {
  id: number;
  reference: string;
  createdAt: number;
  /** The earlier application's preferred role (areaOfInterest). */
  role: string;
}

/** Why the intake flagged a lead as spam (server/intake/spam-challenge.ts); the app says each in words. */
export const SPAM_REASONS = ['no-solution', 'invalid-solution', 'expired-solution', 'reused-solution', 'honeypot'] as const;
export type SpamReason = (typeof SPAM_REASONS)[number];

/** What "Not spam" did: the deliveries queued (webhooks, the team's email) and whether the person is sent the acknowledgement. */
export interface NotSpamAnswer {
  /** Every message queued: `deliveries` plus the acknowledgement. */
  queued: number;
  deliveries: number;
  acknowledged: boolean;
  lead: LeadDetail;
}

/** A change of a lead: the version it was read at, and what to change (a note is appended). */
export interface LeadChange {
  version: number;
  status?: LeadStatus;
  ownerId?: number | null;
  nextCallOn?: string | null;
  note?: string;
}

export const NOTE_MAX_LENGTH = 4000;

/** The lead's phone as a WhatsApp link: an Indian national number gets 91 in front. */
export function whatsappNumber(nationalNumber: string): string {
  return nationalNumber.length === 10 ? `91${nationalNumber}` : nationalNumber;
}

/**
 * The lead's phone as a `tel:` link in international form, as a dialler, a VoIP app or a
 * phone roaming abroad needs it: "098765 43210" → "tel:+919876543210".
 */
export function telHref(phone: string): string {
  return `tel:+${whatsappNumber(nationalPhoneNumber(phone))}`;
}
