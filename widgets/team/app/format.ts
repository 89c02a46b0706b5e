/** Times and dates as the team reads them: in India, in the app's language. */
import { TEAM_TIME_ZONE } from '../../../contract/team.ts';

export function dateTime(ms: number, locale: string): string {
  return new Intl.DateTimeFormat(locale, { timeZone: TEAM_TIME_ZONE, day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit' }).format(new Date(ms));
}

/** A YYYY-MM-DD date as "25 Nov 2026". */
export function day(date: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { timeZone: 'UTC', day: 'numeric', month: 'short', year: 'numeric' }).format(new Date(`${date}T00:00:00Z`));
}
