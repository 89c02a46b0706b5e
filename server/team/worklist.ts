import { CAMPAIGN_KEYS } from '../../contract/campaign.ts';
import type { CvSummary } from '../../contract/cv-upload.ts';
import type { LeadKind } from '../../contract/lead-contract.ts';
import {
  isDate,
  isLate,
  isStatusOf,
  lateSince,
  LEAD_STATUSES,
  NOTE_MAX_LENGTH,
  type LeadChange,
  type Neighbours,
  type LeadDelivery,
  type LeadDetail,
  type LeadNote,
  type LeadStatus,
  type SpamReason,
  type AuditEntry,
  type AppliedBefore,
  type WorklistLead,
} from '../../contract/team.ts';
import type { Db, WriteBatcher } from '../store/sqlite.ts';
import { findLeadIds, hostOf, normaliseEmail, type PersonKey } from '../intake/personal-data.ts';
import { nationalPhoneNumber } from '../../contract/lead-contract.ts';
import { AUDIT_COLUMNS, auditEntry, sqliteAuditWriter, type Actor } from './audit.ts';
import { createSqliteSearchIndexer } from './search-index.ts';
import { byLateness, countedFilter, countsFromTotals, whereOf, WORKLIST_FROM, worklistSelectSql, type Cursor, type Page, type WorklistDialect, type WorklistFilter } from './worklist-filter.ts';

/**
 * The worklist's store: pages of leads newest first for a filter, the counts per status,
 * one lead with its notes, deliveries and history, a change under a version check (the
 * second of two members changing one lead is told, never overwritten), "not spam", and the
 * rows of a CSV export. SQLite here; PostgreSQL in server/team/worklist-postgres.ts.
 */

export type ChangeResult =
  | { ok: true; changed: Record<string, unknown> }
  | { ok: false; reason: 'not-found' }
  | { ok: false; reason: 'invalid'; message: string }
  /** Someone changed the lead since `version`: who and when, from the audit log. */
  | { ok: false; reason: 'conflict'; by: string | null; at: number | null };

export type NotSpamResult = { ok: true; queued: number } | { ok: false; reason: 'not-found' } | { ok: false; reason: 'conflict'; by: string | null; at: number | null };

/** What the chips of a search count: its matches per status and late, and how many the whole filter finds. */
export interface SearchTally {
  counts: Record<string, number>;
  late: number;
  matches: number;
}

/** A lead as the CSV export writes it: the worklist's row, every field, and its notes oldest first. */
export interface ExportLead extends WorklistLead {
  fields: Record<string, string>;
  notes: LeadNote[];
}

export interface WorklistStore {
  /** Indexes leads stored since the last call for search (search-index.ts); cheap when there are none. */
  catchUp(): Promise<number>;
  /** Up to `limit` leads of the filter after `after`, in the list's order (newest first, or longest late first: worklist-filter.ts byLateness). */
  list(filter: WorklistFilter, now: number, limit: number, after?: Cursor): Promise<WorklistLead[]>;
  /** Leads per status for the filter, its status and late flag left out (no search: a search's are in `searchTally`). */
  counts(filter: WorklistFilter, now: number): Promise<Record<string, number>>;
  /** Late leads for the filter, its status left out (no search). */
  lateCount(filter: WorklistFilter, now: number): Promise<number>;
  /** How many leads the filter's search finds, counted up to `cap` + 1. */
  matches(filter: WorklistFilter, now: number, cap: number): Promise<number>;
  /** A search's matches per status and late (its status and late flag left out), when it finds at most `cap`; undefined when more. */
  searchTally(filter: WorklistFilter, now: number, cap: number): Promise<SearchTally | undefined>;
  /** The leads before and after one in the filter's list (the lead itself need not be in it any more); undefined: no such lead. */
  neighbours(id: number, filter: WorklistFilter, now: number): Promise<Neighbours | undefined>;
  lead(id: number, now: number): Promise<LeadDetail | undefined>;
  /** Applies a change and records it in the audit log, in one transaction. */
  change(id: number, change: LeadChange, actor: Actor, at: number): Promise<ChangeResult>;
  /** Takes a lead out of spam and queues its deliveries to `targets` (once: a lead no longer spam is refused). */
  notSpam(id: number, targets: readonly string[], actor: Actor, at: number): Promise<NotSpamResult>;
  exportBatch(filter: WorklistFilter, now: number, limit: number, after?: Cursor): Promise<ExportLead[]>;
}

