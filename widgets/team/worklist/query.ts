/** The worklist's filters live in the page's address (?status=contacted&q=…): Back, reload and a shared link keep them. */
import { FILTER_KEYS, type WorklistQuery } from '../../../contract/team.ts';

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

const LAST_LIST = 'team-last-list';

/** The list a member was on, so a lead's "back" link returns to it with its filters. */
export function rememberList(url: string): void {
  try {
    sessionStorage.setItem(LAST_LIST, url);
  } catch {
    /* not kept: back goes to the plain list */
  }
}

/** The list to go back to: `list` (the worklist or the spam list) with the filters it last had. */
export function lastList(list: string): string {
  try {
    const url = sessionStorage.getItem(LAST_LIST);
    if (url === list || url?.startsWith(`${list}?`)) return url;
  } catch {
    /* storage refused */
  }
  return list;
}
