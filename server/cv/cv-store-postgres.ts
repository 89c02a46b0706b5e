import type { CvStore, StoredCv } from './cv-store.ts';
import { CLAIMED_COLUMNS, newUploadId, spamCvs, UNCLAIMED_MS } from './cv-store.ts';
import { type Pool, transaction } from '../store/postgres.ts';

/**
 * The CVs on PostgreSQL, with the rules of ../cv/cv-store.ts: the bytes in a bytea, so every
 * instance can serve them; the storage quota checked under an advisory lock, so instances keeping
 * files at once cannot both take the last room.
 */

const stored = (row: StoredCv | undefined): StoredCv | undefined => row && { ...row, leadId: Number(row.leadId) };
/** The advisory lock key of the quota check (any constant no other lock of the service uses). */
const QUOTA_LOCK = 0x63765f71; // 'cv_q'


/** Inside a lead's transaction (leads.ts): the upload is there to claim; the claim (the lead keeps a CV it has). */
export async function claimOpenUpload(client: Pick<Pool, 'query'>, id: string, at: number): Promise<boolean> {
  const { rowCount } = await client.query('SELECT 1 FROM cv_uploads WHERE id = $1 AND lead_id IS NULL AND created_at >= $2 FOR UPDATE', [id, at - UNCLAIMED_MS]);
  return (rowCount ?? 0) > 0;
}
export async function claimUpload(client: Pick<Pool, 'query'>, id: string, leadId: number, at: number): Promise<void> {
  await client.query(
    'UPDATE cv_uploads SET lead_id = $1, claimed_at = $2 WHERE id = $3 AND lead_id IS NULL AND NOT EXISTS (SELECT 1 FROM cv_uploads WHERE lead_id = $1)',
    [leadId, at, id],
  );
}

/** `maxBytes`: CV_STORAGE_MAX_MB, the most every CV together may take. */
export function createPostgresCvStore(pool: Pool, maxBytes: number): CvStore {
  return {
    keep(cv, at) {
      const id = newUploadId();
      return transaction(pool, async (client) => {
        await client.query('SELECT pg_advisory_xact_lock($1)', [QUOTA_LOCK]);
        const { rows } = await client.query<{ bytes: string }>('SELECT COALESCE(SUM(size), 0) AS bytes FROM cv_uploads');
        if (Number(rows[0]!.bytes) + cv.size > maxBytes) return undefined;
        await client.query('INSERT INTO cv_uploads (id, name, type, size, sha256, content, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)', [
          id, cv.name, cv.type, cv.size, cv.sha256, cv.content, at,
        ]);
        return id;
      });
    },
    ofLead: async (leadId) => stored((await pool.query<StoredCv>(`SELECT ${CLAIMED_COLUMNS} FROM cv_uploads c JOIN leads l ON l.id = c.lead_id WHERE c.lead_id = $1`, [leadId])).rows[0]),
    claimed: async (id) => stored((await pool.query<StoredCv>(`SELECT ${CLAIMED_COLUMNS} FROM cv_uploads c JOIN leads l ON l.id = c.lead_id WHERE c.id = $1`, [id])).rows[0]),
    async purgeUnclaimed(before) {
      const deleted = (await pool.query('DELETE FROM cv_uploads WHERE lead_id IS NULL AND created_at < $1', [before])).rowCount ?? 0;
      if (deleted > 0) await pool.query('VACUUM cv_uploads');
      return deleted;
    },
    async purgeSpam(before) {
      const deleted = (await pool.query(`DELETE FROM cv_uploads WHERE ${spamCvs('$1')}`, [before])).rowCount ?? 0;
      if (deleted > 0) await pool.query('VACUUM cv_uploads');
      return deleted;
    },
    contentHash: async (id) => (await pool.query<{ sha256: string }>('SELECT sha256 FROM cv_uploads WHERE id = $1', [id])).rows[0]?.sha256,
    async discardUnclaimed(id) {
      await pool.query('DELETE FROM cv_uploads WHERE id = $1 AND lead_id IS NULL', [id]);
    },
  };
}