/** Where a lead stands in its filter's list: what `after` takes to read on from it. */
export const cursorOf = (filter: WorklistFilter, lead: { id: number; lateSince: number | null }): Cursor =>
  byLateness(filter) && lead.lateSince !== null ? { id: lead.id, lateAt: lead.lateSince } : { id: lead.id };

/** The columns every query of the worklist reads, from `leads l` and its owner `m`. */
export const LEAD_COLUMNS = `l.id, l.kind, l.created_at AS "createdAt", l.status, l.owner_id AS "ownerId", m.email AS "ownerEmail", m.name AS "ownerName",
  l.next_call_on AS "nextCallOn", l.version, l.spam_reason AS "spamReason", l.fields, l.origin, l.partner, l.page,
  l.utm_source, l.utm_medium, l.utm_campaign, l.ref, l.notice_version AS "noticeVersion", l.reference, l.language, l.without_proof AS "withoutProof"`;

export interface LeadRow {
  id: number;
  kind: LeadKind;
  createdAt: number;
  status: string;
  ownerId: number | null;
  ownerEmail: string | null;
  ownerName: string | null;
  nextCallOn: string | null;
  version: number;
  spamReason: SpamReason | null;
  /** JSON text in SQLite, parsed by node-postgres. */
  fields: string | Record<string, string>;
  origin: string | null;
  partner: string | null;
  page: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  ref: string | null;
  noticeVersion: string | null;
  reference: string;
  language: string | null;
  /** 0/1 in SQLite, a boolean in PostgreSQL. */
  withoutProof: number | boolean;
}

const fieldsOf = (row: LeadRow): Record<string, string> => (typeof row.fields === 'string' ? (JSON.parse(row.fields) as Record<string, string>) : row.fields);

export function worklistLead(row: LeadRow, now: number): WorklistLead {
  const fields = fieldsOf(row);
  const createdAt = Number(row.createdAt);
  const status = row.status as LeadStatus;
  const facts = { status, createdAt, nextCallOn: row.nextCallOn };
  return {
    id: Number(row.id),
    reference: row.reference,
    kind: row.kind,
    createdAt,
    status,
    owner: row.ownerId === null ? null : { id: Number(row.ownerId), email: row.ownerEmail ?? '', name: row.ownerName ?? '' },
    nextCallOn: row.nextCallOn,
    late: isLate(facts, now),
    lateSince: lateSince(facts),
    spam: row.spamReason !== null,
    spamReason: row.spamReason,
    version: Number(row.version),
    name: fields.name ?? '',
    email: fields.email ?? '',
    phone: fields.phone ?? '',
    organisation: fields.societyName ?? fields.college ?? '',
    city: fields.city ?? null,
    source: row.partner ?? hostOf(row.origin),
    campaign: row.utm_campaign,
  };
}

/** A delivery's target for people: a webhook by its host only (its URL may hold a secret). */
function deliveryTarget(target: string): string {
  if (!target.startsWith('webhook ')) return target;
  try {
    return `webhook ${new URL(target.slice('webhook '.length)).host}`;
  } catch {
    return 'webhook';
  }
}

/** The keys an application's person is found by (its email; its phone by the contract's one phone rule), to find their earlier applications. */
export function personKeysOf(fields: Record<string, string>): PersonKey[] {
  const keys: PersonKey[] = [];
  if (fields.email?.includes('@')) keys.push({ email: normaliseEmail(fields.email) });
  const phone = fields.phone ? nationalPhoneNumber(fields.phone) : '';
  if (phone.length >= 7) keys.push({ phone });
  return keys;
}

