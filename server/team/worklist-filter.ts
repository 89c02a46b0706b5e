import { LEAD_KINDS, nationalPhoneNumber, type LeadKind } from '../../contract/lead-contract.ts';
import { parseReference } from '../../contract/lead-reference.ts';
import { ALL_STATUSES, isDate, MIN_SEARCH_LENGTH, NO_OWNER, startOfTeamDay, type LeadStatus, type WorklistQuery } from '../../contract/team.ts';
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
  // late_at is when the lead became late (contract/team.ts lateSince): its index answers this.
  if (filter.late) add('l.late_at <= ?', now);
  return { clauses, params };
}

/** True when the counts per status need nothing but the kind and the spam flag: the kept counts answer them. */
export const countsFromTotals = (filter: WorklistFilter): boolean =>
  filter.owner === undefined && !filter.city && !filter.source && !filter.campaign && filter.from === undefined && filter.to === undefined && !filter.late;

/** The filter the counts are of: its status and late flag left out (the app shows one chip for each). */
export const countedFilter = (filter: WorklistFilter): WorklistFilter => ({ ...filter, status: undefined, late: undefined });

/**
 * Whether a filter's list is in the order its leads became late, longest late first (the late
 * list of the worklist); otherwise it is newest first. A text search keeps newest first (the
 * trigram index gives that order), and the spam list has no late order.
 */
export const byLateness = (filter: WorklistFilter): boolean => filter.late === true && !filter.spam && !(filter.search && 'text' in filter.search);

/** A place in a list: the lead a page starts after (its id, and its late_at in the late order). */
export interface Cursor {
  id: number;
  lateAt?: number;
}

/** A page of a list: up to `limit` leads after `after` (from the start without it), or before it with `backward`. */
export interface Page {
  limit: number;
  after?: Cursor;
  backward?: boolean;
}

/** A cursor as the API gives it (`next`) and takes it back (`before`): "id", or "lateAt-id". */
export const cursorText = (cursor: Cursor): string => (cursor.lateAt === undefined ? String(cursor.id) : `${cursor.lateAt}-${cursor.id}`);

export function parseCursor(text: string | undefined): Cursor | undefined {
  const match = text === undefined ? null : /^(?:(\d{1,15})-)?(\d{1,15})$/.exec(text);
  if (!match) return undefined;
  return match[1] === undefined ? { id: Number(match[2]) } : { id: Number(match[2]), lateAt: Number(match[1]) };
}

/**
 * The ORDER BY of a filter's list and the WHERE of a page's place in it (`?` placeholders),
 * for a list read from `leads l` (`idColumn` names the id the order goes by: the FTS5 table's
 * rowid when it drives the query). Backward reverses both, for the lead before one.
 */
export function orderOf(filter: WorklistFilter, page: Page, idColumn = 'l.id'): { clauses: string[]; params: unknown[]; orderBy: string } {
  const clauses: string[] = [];
  const params: unknown[] = [];
  if (byLateness(filter)) {
    const after = page.after;
    if (after?.lateAt !== undefined) {
      clauses.push(`(l.late_at, ${idColumn}) ${page.backward ? '<' : '>'} (?, ?)`);
      params.push(after.lateAt, after.id);
    }
    return { clauses, params, orderBy: page.backward ? `l.late_at DESC, ${idColumn} DESC` : `l.late_at, ${idColumn}` };
  }
  if (page.after) {
    clauses.push(`${idColumn} ${page.backward ? '>' : '<'} ?`);
    params.push(page.after.id);
  }
  return { clauses, params, orderBy: page.backward ? idColumn : `${idColumn} DESC` };
}

/**
 * What differs between the databases in a worklist query: how a substring is found (SQLite:
 * its FTS5 index; PostgreSQL: pg_trgm on search_text) and how placeholders are written.
 */
export interface WorklistDialect {
  /** The clause (on `leads l`) and parameters of a substring search. */
  textMatch(text: string): Where;
  /** A text search alone driven by an index table instead (SQLite's FTS5): its FROM, first clause and id column. */
  textDriven?(text: string): { from: string; where: Where; idColumn: string };
  /** `?` placeholders as the database wants them. */
  placeholders(sql: string): string;
}

/** The worklist's rows: a lead and its owner. */
export const WORKLIST_FROM = 'leads l LEFT JOIN team_members m ON m.id = l.owner_id';

/** The one query of a page of a filter's rows, in its list's order, with its parameters, for either database. */
export function worklistSelectSql(dialect: WorklistDialect, columns: string, filter: WorklistFilter, now: number, page: Page): Where & { sql: string } {
  const where = whereOf(filter, now);
  const search = filter.search;
  let from = WORKLIST_FROM;
  let idColumn = 'l.id';
  const driven = search && 'text' in search && !search.reference ? dialect.textDriven?.(search.text) : undefined;
  if (driven) {
    ({ from, idColumn } = driven);
    where.clauses.unshift(...driven.where.clauses);
    where.params.unshift(...driven.where.params);
  } else if (search && 'text' in search) {
    const match = dialect.textMatch(search.text);
    where.clauses.push(search.reference ? `(l.reference = ? OR ${match.clauses.join(' AND ')})` : match.clauses.join(' AND '));
    where.params.push(...(search.reference ? [search.reference] : []), ...match.params);
  } else if (search) {
    where.clauses.push(search.reference ? `(l.${search.exact.column} = ? OR l.reference = ?)` : `l.${search.exact.column} = ?`);
    where.params.push(search.exact.value, ...(search.reference ? [search.reference] : []));
  }
  const order = orderOf(filter, page, idColumn);
  return {
    sql: dialect.placeholders(`SELECT ${columns} FROM ${from} WHERE ${[...where.clauses, ...order.clauses].join(' AND ')} ORDER BY ${order.orderBy} LIMIT ?`),
    clauses: where.clauses,
    params: [...where.params, ...order.params, page.limit],
  };
}
