import { indexValues, INDEX_BATCH, LATE_AT_OF_A_NEW_LEAD } from './search-index.ts';
import { lateSince } from '../../contract/team.ts';
import type { AppliedBefore, LeadDelivery, LeadNote } from '../../contract/team.ts';
import type { CvSummary } from '../../contract/cv-upload.ts';
import { findLeadIds } from '../intake/personal-data-postgres.ts';
import { AUDIT_COLUMNS, auditEntry } from './audit.ts';
import { countedFilter, WORKLIST_FROM, worklistSelectSql, type Page, type WorklistDialect, type WorklistFilter } from './worklist-filter.ts';
import {
  personKeysOf,
  changeDetail,
  changesFields,
  countsOf,
  countsSql,
  invalidChange,
  LAST_CHANGE_SQL,
  LEAD_COLUMNS,
  lateCountSql,
  leadDetail,
  neighboursOf,
  NOTE_AUTHOR,
  TALLY_COLUMNS,
  tallyOf,
  worklistLead,
  type ChangeResult,
  type LeadRow,
  type NotSpamResult,
  type WorklistStore,
} from './worklist.ts';
import { type Pool, transaction } from '../store/postgres.ts';
import { writeAudit } from './audit-postgres.ts';

/**
 * The worklist on PostgreSQL, with the rules of server/team/worklist.ts: the same filters
 * (worklist-filter.ts, its `?` numbered here), the search through pg_trgm on search_text,
 * a change under a version check with the lead's row locked, counts per status summed from
 * the rows the team schema's triggers add (folded together by `foldCounts`).
 */

/** `?` placeholders as $1, $2, … from `first`. */
export const numbered = (sql: string, first = 1): string => {
  let n = first - 1;
  return sql.replace(/\?/g, () => `$${++n}`);
};

/** A LIKE pattern for a substring (`%`, `_` and `\` taken literally). */
const containing = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** PostgreSQL's worklist dialect: a text search through pg_trgm on search_text, placeholders numbered. */
const POSTGRES_DIALECT: WorklistDialect = {
  textMatch: (text) => ({ clauses: ["l.search_text LIKE ? ESCAPE '\\'"], params: [containing(text)] }),
  placeholders: (sql) => numbered(sql),
};

/** The query of a page of a filter's rows (worklist-filter.ts), with its parameters. */
export function selectSql(columns: string, filter: WorklistFilter, now: number, page: Page): { sql: string; params: unknown[] } {
  const { sql, params } = worklistSelectSql(POSTGRES_DIALECT, columns, filter, now, page);
  return { sql, params };
}