export function leadDetail(
  row: LeadRow,
  now: number,
  notes: LeadNote[],
  deliveries: LeadDelivery[],
  history: AuditEntry[],
  cv: CvSummary | null = null,
  appliedBefore: AppliedBefore[] = [],
): LeadDetail {
  const campaignParameters: Record<string, string> = {};
  for (const key of CAMPAIGN_KEYS) if (row[key]) campaignParameters[key] = row[key]!;
  return {
    ...worklistLead(row, now),
    fields: fieldsOf(row),
    origin: row.origin,
    partner: row.partner,
    page: row.page,
    campaignParameters,
    noticeVersion: row.noticeVersion,
    language: row.language ?? 'en',
    withoutProofOfWork: Boolean(row.withoutProof),
    notes,
    deliveries: deliveries.map((d) => ({ ...d, target: deliveryTarget(d.target) })),
    cv,
    appliedBefore,
    history,
  };
}

/** Counts per status from rows of (status, n), every status of the kind (or of both) present. */
export function countsOf(kind: LeadKind | undefined, rows: { status: string; n: number | string }[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const status of kind ? LEAD_STATUSES[kind] : [...LEAD_STATUSES.society, ...LEAD_STATUSES.career]) counts[status] = 0;
  for (const row of rows) counts[row.status] = (counts[row.status] ?? 0) + Number(row.n);
  return counts;
}

/** The SQL of the "who changed it last" look-up, for a conflict's message. */
export const LAST_CHANGE_SQL = "SELECT actor, at FROM team_audit WHERE lead_id = ? AND action IN ('change', 'not-spam') ORDER BY id DESC LIMIT 1";

/** Checks a change against the lead's kind; a sentence when it is not one the lead can take. */
export function invalidChange(kind: LeadKind, change: LeadChange, ownerIsActive: boolean): string | undefined {
  if (change.status !== undefined && !isStatusOf(kind, change.status)) return `"${String(change.status)}" is not a status of a ${kind} lead`;
  if (change.ownerId !== undefined && change.ownerId !== null && !ownerIsActive) return 'the owner must be a member of the team';
  if (change.nextCallOn !== undefined && change.nextCallOn !== null && !isDate(change.nextCallOn)) return 'the next-call date must be a date (YYYY-MM-DD)';
  if (change.note !== undefined) {
    const note = change.note.trim();
    if (!note) return 'a note cannot be empty';
    if ([...note].length > NOTE_MAX_LENGTH) return `a note holds at most ${NOTE_MAX_LENGTH} characters`;
    if (/[^\P{Cc}\t\n\r]/u.test(note)) return 'a note cannot hold control characters';
  }
  return undefined;
}

/** Whether a change sets a field (status, owner, next-call date), which needs the lead's current version; a note alone does not. */
export const changesFields = (change: LeadChange): boolean => change.status !== undefined || change.ownerId !== undefined || change.nextCallOn !== undefined;

/** The audit detail of a change: each field's before and after, and whether a note was added (never its text). */
export function changeDetail(
  before: { status: string; ownerEmail: string | null; nextCallOn: string | null },
  after: { status: string; ownerEmail: string | null; nextCallOn: string | null },
  note: boolean,
): Record<string, unknown> {
  const detail: Record<string, unknown> = {};
  if (before.status !== after.status) detail.status = [before.status, after.status];
  if (before.ownerEmail !== after.ownerEmail) detail.owner = [before.ownerEmail, after.ownerEmail];
  if (before.nextCallOn !== after.nextCallOn) detail.nextCallOn = [before.nextCallOn, after.nextCallOn];
  if (note) detail.note = true;
  return detail;
}


/** A note's author as the team reads it (SQL, from `team_members m`): their name, else their email. */
export const NOTE_AUTHOR = "COALESCE(NULLIF(m.name, ''), m.email)";

/** An FTS5 query for a substring: the text as one phrase (the trigram tokenizer matches it anywhere). */
const ftsPhrase = (text: string) => `"${text.replace(/"/g, '""')}"`;

