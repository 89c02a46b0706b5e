import { Readable } from 'node:stream';
import { fieldNames } from '../../contract/lead-contract.ts';
import { TEAM_TIME_ZONE } from '../../contract/team.ts';
import { csvCell } from '../csv.ts';
import type { ExportLead, WorklistStore } from './worklist.ts';
import type { WorklistFilter } from './worklist-filter.ts';

/**
 * The CSV export of the worklist's current filter: every lead it finds, newest first, with
 * its status, owner, next-call date and notes (one line each: when, who, what), every field
 * of both kinds, its source and campaign. Written with the operator commands' CSV rules
 * (server/csv.ts: RFC 4180, formulas defused), streamed a page at a time.
 */

const ALL_FIELDS = [...new Set([...fieldNames('society'), ...fieldNames('career')])];
const EXPORT_HEADER = ['id', 'kind', 'createdAt', 'status', 'owner', 'nextCallOn', 'late', ...ALL_FIELDS, 'source', 'campaign', 'notes'];
const PAGE = 1_000;

const teamTime = new Intl.DateTimeFormat('en-CA', { timeZone: TEAM_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
/** A time in India as "YYYY-MM-DD HH:MM". */
export const teamDateTime = (ms: number): string => teamTime.format(new Date(ms)).replace(', ', ' ');

export function exportRow(lead: ExportLead): string[] {
  return [
    String(lead.id),
    lead.kind,
    new Date(lead.createdAt).toISOString(),
    lead.status,
    lead.owner?.email ?? '',
    lead.nextCallOn ?? '',
    lead.late ? 'yes' : 'no',
    ...ALL_FIELDS.map((f) => lead.fields[f] ?? ''),
    lead.source ?? '',
    lead.campaign ?? '',
    lead.notes.map((n) => `${teamDateTime(n.at)} ${n.author}: ${n.text}`).join('\n'),
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
      let before: number | undefined;
      for (;;) {
        const batch = await worklist.exportBatch(filter, now, PAGE, before);
        if (batch.length) yield batch.map((lead) => line(exportRow(lead))).join('');
        for (const lead of batch) ids.push(lead.id);
        if (batch.length < PAGE) break;
        before = batch[batch.length - 1]!.id;
      }
    } finally {
      done(ids);
    }
  }
  return Readable.from(pages());
}
