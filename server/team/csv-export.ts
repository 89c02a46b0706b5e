import { Readable } from 'node:stream';
import { fieldNames } from '../../contract/lead-contract.ts';
import { NO_OWNER, TEAM_TIME_ZONE, type WorklistQuery } from '../../contract/team.ts';
import { csvCell } from '../csv.ts';
import { cursorOf, type ExportLead, type WorklistStore } from './worklist.ts';
import type { Cursor, WorklistFilter } from './worklist-filter.ts';

/**
 * The CSV export of the worklist's current filter: every lead it finds, newest first, with
 * its status, owner, next-call date and notes (one line each: when, who, what), every field
 * of both kinds, its source and campaign. Times are India's, with their offset, as the app
 * shows them ("2026-11-28T14:05:09+05:30"). Written with the operator commands' CSV rules
 * (server/csv.ts: RFC 4180, formulas defused), streamed a page at a time.
 */

const ALL_FIELDS = [...new Set([...fieldNames('society'), ...fieldNames('career')])];
const EXPORT_HEADER = ['id', 'kind', 'createdAt', 'status', 'owner', 'nextCallOn', 'late', ...ALL_FIELDS, 'source', 'campaign', 'notes'];
const PAGE = 1_000;

const teamTime = new Intl.DateTimeFormat('en-CA', { timeZone: TEAM_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
/** A time in India as "YYYY-MM-DD HH:MM". */
export const teamDateTime = (ms: number): string => teamTime.format(new Date(ms)).replace(', ', ' ');

/** India's offset from UTC (no daylight saving). */
const TEAM_OFFSET_MS = 5.5 * 3_600_000;

/** A time in India as ISO 8601 with its offset: "2026-11-28T14:05:09+05:30" (a spreadsheet and a script read the same instant). */
export const teamIsoTime = (ms: number): string => `${new Date(ms + TEAM_OFFSET_MS).toISOString().slice(0, 19)}+05:30`;

/** A filter's value as a piece of a file name: ASCII letters and digits, hyphens between. */
const slug = (text: string): string =>
  text
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);

/** The export's file name, naming its filter and the day in India: "leads-late-2026-11-28.csv", "spam-all-…", "leads-contacted-pune-…". */
export function exportFileName(query: WorklistQuery, now: number): string {
  const parts = [
    query.late ? 'late' : '',
    query.kind ?? '',
    query.status ?? '',
    query.owner === NO_OWNER ? 'unowned' : query.owner ? `owner-${query.owner}` : '',
    query.city ?? '',
    query.source ?? '',
    query.campaign ?? '',
    query.from ? `from-${query.from}` : '',
    query.to ? `until-${query.to}` : '',
    query.q ? 'search' : '',
  ]
    .map(slug)
    .filter(Boolean);
  const list = query.spam === '1' || query.spam === 'true' ? 'spam' : 'leads';
  return `${[list, ...(parts.length ? parts : ['all']), teamDateTime(now).slice(0, 10)].join('-')}.csv`;
}

export function exportRow(lead: ExportLead): string[] {
  return [
    String(lead.id),
    lead.kind,
    teamIsoTime(lead.createdAt),
    lead.status,
    lead.owner?.email ?? '',
    lead.nextCallOn ?? '',
    lead.late ? 'yes' : 'no',
    ...ALL_FIELDS.map((f) => lead.fields[f] ?? ''),
    lead.source ?? '',
    lead.campaign ?? '',
    lead.notes.map((n) => `${teamIsoTime(n.at)} ${n.author}: ${n.text}`).join('\n'),
  ];
}

const line = (cells: readonly string[]) => cells.map(csvCell).join(',') + '\r\n';

/** The CSV as a stream; `done` is told the ids of the leads it sent when it ends, complete or cut short. */
export function exportCsv(worklist: WorklistStore, filter: WorklistFilter, now: number, done: (ids: number[]) => void): Readable {
  async function* pages() {
    const ids: number[] = [];
    // Told however it ends: a download cut short still exported what it sent.
    try {
      yield line(EXPORT_HEADER);
      let after: Cursor | undefined;
      for (;;) {
        const batch = await worklist.exportBatch(filter, now, PAGE, after);
        if (batch.length) yield batch.map((lead) => line(exportRow(lead))).join('');
        for (const lead of batch) ids.push(lead.id);
        if (batch.length < PAGE) break;
        after = cursorOf(filter, batch[batch.length - 1]!);
      }
    } finally {
      done(ids);
    }
  }
  return Readable.from(pages());
}