/** SQLite's worklist dialect: a text search through the FTS5 index (which drives the query, in its rowid order, when it is the only search). */
const SQLITE_DIALECT: WorklistDialect = {
  textMatch: (text) => ({ clauses: ['l.id IN (SELECT rowid FROM lead_search WHERE lead_search MATCH ?)'], params: [ftsPhrase(text)] }),
  textDriven: (text) => ({
    from: 'lead_search s JOIN leads l ON l.id = s.rowid LEFT JOIN team_members m ON m.id = l.owner_id',
    where: { clauses: ['lead_search MATCH ?'], params: [ftsPhrase(text)] },
    idColumn: 's.rowid',
  }),
  placeholders: (sql) => sql,
};

/** SQLite: the query of a page of a filter's rows (worklist-filter.ts), with its parameters. */
export function sqliteSelectSql(columns: string, filter: WorklistFilter, now: number, page: Page): { sql: string; params: unknown[] } {
  const { sql, params } = worklistSelectSql(SQLITE_DIALECT, columns, filter, now, page);
  return { sql, params };
}

/** The counts per status of a filter (its status, late flag and search left out), as a query on the kept totals or on the leads. */
export function countsSql(all: WorklistFilter, now: number, placeholder: (n: number) => string = () => '?'): { sql: string; params: unknown[] } {
  const filter = countedFilter(all);
  if (countsFromTotals(filter)) {
    return {
      sql: `SELECT status, SUM(n) AS n FROM lead_counts WHERE spam = ${placeholder(1)} ${filter.kind ? `AND kind = ${placeholder(2)}` : ''} GROUP BY status`,
      params: [filter.spam, ...(filter.kind ? [filter.kind] : [])],
    };
  }
  const where = whereOf(filter, now, { withStatus: false });
  let n = 0;
  return { sql: `SELECT l.status, COUNT(*) AS n FROM leads l WHERE ${where.clauses.join(' AND ').replace(/\?/g, () => placeholder(++n))} GROUP BY l.status`, params: where.params };
}

/** The count of a filter's late leads (its status and search left out): on the late index (leads_late) alone when nothing else narrows it. */
export function lateCountSql(filter: WorklistFilter, now: number): { sql: string; params: unknown[] } {
  const where = whereOf({ ...countedFilter(filter), search: undefined, late: true }, now);
  return { sql: `SELECT COUNT(*) AS n FROM leads l WHERE ${where.clauses.join(' AND ')}`, params: where.params };
}

/** The columns a search's tally reads of each match. */
export const TALLY_COLUMNS = 'l.status, l.late_at AS "lateAt"';

/** A search's tally from its matches (its status and late flag left out), undefined when there are more than `cap`. */
export function tallyOf(filter: WorklistFilter, now: number, cap: number, rows: { status: string; lateAt: number | string | null }[]): SearchTally | undefined {
  if (rows.length > cap) return undefined;
  const late = (row: { lateAt: number | string | null }) => row.lateAt !== null && Number(row.lateAt) <= now;
  return {
    counts: countsOf(filter.kind, rows.map((r) => ({ status: r.status, n: 1 }))),
    late: rows.filter(late).length,
    matches: rows.filter((r) => (!filter.status || r.status === filter.status) && (!filter.late || late(r))).length,
  };
}

/** The ids on either side of a lead in its list, from a read of one row each way. */
export async function neighboursOf(
  filter: WorklistFilter,
  lead: { id: number; lateSince: number | null },
  now: number,
  read: (page: Page) => Promise<{ id: number | string }[]>,
): Promise<Neighbours> {
  const cursor = cursorOf(filter, lead);
  // A lead that is not late (any more) has no place in the late list: its next is the list's first, nothing before it.
  const placed = !byLateness(filter) || (cursor.lateAt !== undefined && cursor.lateAt <= now);
  const [next, previous] = await Promise.all([read({ limit: 1, ...(placed ? { after: cursor } : {}) }), placed ? read({ limit: 1, after: cursor, backward: true }) : Promise.resolve([])]);
  return { next: next[0] ? Number(next[0].id) : null, previous: previous[0] ? Number(previous[0].id) : null };
}

