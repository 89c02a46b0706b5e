/**
 * What the app remembers of each list it showed, for Back: its leads so far (every page
 * shown), where it was scrolled to, and the last lead opened from it. Back draws the list
 * from memory at once, puts the opened lead's card in view, then brings it up to date.
 * In this page's memory only: a reload starts the list afresh.
 */
import type { WorklistLead, WorklistPage } from '../../../contract/team.ts';

export interface ListData {
  leads: WorklistLead[];
  next: string | null;
  tally: Omit<WorklistPage, 'leads' | 'next'>;
}

interface Place {
  scrollY: number;
  leadId?: number;
}

const lists = new Map<string, ListData>();
const places = new Map<string, Place>();

export const remembered = (list: string): ListData | undefined => lists.get(list);
export const remember = (list: string, data: ListData): void => void lists.set(list, data);

/** Where the list was left: its scroll, and the lead last opened from it. */
export const placeOf = (list: string): Place | undefined => places.get(list);

/** The list is left for one of its leads (or, from a lead's page, the next one): Back returns to it. */
export function leftFor(list: string, leadId: number, scrollY?: number): void {
  places.set(list, { scrollY: scrollY ?? places.get(list)?.scrollY ?? 0, leadId });
}

/** The first page as the service has it now, then the later pages shown before, each lead once. */
export function refreshed(fresh: WorklistPage, before: ListData | undefined): ListData {
  const tally = { counts: fresh.counts, late: fresh.late, matches: fresh.matches, matchesCapped: fresh.matchesCapped };
  if (!before || before.leads.length <= fresh.leads.length || fresh.next === null) return { leads: fresh.leads, next: fresh.next, tally };
  const ids = new Set(fresh.leads.map((l) => l.id));
  return { leads: [...fresh.leads, ...before.leads.slice(fresh.leads.length).filter((l) => !ids.has(l.id))], next: before.next, tally };
}
