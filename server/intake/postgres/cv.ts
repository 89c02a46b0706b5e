import type { CvStore, StoredCv } from '../cv/cv-store.ts';
import { newUploadId, UNCLAIMED_MS } from '../cv/cv-store.ts';
import type { Pool } from './connection.ts';

/** The CVs on PostgreSQL, with the rules of ../cv/cv-store.ts: the bytes in a bytea, so every instance can serve them. */


const COLUMNS = 'id, lead_id AS "leadId", name, type, size, sha256, content';
const stored = (row: StoredCv | undefined): StoredCv | undefined => row && { ...row, leadId: Number(row.leadId) };

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

export function createPostgresCvStore(pool: Pool): CvStore {
  return {
    async keep(cv, at) {
      const id = newUploadId();
      await pool.query('INSERT INTO cv_uploads (id, name, type, size, sha256, content, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)', [
        id, cv.name, cv.type, cv.size, cv.sha256, cv.content, at,
      ]);
      return id;
    },
    ofLead: async (leadId) => stored((await pool.query<StoredCv>(`SELECT ${COLUMNS} FROM cv_uploads WHERE lead_id = $1`, [leadId])).rows[0]),
    claimed: async (id) => stored((await pool.query<StoredCv>(`SELECT ${COLUMNS} FROM cv_uploads WHERE id = $1 AND lead_id IS NOT NULL`, [id])).rows[0]),
    async purgeUnclaimed(before) {
      const deleted = (await pool.query('DELETE FROM cv_uploads WHERE lead_id IS NULL AND created_at < $1', [before])).rowCount ?? 0;
      if (deleted > 0) await pool.query('VACUUM cv_uploads');
      return deleted;
    },
    contentHash: async (id) => (await pool.query<{ sha256: string }>('SELECT sha256 FROM cv_uploads WHERE id = $1', [id])).rows[0]?.sha256,
    async discardUnclaimed(id) {
      await pool.query('DELETE FROM cv_uploads WHERE id = $1 AND lead_id IS NULL', [id]);
    },
  };
}