export function createPostgresWorklist(pool: Pool): WorklistStore {
  let catchingUp: Promise<number> | undefined;
  const select = async (columns: string, filter: WorklistFilter, now: number, page: Page) => {
    const { sql, params } = selectSql(columns, filter, now, page);
    return (await pool.query<LeadRow>(sql, params)).rows;
  };
  const notesOf = async (ids: number[]): Promise<Map<number, LeadNote[]>> => {
    const byLead = new Map<number, LeadNote[]>();
    if (ids.length === 0) return byLead;
    const { rows } = await pool.query<LeadNote & { leadId: number }>(
      `SELECT n.lead_id AS "leadId", n.id, ${NOTE_AUTHOR} AS author, n.text, n.created_at AS at FROM lead_notes n JOIN team_members m ON m.id = n.author_id
        WHERE n.lead_id = ANY ($1) ORDER BY n.id`,
      [ids],
    );
    for (const { leadId, ...note } of rows) byLead.set(Number(leadId), [...(byLead.get(Number(leadId)) ?? []), { ...note, id: Number(note.id), at: Number(note.at) }]);
    return byLead;
  };
  const lastChange = async (client: Pick<Pool, 'query'>, id: number) => (await client.query<{ actor: string; at: number }>(numbered(LAST_CHANGE_SQL), [id])).rows[0];

  return {
    catchUp() {
      catchingUp ??= (async () => {
        const { rows } = await pool.query<{ id: number; fields: Record<string, string> }>('SELECT id, fields FROM leads WHERE phone_key IS NULL ORDER BY id LIMIT $1', [INDEX_BATCH]);
        if (rows.length === 0) return 0;
        const values = rows.map((r) => indexValues(r.fields));
        // Another instance may index the same leads at once: the same values, written by whichever comes first.
        await pool.query(
          `UPDATE leads l SET phone_key = v.phone_key, city_key = v.city_key, search_text = v.search_text, ${LATE_AT_OF_A_NEW_LEAD}
             FROM unnest($1::bigint[], $2::text[], $3::text[], $4::text[]) AS v (id, phone_key, city_key, search_text)
            WHERE l.id = v.id AND l.phone_key IS NULL`,
          [rows.map((r) => r.id), values.map((v) => v.phoneKey), values.map((v) => v.cityKey), values.map((v) => v.text)],
        );
        return rows.length;
      })().finally(() => {
        catchingUp = undefined;
      });
      return catchingUp;
    },
    async list(filter, now, limit, after) {
      return (await select(LEAD_COLUMNS, filter, now, { limit, after })).map((row) => worklistLead(row, now));
    },
    async counts(filter, now) {
      const { sql, params } = countsSql(filter, now, (n) => `$${n}`);
      return countsOf(filter.kind, (await pool.query<{ status: string; n: string }>(sql, params)).rows);
    },
    async lateCount(filter, now) {
      const { sql, params } = lateCountSql(filter, now);
      return Number((await pool.query<{ n: string }>(numbered(sql), params)).rows[0]!.n);
    },
    async matches(filter, now, cap) {
      const { sql, params } = selectSql('l.id', filter, now, { limit: cap + 1 });
      return (await pool.query<{ n: number }>(`SELECT COUNT(*)::integer AS n FROM (${sql}) AS found`, params)).rows[0]!.n;
    },
    async searchTally(filter, now, cap) {
      return tallyOf(filter, now, cap, (await select(TALLY_COLUMNS, countedFilter(filter), now, { limit: cap + 1 })) as unknown as { status: string; lateAt: string | null }[]);
    },
    async neighbours(id, filter, now) {
      const row = (await pool.query<{ lateAt: string | null }>('SELECT late_at AS "lateAt" FROM leads WHERE id = $1', [id])).rows[0];
      if (!row) return undefined;
      return neighboursOf(filter, { id, lateSince: row.lateAt === null ? null : Number(row.lateAt) }, now, (page) => select('l.id', filter, now, page));
    },
    async lead(id, now) {
      // Four reads at once, each on a connection of its own: one round trip's wait, not four.
      const [row, deliveries, history, notes] = await Promise.all([
        pool.query<LeadRow>(`SELECT ${LEAD_COLUMNS} FROM ${WORKLIST_FROM} WHERE l.id = $1`, [id]).then((r) => r.rows[0]),
        pool
          .query<LeadDelivery>(
            'SELECT target, status, attempts, created_at AS "createdAt", delivered_at AS "deliveredAt", last_error AS "lastError" FROM deliveries WHERE lead_id = $1 ORDER BY id',
            [id],
          )
          .then((r) => r.rows),
        pool.query(`SELECT ${AUDIT_COLUMNS} FROM team_audit WHERE lead_id = $1 AND action <> 'view' ORDER BY id DESC LIMIT 200`, [id]).then((r) => r.rows.map(auditEntry)),
        notesOf([id]),
      ]);
      if (!row) return undefined;
      const fields = typeof row.fields === 'string' ? (JSON.parse(row.fields) as Record<string, string>) : row.fields;
      const earlier: number[] = [];
      if (row.kind === 'career') for (const key of personKeysOf(fields)) earlier.push(...(await findLeadIds(pool, key)));
      const [appliedBefore, cv] = await Promise.all([
        pool
          .query<AppliedBefore>(
            `SELECT id::integer AS id, reference, created_at::float8 AS "createdAt", fields->>'areaOfInterest' AS role FROM leads
              WHERE id = ANY ($1) AND id < $2 AND kind = 'career' ORDER BY id DESC`,
            [[...new Set(earlier)], id],
          )
          .then((r) => r.rows),
        pool.query<CvSummary>('SELECT name, type, size, sha256 FROM cv_uploads WHERE lead_id = $1', [id]).then((r) => r.rows[0] ?? null),
      ]);
      return leadDetail(row, now, notes.get(id) ?? [], deliveries, history, cv, appliedBefore);
    },
    change: (id, change, actor, at) =>
      transaction(pool, async (client): Promise<ChangeResult> => {
        const row = (await client.query<LeadRow>(`SELECT ${LEAD_COLUMNS} FROM ${WORKLIST_FROM} WHERE l.id = $1 FOR UPDATE OF l`, [id])).rows[0];
        if (!row) return { ok: false, reason: 'not-found' };
        // The new owner's email, when there is one and they are a member (undefined: not one).
        const newOwnerEmail =
          change.ownerId === undefined || change.ownerId === null
            ? null
            : (await client.query<{ email: string }>('SELECT email FROM team_members WHERE id = $1 AND removed_at IS NULL', [change.ownerId])).rows[0]?.email;
        const invalid = invalidChange(row.kind, change, newOwnerEmail !== undefined);
        if (invalid) return { ok: false, reason: 'invalid', message: invalid };
        const before = { status: row.status, ownerEmail: row.ownerEmail, nextCallOn: row.nextCallOn };
        const after = { ...before };
        if (changesFields(change)) {
          if (Number(row.version) !== change.version) {
            const last = await lastChange(client, id);
            return { ok: false, reason: 'conflict', by: last?.actor ?? null, at: last ? Number(last.at) : null };
          }
          const status = change.status ?? row.status;
          const ownerId = change.ownerId === undefined ? row.ownerId : change.ownerId;
          const nextCallOn = change.nextCallOn === undefined ? row.nextCallOn : change.nextCallOn;
          const lateAt = lateSince({ status, createdAt: Number(row.createdAt), nextCallOn });
          await client.query('UPDATE leads SET status = $1, owner_id = $2, next_call_on = $3, late_at = $4, version = version + 1 WHERE id = $5', [status, ownerId, nextCallOn, lateAt, id]);
          Object.assign(after, { status, nextCallOn, ownerEmail: change.ownerId === undefined ? row.ownerEmail : newOwnerEmail });
        }
        if (change.note !== undefined) {
          await client.query('INSERT INTO lead_notes (lead_id, author_id, text, created_at) VALUES ($1, $2, $3, $4)', [id, actor.memberId, change.note.trim(), at]);
        }
        const detail = changeDetail(before, after, change.note !== undefined);
        if (Object.keys(detail).length) await writeAudit(client, { at, actor, action: 'change', leadId: id, detail });
        return { ok: true, changed: detail };
      }),
    notSpam: (id, targets, actor, at) =>
      transaction(pool, async (client): Promise<NotSpamResult> => {
        const { rowCount } = await client.query('UPDATE leads SET spam_reason = NULL, version = version + 1 WHERE id = $1 AND spam_reason IS NOT NULL', [id]);
        if (rowCount === 0) {
          if ((await client.query('SELECT 1 FROM leads WHERE id = $1', [id])).rowCount === 0) return { ok: false, reason: 'not-found' };
          const last = await lastChange(client, id);
          return { ok: false, reason: 'conflict', by: last?.actor ?? null, at: last ? Number(last.at) : null };
        }
        const queued =
          (
            await client.query(
              `INSERT INTO deliveries (lead_id, target, status, attempts, next_attempt_at, created_at)
               SELECT $1, t, 'pending', 0, $2, $2 FROM unnest($3::text[]) AS t ON CONFLICT (lead_id, target) DO NOTHING`,
              [id, at, targets],
            )
          ).rowCount ?? 0;
        await writeAudit(client, { at, actor, action: 'not-spam', leadId: id, detail: { queued } });
        return { ok: true, queued };
      }),
    async exportBatch(filter, now, limit, after) {
      const rows = await select(LEAD_COLUMNS, filter, now, { limit, after });
      const notes = await notesOf(rows.map((r) => Number(r.id)));
      return rows.map((row) => ({ ...worklistLead(row, now), fields: row.fields as Record<string, string>, notes: notes.get(Number(row.id)) ?? [] }));
    },
  };
}

/** Folds the count rows the triggers add into one per kind, status and spam flag (housekeeping; safe on several instances at once). */
export async function foldCounts(pool: Pool): Promise<void> {
  await pool.query(
    `WITH gone AS (DELETE FROM lead_counts RETURNING kind, status, spam, n)
     INSERT INTO lead_counts (kind, status, spam, n) SELECT kind, status, spam, SUM(n) FROM gone GROUP BY 1, 2, 3 HAVING SUM(n) <> 0`,
  );
}
