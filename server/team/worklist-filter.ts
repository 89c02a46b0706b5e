import { LEAD_KINDS, nationalPhoneNumber, type LeadKind } from '../../contract/lead-contract.ts';
import { parseReference } from '../../contract/lead-reference.ts';
import {
  ALL_STATUSES,
  isDate,
  MIN_SEARCH_LENGTH,
  NEW_LEAD_LATE_AFTER_MS,
  NEW_STATUS,
  NO_OWNER,
  teamToday,
  type LeadStatus,
  type WorklistQuery,
} from '../../contract/team.ts';
import { cityKey, searchable } from './search-index.ts';

/**
 * The worklist's filters, read from the query string the app sends, and the SQL they make:
 * one WHERE for SQLite and PostgreSQL alike (`?` placeholders; the PostgreSQL store numbers
 * them). Each filter has an index of its own (team schema), so none makes a full scan.
 */
export interface WorklistFilter {
  kind?: LeadKind;
  status?: LeadStatus;
  /** A member's id, or NO_OWNER for leads nobody has taken. */
  owner?: number | typeof NO_OWNER;
  /** city_key */
  city?: string;
  /** A partner id, or the host of the page a form was on. */
  source?: string;
  campaign?: string;
  /** Received from the start of this day (India), epoch ms. */
  from?: number;
  /** Received before the end of this day (India), epoch ms. */
  to?: number;
  late?: boolean;
  /** The spam list instead of the worklist. */
  spam: boolean;
  search?: Search;
}

/**
 * A search: a whole phone number matches phone_key exactly (any spelling, by the contract's
 * rule), a whole reference its lead; anything else is a substring of the name, email, phone or
 * society. A term that also reads as a reference without its "SD" (a word such as "MAHENDRA",
 * a number such as "2345 6789") finds either (`reference`).
 */
export type Search = ({ text: string } | { exact: ExactSearch }) & { reference?: string };
export type ExactSearch = { column: (typeof EXACT_SEARCH_COLUMNS)[number]['column']; value: string };

/**
 * Columns a whole search term matches exactly, each with the value a term gives it
 * (undefined: not this column's kind of term).
 */
const EXACT_SEARCH_COLUMNS = [
  { column: 'phone_key', valueOf: (term: string) => (/^\+?[\d\s().-]+$/.test(term) && nationalPhoneNumber(term).length >= 7 ? nationalPhoneNumber(term) : undefined) },
  // A reference as the person reads it out ("sd 4k7q 2m9x"); one without "SD" or a digit may be a word too (parseSearch).
  { column: 'reference', valueOf: (term: string) => (/^sd|\d/i.test(term) ? parseReference(term) : undefined) },
] as const;

export class FilterError extends Error {
  constructor(
    readonly code: 'invalid' | 'search-too-short',
    message: string,
  ) {
    super(message);
  }
}

/** Epoch ms of the start of a day in India (UTC+05:30, no daylight saving). */
export const startOfTeamDay = (date: string) => Date.parse(`${date}T00:00:00+05:30`);

function parseSearch(raw: string): Search | undefined {
  const term = raw.trim();
  if (!term) return undefined;
  const reference = parseReference(term);
  const orReference = reference ? { reference } : {};
  for (const { column, valueOf } of EXACT_SEARCH_COLUMNS) {
    const value = valueOf(term);
    if (value !== undefined) return column === 'reference' ? { exact: { column, value } } : { exact: { column, value }, ...orReference };
  }
  // A partial number is searched by its digits, as the index holds them.
  const text = /^\+?[\d\s().-]+$/.test(term) ? term.replace(/\D/g, '') : searchable(term);
  if ([...text].length < MIN_SEARCH_LENGTH) throw new FilterError('search-too-short', `type at least ${MIN_SEARCH_LENGTH} characters to search`);
  return { text, ...orReference };
}

/** The query string's filters; throws FilterError on a value no filter takes. */
export function parseFilter(query: WorklistQuery): WorklistFilter {
  const filter: WorklistFilter = { spam: query.spam === '1' || query.spam === 'true' };
  const bad = (what: string): never => {
    throw new FilterError('invalid', `unknown ${what}`);
  };
  if (query.kind) filter.kind = (LEAD_KINDS as readonly string[]).includes(query.kind) ? (query.kind as LeadKind) : bad('kind');
  if (query.status) filter.status = (ALL_STATUSES as readonly string[]).includes(query.status) ? (query.status as LeadStatus) : bad('status');
  if (query.owner) filter.owner = query.owner === NO_OWNER ? NO_OWNER : /^\d{1,15}$/.test(query.owner) ? Number(query.owner) : bad('owner');
  if (query.city?.trim()) filter.city = cityKey(query.city);
  if (query.source?.trim()) filter.source = query.source.trim().toLowerCase();
  if (query.campaign?.trim()) filter.campaign = query.campaign.trim();
  if (query.from) filter.from = isDate(query.from) ? startOfTeamDay(query.from) : bad('date');
  if (query.to) filter.to = isDate(query.to) ? startOfTeamDay(query.to) + 86_400_000 : bad('date');
  if (query.late === '1' || query.late === 'true') filter.late = true;
  if (query.q) filter.search = parseSearch(query.q);
  return filter;
}

/** The query string of a filter's values as the app sent them: for links and the audit log, never the search term. */
export function describeFilter(query: WorklistQuery): Record<string, string | boolean> {
  const out: Record<string, string | boolean> = {};
  for (const [key, value] of Object.entries(query)) if (value) out[key] = key === 'q' ? true : value;
  return out;
}

export interface Where {
  clauses: string[];
  params: unknown[];
}

/**
 * The WHERE of a filter on `leads l` (the search left to the store: FTS5 or pg_trgm), with
 * `?` placeholders. `withStatus: false` leaves the status out (the counts per status).
 */
export function whereOf(filter: WorklistFilter, now: number, { withStatus = true } = {}): Where {
  const clauses: string[] = [filter.spam ? 'l.spam_reason IS NOT NULL' : 'l.spam_reason IS NULL'];
  const params: unknown[] = [];
  const add = (clause: string, ...values: unknown[]) => {
    clauses.push(clause);
    params.push(...values);
  };
  if (filter.kind) add('l.kind = ?', filter.kind);
  if (withStatus && filter.status) add('l.status = ?', filter.status);
  if (filter.owner === NO_OWNER) clauses.push('l.owner_id IS NULL');
  else if (filter.owner !== undefined) add('l.owner_id = ?', filter.owner);
  if (filter.city) add('l.city_key = ?', filter.city);
  if (filter.source) add('(l.partner = ? OR (l.partner IS NULL AND l.origin IN (?, ?)))', filter.source, `https://${filter.source}`, `http://${filter.source}`);
  if (filter.campaign) add('l.utm_campaign = ?', filter.campaign);
  if (filter.from !== undefined) add('l.created_at >= ?', filter.from);
  if (filter.to !== undefined) add('l.created_at < ?', filter.to);
  if (filter.late) add(`((l.status = '${NEW_STATUS}' AND l.created_at < ?) OR l.next_call_on < ?)`, now - NEW_LEAD_LATE_AFTER_MS, teamToday(now));
  return { clauses, params };
}

/** True when the counts per status need nothing but the kind and the spam flag: the kept counts answer them. */
export const countsFromTotals = (filter: WorklistFilter): boolean =>
  filter.owner === undefined && !filter.city && !filter.source && !filter.campaign && filter.from === undefined && filter.to === undefined && !filter.late;