export function createSqliteWorklist(db: Db, batcher: WriteBatcher): WorklistStore {
  const indexer = createSqliteSearchIndexer(db, batcher);
  const audit = sqliteAuditWriter(db);

  const select = (columns: string, filter: WorklistFilter, now: number, page: Page): LeadRow[] => {
    const { sql, params } = sqliteSelectSql(columns, filter, now, page);
    return db.prepare(sql).all(...params) as LeadRow[];
  };
  const lateAtOf = db.prepare<[number], { lateAt: number | null }>('SELECT late_at AS lateAt FROM leads WHERE id = ?');

  const leadRow = db.prepare<[number], LeadRow>(`SELECT ${LEAD_COLUMNS} FROM ${WORKLIST_FROM} WHERE l.id = ?`);
  const notesOf = (ids: number[]): Map<number, LeadNote[]> => {
    const byLead = new Map<number, LeadNote[]>();
    if (ids.length === 0) return byLead;
    const rows = db
      .prepare(
        `SELECT n.lead_id AS leadId, n.id, ${NOTE_AUTHOR} AS author, n.text, n.created_at AS at FROM lead_notes n JOIN team_members m ON m.id = n.author_id
          WHERE n.lead_id IN (SELECT value FROM json_each(?)) ORDER BY n.id`,
      )
      .all(JSON.stringify(ids)) as (LeadNote & { leadId: number })[];
    for (const { leadId, ...note } of rows) byLead.set(leadId, [...(byLead.get(leadId) ?? []), note]);
    return byLead;
  };
  const lastChange = db.prepare<[number], { actor: string; at: number }>(LAST_CHANGE_SQL);
  const isActive = db.prepare<[number]>('SELECT 1 FROM team_members WHERE id = ? AND removed_at IS NULL').pluck();
  const update = db.prepare<[string, number | null, string | null, number | null, number, number]>(
    'UPDATE leads SET status = ?, owner_id = ?, next_call_on = ?, late_at = ?, version = version + 1 WHERE id = ? AND version = ?',
  );
  const addNote = db.prepare<[number, number, string, number]>('INSERT INTO lead_notes (lead_id, author_id, text, created_at) VALUES (?, ?, ?, ?)');
  const ownerEmail = db.prepare<[number], string>('SELECT email FROM team_members WHERE id = ?').pluck();

  return {
    catchUp: () => indexer.catchUp(),
    async list(filter, now, limit, after) {
      return select(LEAD_COLUMNS, filter, now, { limit, after }).map((row) => worklistLead(row, now));
    },
    async counts(filter, now) {
      const { sql, params } = countsSql(filter, now);
      const rows = db.prepare(sql).all(...params.map((p) => (typeof p === 'boolean' ? Number(p) : p))) as { status: string; n: number }[];
      return countsOf(filter.kind, rows);
    },
    async lateCount(filter, now) {
      const { sql, params } = lateCountSql(filter, now);
      return (db.prepare(sql).get(...params) as { n: number }).n;
    },
    async matches(filter, now, cap) {
      return select('l.id', filter, now, { limit: cap + 1 }).length;
    },
    async searchTally(filter, now, cap) {
      return tallyOf(filter, now, cap, select(TALLY_COLUMNS, countedFilter(filter), now, { limit: cap + 1 }) as unknown as { status: string; lateAt: number | null }[]);
    },
    async neighbours(id, filter, now) {
      const row = lateAtOf.get(id);
      if (!row) return undefined;
      return neighboursOf(filter, { id, lateSince: row.lateAt }, now, async (page) => select('l.id', filter, now, page));
    },
    async lead(id, now) {
      const row = leadRow.get(id);
      if (!row) return undefined;
      const deliveries = db
        .prepare(
          'SELECT target, status, attempts, created_at AS createdAt, delivered_at AS deliveredAt, last_error AS lastError FROM deliveries WHERE lead_id = ? ORDER BY id',
        )
        .all(id) as LeadDelivery[];
      const history = (
        db.prepare(`SELECT ${AUDIT_COLUMNS} FROM team_audit WHERE lead_id = ? AND action <> 'view' ORDER BY id DESC LIMIT 200`).all(id) as Parameters<typeof auditEntry>[0][]
      ).map(auditEntry);
      const fields = typeof row.fields === 'string' ? (JSON.parse(row.fields) as Record<string, string>) : row.fields;
      const earlier = row.kind === 'career' ? personKeysOf(fields).flatMap((key) => findLeadIds(db, key)) : [];
      const appliedBefore = db
        .prepare(
          `SELECT id, reference, created_at AS createdAt, json_extract(fields, '$.areaOfInterest') AS role FROM leads
            WHERE id IN (SELECT value FROM json_each(?)) AND id < ? AND kind = 'career' ORDER BY id DESC`,
        )
        .all(JSON.stringify([...new Set(earlier)]), id) as AppliedBefore[];
      const cv = db.prepare<[number], CvSummary>('SELECT name, type, size, sha256 FROM cv_uploads WHERE lead_id = ?').get(id) ?? null;
      return leadDetail(row, now, notesOf([id]).get(id) ?? [], deliveries, history, cv, appliedBefore);
    },
    change: (id, change, actor, at) =>
      batcher.run((): ChangeResult => {
        const row = leadRow.get(id);
        if (!row) return { ok: false, reason: 'not-found' };
        const ownerActive = change.ownerId === undefined || change.ownerId === null || isActive.get(change.ownerId) !== undefined;
        const invalid = invalidChange(row.kind, change, ownerActive);
        if (invalid) return { ok: false, reason: 'invalid', message: invalid };
        const before = { status: row.status, ownerEmail: row.ownerEmail, nextCallOn: row.nextCallOn };
        const after = { ...before };
        if (changesFields(change)) {
          const status = change.status ?? row.status;
          const ownerId = change.ownerId === undefined ? row.ownerId : change.ownerId;
          const nextCallOn = change.nextCallOn === undefined ? row.nextCallOn : change.nextCallOn;
          const lateAt = lateSince({ status, createdAt: Number(row.createdAt), nextCallOn });
          if (update.run(status, ownerId, nextCallOn, lateAt, id, change.version).changes === 0) {
            const last = lastChange.get(id);
            return { ok: false, reason: 'conflict', by: last?.actor ?? null, at: last?.at ?? null };
          }
          Object.assign(after, { status, nextCallOn, ownerEmail: ownerId === null ? null : ownerEmail.get(ownerId)! });
        }
        if (change.note !== undefined) addNote.run(id, actor.memberId!, change.note.trim(), at);
        const detail = changeDetail(before, after, change.note !== undefined);
        if (Object.keys(detail).length) audit({ at, actor, action: 'change', leadId: id, detail });
        return { ok: true, changed: detail };
      }),
    notSpam: (id, targets, actor, at) =>
      batcher.run((): NotSpamResult => {
        const changed = db.prepare('UPDATE leads SET spam_reason = NULL, version = version + 1 WHERE id = ? AND spam_reason IS NOT NULL').run(id).changes;
        if (changed === 0) {
          if (!leadRow.get(id)) return { ok: false, reason: 'not-found' };
          const last = lastChange.get(id);
          return { ok: false, reason: 'conflict', by: last?.actor ?? null, at: last?.at ?? null };
        }
        const enqueue = db.prepare("INSERT OR IGNORE INTO deliveries (lead_id, target, status, attempts, next_attempt_at, created_at) VALUES (?, ?, 'pending', 0, ?, ?)");
        let queued = 0;
        for (const target of targets) queued += enqueue.run(id, target, at, at).changes;
        audit({ at, actor, action: 'not-spam', leadId: id, detail: { queued } });
        return { ok: true, queued };
      }),
    async exportBatch(filter, now, limit, after) {
      const rows = select(LEAD_COLUMNS, filter, now, { limit, after });
      const notes = notesOf(rows.map((r) => Number(r.id)));
      return rows.map((row) => ({ ...worklistLead(row, now), fields: fieldsOf(row), notes: notes.get(Number(row.id)) ?? [] }));
    },
  };
}
