import { randomBytes } from 'node:crypto';
import type { CvMime, CvSummary } from '../../contract/cv-upload.ts';
import { CV } from '../../contract/cv-upload.ts';
import type { Db, WriteBatcher } from '../store/sqlite.ts';
import { checkpointAndTruncate } from '../intake/personal-data.ts';

/**
 * The CVs applicants attach (issue 35), kept where the leads are: in SQLite a row of
 * `cv_uploads` in leads.db with the bytes as a BLOB (secure_delete is on, so a deleted CV is
 * overwritten in the file), in PostgreSQL a bytea (cv-store-postgres.ts). An upload is kept
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

/** A kept CV: what the team sees of it, its id (the upload's), its lead and that lead's reference (its file's name, cvFileName), and its bytes. */
export interface StoredCv extends CvSummary {
  id: string;
  leadId: number;
  reference: string;
  content: Buffer;
}

/** The CVs of a store (store.ts). */
export interface CvStore {
  /** Keeps an upload, unclaimed; answers its opaque id, or undefined when every CV together would pass CV_STORAGE_MAX_MB (nothing kept). */
  keep(cv: NewCv, at: number): Promise<string | undefined>;
  /** The CV of a lead, if it has one. */
  ofLead(leadId: number): Promise<StoredCv | undefined>;
  /** A claimed CV by its id (a signed link names it); undefined when unknown, unclaimed or erased. */
  claimed(id: string): Promise<StoredCv | undefined>;
  /** Deletes the uploads no application claimed by `before` (epoch ms). */
  purgeUnclaimed(before: number): Promise<number>;
  /** Deletes the CVs of leads in spam that came before `before` (epoch ms): a day after, unless the team took the lead out of spam. */
  purgeSpam(before: number): Promise<number>;
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

/** How long the CV of a lead in spam is kept: a day for the team to take the lead out of spam (docs/intake-api.md). */
export const SPAM_CV_KEEP_MS = 24 * 60 * 60 * 1000;

/** The name the team gets a CV under (attachment, downloads): one we make from the lead's reference and the checked type, never the sender's. */
export const cvFileName = (cv: Pick<StoredCv, 'reference' | 'type'>): string => `cv-${cv.reference}.${CV.types.find((t) => t.mime === cv.type)!.ext}`;


type Row = StoredCv;
/** A claimed CV with its lead's reference (`c`: cv_uploads, `l`: leads). */
export const CLAIMED_COLUMNS = 'c.id, c.lead_id AS "leadId", l.reference, c.name, c.type, c.size, c.sha256, c.content';

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

/** The WHERE of purgeSpam, on both stores: the CVs of leads in spam older than the parameter `param` (`?` or `$1`). */
export const spamCvs = (param: string): string => `lead_id IN (SELECT id FROM leads WHERE spam_reason IS NOT NULL AND created_at < ${param})`;

/** `maxBytes`: CV_STORAGE_MAX_MB, the most every CV together may take. */
export function createSqliteCvStore(db: Db, batcher: WriteBatcher, maxBytes: number): CvStore {
  const insert = db.prepare('INSERT INTO cv_uploads (id, name, type, size, sha256, content, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)');
  const stored = db.prepare('SELECT COALESCE(SUM(size), 0) FROM cv_uploads').pluck();
  const ofLead = db.prepare<[number], Row>(`SELECT ${CLAIMED_COLUMNS} FROM cv_uploads c JOIN leads l ON l.id = c.lead_id WHERE c.lead_id = ?`);
  const claimed = db.prepare<[string], Row>(`SELECT ${CLAIMED_COLUMNS} FROM cv_uploads c JOIN leads l ON l.id = c.lead_id WHERE c.id = ?`);
  const purge = db.prepare<[number]>('DELETE FROM cv_uploads WHERE lead_id IS NULL AND created_at < ?');
  const purgeSpam = db.prepare<[number]>(`DELETE FROM cv_uploads WHERE ${spamCvs('?')}`);
  const hashOf = db.prepare<[string], string>('SELECT sha256 FROM cv_uploads WHERE id = ?').pluck();
  const discard = db.prepare<[string]>('DELETE FROM cv_uploads WHERE id = ? AND lead_id IS NULL');
  return {
    keep(cv, at) {
      const id = newUploadId();
      return batcher.run(() => {
        // In the write's transaction: two uploads at once cannot both take the last room.
        if ((stored.get() as number) + cv.size > maxBytes) return undefined;
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
    async purgeSpam(before) {
      const deleted = await batcher.run(() => purgeSpam.run(before).changes);
      if (deleted > 0) checkpointAndTruncate(db);
      return deleted;
    },
    contentHash: async (id) => hashOf.get(id),
    async discardUnclaimed(id) {
      await batcher.run(() => discard.run(id));
    },
  };
}
