/**
 * The worklist's filters live in the page's address (?status=contacted&q=…): Back, reload and
 * a shared link keep them. A lead opened from a list carries the list's filters in its own
 * address, so its page knows the list to go back to and the lead after it ("Save and next").
 */
import { FILTER_KEYS, TEAM_PAGES, type WorklistQuery } from '../../../contract/team.ts';

export function queryOf(search: URLSearchParams): WorklistQuery {
  const query: WorklistQuery = {};
  for (const key of FILTER_KEYS) {
    const value = search.get(key);
    if (value) query[key] = value;
  }
  return query;
}

/** `?…` of a query's set values ('' when none). */
export function queryString(query: WorklistQuery, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...query, ...extra })) if (value) params.set(key, value);
  const text = params.toString();
  return text ? `?${text}` : '';
}

const isSpam = (query: WorklistQuery) => query.spam === '1';

/** The list a query shows: the spam list (its `spam` in the path) or the worklist. */
export function listHref(query: WorklistQuery): string {
  return isSpam(query) ? `${TEAM_PAGES.spam}${queryString({ ...query, spam: '' })}` : `${TEAM_PAGES.worklist}${queryString(query)}`;
}

/** A lead's page, opened from the list of `query`. */
export const leadHref = (id: number, query: WorklistQuery): string => `${TEAM_PAGES.lead(id)}${queryString(query)}`;

/** The API's query of a list screen: its filters, and the spam flag of its path. */
export const listApiQuery = (spam: boolean, search: URLSearchParams): string => queryString(queryOf(search), spam ? { spam: '1' } : {});
