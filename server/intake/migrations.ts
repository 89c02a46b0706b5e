/**
 * The database schema, as an append-only list: migration N brings the file to
 * PRAGMA user_version = N. Never edit a shipped entry; add a new one.
 */
export const MIGRATIONS: readonly string[] = [
  // 1: leads (fields as JSON, every value kept verbatim) and web-vitals samples.
  `
  CREATE TABLE leads (
    id          INTEGER PRIMARY KEY,
    kind        TEXT    NOT NULL CHECK (kind IN ('society', 'career')),
    created_at  INTEGER NOT NULL,              -- epoch milliseconds (UTC)
    dedupe_key  TEXT    NOT NULL,              -- sha256 of kind + normalised fields
    fields      TEXT    NOT NULL CHECK (json_valid(fields))
  );
  CREATE INDEX leads_kind_created ON leads (kind, created_at);
  CREATE INDEX leads_created ON leads (created_at);
  CREATE INDEX leads_dedupe ON leads (dedupe_key, created_at);

  CREATE TABLE vitals (
    id              INTEGER PRIMARY KEY,
    page            TEXT    NOT NULL,
    name            TEXT    NOT NULL CHECK (name IN ('LCP', 'INP', 'CLS', 'FCP', 'TTFB')),
    value           REAL    NOT NULL,
    rating          TEXT,
    navigation_type TEXT,
    created_at      INTEGER NOT NULL           -- epoch milliseconds (UTC)
  );
  CREATE INDEX vitals_created ON vitals (created_at);
  `,
];
