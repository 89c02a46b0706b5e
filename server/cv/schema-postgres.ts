/** The CVs' table on PostgreSQL (migrations.ts, 9), apart from cv.ts so that the migrations import no store. */
export const CV_MIGRATION_POSTGRES = `
  CREATE TABLE IF NOT EXISTS cv_uploads (
    id          text    PRIMARY KEY,
    lead_id     bigint  REFERENCES leads (id) ON DELETE CASCADE,
    name        text    NOT NULL,
    type        text    NOT NULL,
    size        integer NOT NULL,
    sha256      text    NOT NULL,
    content     bytea   NOT NULL,
    created_at  bigint  NOT NULL,
    claimed_at  bigint
  );
  ALTER TABLE cv_uploads ALTER COLUMN content SET STORAGE EXTERNAL;  -- PDFs and DOCX are compressed already
  CREATE UNIQUE INDEX IF NOT EXISTS cv_uploads_lead ON cv_uploads (lead_id);
  CREATE INDEX IF NOT EXISTS cv_uploads_created ON cv_uploads (created_at) WHERE lead_id IS NULL;
`;
