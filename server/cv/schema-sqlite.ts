/** The CVs' table in leads.db (database.ts MIGRATIONS, 10), apart from cv-store.ts so that the migrations import no store. */
export const CV_MIGRATION_SQLITE = `
  CREATE TABLE IF NOT EXISTS cv_uploads (
    id          TEXT    PRIMARY KEY,             -- opaque, random (newUploadId)
    lead_id     INTEGER REFERENCES leads (id) ON DELETE CASCADE,  -- NULL until an application claims it
    name        TEXT    NOT NULL,                -- the file's name as sent, cleaned
    type        TEXT    NOT NULL,                -- the type its content was found to be
    size        INTEGER NOT NULL,
    sha256      TEXT    NOT NULL,                -- hex
    content     BLOB    NOT NULL,
    created_at  INTEGER NOT NULL,                -- epoch ms of the upload; unclaimed after CV.unclaimedHours: deleted
    claimed_at  INTEGER
  );
  CREATE UNIQUE INDEX IF NOT EXISTS cv_uploads_lead ON cv_uploads (lead_id);
  CREATE INDEX IF NOT EXISTS cv_uploads_created ON cv_uploads (created_at);
`;
