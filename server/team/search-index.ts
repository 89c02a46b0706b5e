import { nationalPhoneNumber } from '../../contract/lead-contract.ts';
import { NEW_LEAD_LATE_AFTER_MS, NEW_STATUS } from '../../contract/team.ts';
import type { Db, WriteBatcher } from '../store/sqlite.ts';

/**
 * What the worklist's search and city filter read, kept beside each lead: its phone's
 * national number (phone_key: the contract's one phone rule, so every spelling of a number
 * finds it), its city in lower case (city_key), and its searchable text (name, email, phone
 * and society), indexed by trigrams (SQLite: the FTS5 table lead_search; PostgreSQL: a
 * pg_trgm index on leads.search_text). A lead gets them the first time the index catches up
 * after it was stored (before each worklist query, and in the background), so nothing on
 * the intake path changes; phone_key IS NULL marks a lead not indexed yet. The same step
 * sets when the lead will be late (late_at), which the late list reads.
 */

/** The fields a search looks in, as substrings. Another field: one line here (new leads get it; see docs/team.md for a reindex). */
const SEARCHED_FIELDS = ['name', 'email', 'societyName'] as const;

/** Text a search compares in lower case, spaces made one. */
export const searchable = (text: string): string => text.normalize('NFC').toLowerCase().replace(/\s+/g, ' ').trim();

export interface IndexedValues {
  phoneKey: string;
  cityKey: string | null;
  text: string;
}

/** A lead's index values, from its stored fields. */
export function indexValues(fields: Record<string, string>): IndexedValues {
  const phoneKey = nationalPhoneNumber(fields.phone ?? '');
  const city = fields.city ? searchable(fields.city) : '';
  return {
    phoneKey,
    cityKey: city || null,
    // One line per value: a search never matches across two of them.
    text: [...SEARCHED_FIELDS.map((f) => searchable(fields[f] ?? '')), phoneKey].filter(Boolean).join('\n'),
  };
}

/** The city filter's key for what a member typed. */
export const cityKey = (text: string): string => searchable(text);

/**
 * The SET of a lead's late_at as it is indexed (SQL of both stores): a lead the team has not
 * touched is new with no next call, so it is late 24 hours and 1 ms after it came
 * (contract/team.ts lateSince); a lead the team changed already has its own (worklist.ts).
 */
export const LATE_AT_OF_A_NEW_LEAD = `late_at = CASE WHEN late_at IS NULL AND status = '${NEW_STATUS}' AND next_call_on IS NULL THEN created_at + ${NEW_LEAD_LATE_AFTER_MS + 1} ELSE late_at END`;

/** Leads indexed per catch-up step (one transaction). */
export const INDEX_BATCH = 2_000;

/**
 * SQLite: indexes up to `limit` leads not indexed yet, in one batched write; resolves with
 * how many it indexed (fewer than `limit`: it has caught up).
 */
export function createSqliteSearchIndexer(db: Db, batcher: WriteBatcher) {
  const pending = db.prepare<[number], { id: number; fields: string }>('SELECT id, fields FROM leads WHERE phone_key IS NULL ORDER BY id LIMIT ?');
  const hasPending = db.prepare('SELECT 1 FROM leads WHERE phone_key IS NULL LIMIT 1').pluck();
  const setKeys = db.prepare<[string, string | null, number]>(`UPDATE leads SET phone_key = ?, city_key = ?, ${LATE_AT_OF_A_NEW_LEAD} WHERE id = ? AND phone_key IS NULL`);
  const addText = db.prepare<[number, string]>('INSERT INTO lead_search (rowid, text) VALUES (?, ?)');
  let running: Promise<number> | undefined;

  const step = (limit: number): number => {
    const rows = pending.all(limit);
    for (const row of rows) {
      const values = indexValues(JSON.parse(row.fields) as Record<string, string>);
      // The check and the insert in one transaction: a lead gets one row in lead_search.
      if (setKeys.run(values.phoneKey, values.cityKey, row.id).changes === 1) addText.run(row.id, values.text);
    }
    return rows.length;
  };

  return {
    /** One step; concurrent callers share the step in flight. A no-op read when nothing is pending. */
    catchUp(limit = INDEX_BATCH): Promise<number> {
      if (!hasPending.get()) return Promise.resolve(0);
      running ??= batcher.run(() => step(limit)).finally(() => {
        running = undefined;
      });
      return running;
    },
  };
}
