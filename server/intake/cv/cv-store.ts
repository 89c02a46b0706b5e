import { randomBytes } from 'node:crypto';
import type { CvMime, CvSummary } from '../../../contract/cv-upload.ts';
import { CV } from '../../../contract/cv-upload.ts';
import type { Db, WriteBatcher } from '../database.ts';
import { checkpointAndTruncate } from '../personal-data.ts';

/**
 * The CVs applicants attach (issue 35), kept where the leads are: in SQLite a row of
 * `cv_uploads` in leads.db with the bytes as a BLOB (secure_delete is on, so a deleted CV is
 * overwritten in the file), in PostgreSQL a bytea (../postgres/cv.ts). An upload is kept
 * unclaimed (lead_id NULL) until an application names it (leads.ts claims it in the lead's
 * transaction); one no application claims within CV.unclaimedHours is deleted. A claimed CV
 * refers to its lead (ON DELETE CASCADE), so erasing the lead, by request or retention,
 * erases the CV with it (personal-data.ts finds the table by its foreign key).
 */

/** A checked file, ready to keep. */
export interface NewCv {
  name: string;
  type: CvMime;
  size: number;
  sha256: string;
  content: Buffer;
}

/** A kept CV: what the team sees of it, its id (the upload's), its lead, and its bytes. */
export interface StoredCv extends CvSummary {
  id: string;
  leadId: number;
  content: Buffer;
}

/** The CVs of a store (store.ts). */
export interface CvStore {
  /** Keeps an upload, unclaimed; answers its opaque id. */
  keep(cv: NewCv, at: number): Promise<string>;
  /** The CV of a lead, if it has one. */
  ofLead(leadId: number): Promise<StoredCv | undefined>;
  /** A claimed CV by its id (a signed link names it); undefined when unknown, unclaimed or erased. */
  claimed(id: string): Promise<StoredCv | undefined>;
  /** Deletes the uploads no application claimed by `before` (epoch ms). */
  purgeUnclaimed(before: number): Promise<number>;
  /** The SHA-256 of an upload's bytes, claimed or not; undefined when it is not held. */
  contentHash(id: string): Promise<string | undefined>;
  /** Deletes an upload no application has claimed (one a repeated application named: its first send's upload is the lead's). */
  discardUnclaimed(id: string): Promise<void>;
}

/** An upload's id: 32 random base64url characters (192 bits), nothing else. */
export const newUploadId = (): string => randomBytes(24).toString('base64url');
export const UPLOAD_ID_PATTERN = /^[A-Za-z0-9_-]{32}$/;

/** How long an upload waits for its application. */
export const UNCLAIMED_MS = CV.unclaimedHours * 60 * 60 * 1000;


type Row = { id: string; leadId: number; name: string; type: CvMime; size: number; sha256: string; content: Buffer };
const COLUMNS = 'id, lead_id AS leadId, name, type, size, sha256, content';

/** Inside a lead's transaction: whether an upload is there to claim, and the claim. */
export function cvClaims(db: Db) {
  const open = db.prepare<[string, number]>('SELECT 1 FROM cv_uploads WHERE id = ? AND lead_id IS NULL AND created_at >= ?').pluck();
  const hasCv = db.prepare<[number]>('SELECT 1 FROM cv_uploads WHERE lead_id = ?').pluck();
  const claim = db.prepare<[number, number, string]>('UPDATE cv_uploads SET lead_id = ?, claimed_at = ? WHERE id = ? AND lead_id IS NULL');
  return {
    /** The upload exists, no application has claimed it, and it is younger than CV.unclaimedHours. */
    isOpen: (id: string, at: number) => open.get(id, at - UNCLAIMED_MS) !== undefined,
    /** Gives the upload to the lead, unless the lead has a CV already (a repeat of an application that had one). */
    claim: (id: string, leadId: number, at: number) => {
      if (hasCv.get(leadId) === undefined) claim.run(leadId, at, id);
    },
  };
}

export function createSqliteCvStore(db: Db, batcher: WriteBatcher): CvStore {
  const insert = db.prepare('INSERT INTO cv_uploads (id, name, type, size, sha256, content, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)');
  const ofLead = db.prepare<[number], Row>(`SELECT ${COLUMNS} FROM cv_uploads WHERE lead_id = ?`);
  const claimed = db.prepare<[string], Row>(`SELECT ${COLUMNS} FROM cv_uploads WHERE id = ? AND lead_id IS NOT NULL`);
  const purge = db.prepare<[number]>('DELETE FROM cv_uploads WHERE lead_id IS NULL AND created_at < ?');
  const hashOf = db.prepare<[string], string>('SELECT sha256 FROM cv_uploads WHERE id = ?').pluck();
  const discard = db.prepare<[string]>('DELETE FROM cv_uploads WHERE id = ? AND lead_id IS NULL');
  return {
    keep(cv, at) {
      const id = newUploadId();
      return batcher.run(() => {
        insert.run(id, cv.name, cv.type, cv.size, cv.sha256, cv.content, at);
        return id;
      });
    },
    ofLead: async (leadId) => ofLead.get(leadId),
    claimed: async (id) => claimed.get(id),
    async purgeUnclaimed(before) {
      const deleted = await batcher.run(() => purge.run(before).changes);
      // The old pages of the deleted files are in the WAL until it is checkpointed.
      if (deleted > 0) checkpointAndTruncate(db);
      return deleted;
    },
    contentHash: async (id) => hashOf.get(id),
    async discardUnclaimed(id) {
      await batcher.run(() => discard.run(id));
    },
  };
}
