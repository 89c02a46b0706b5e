/**
 * The team's tables in leads.db, one migration of server/store/sqlite.ts (its PostgreSQL
 * twin: server/team/schema-postgres.ts). Shipped text: never edit it, add a migration.
 *
 * - Members, their passkeys, one-time invitations, passkey challenges, sessions (the cookie's
 *   value only as a hash) and sign-in failures per client (the address only as a hash).
 * - Each lead's status, owner, next-call date and version (columns of leads, so one index
 *   serves a filter and the newest-first order), its notes, and the audit log, which names a
 *   lead without a foreign key: an erasure keeps the entry and removes its lead and details.
 * - The worklist's indexes: one per filter (an index of SQLite ends with the rowid, so each is
 *   also in newest-first order), the search (FTS5 trigram over name, email, phone and society,
 *   filled by server/team/search-index.ts, which sets phone_key and city_key too), and the
 *   counts per kind, status and spam flag, kept by triggers.
 */
export const TEAM_MIGRATION = `
  CREATE TABLE IF NOT EXISTS team_members (
    id          INTEGER PRIMARY KEY,
    email       TEXT    NOT NULL UNIQUE,         -- lower case
    role        TEXT    NOT NULL CHECK (role IN ('admin', 'member')),
    created_at  INTEGER NOT NULL,                -- epoch ms
    removed_at  INTEGER                          -- set: removed (no passkey, no session, no invitation left)
  );
  CREATE TABLE IF NOT EXISTS team_passkeys (
    id            TEXT    PRIMARY KEY,           -- the credential id, base64url
    member_id     INTEGER NOT NULL REFERENCES team_members (id) ON DELETE CASCADE,
    public_key    BLOB    NOT NULL,
    counter       INTEGER NOT NULL,
    transports    TEXT,                          -- JSON array, as the browser gave them
    created_at    INTEGER NOT NULL,
    last_used_at  INTEGER
  ) WITHOUT ROWID;
  CREATE INDEX IF NOT EXISTS team_passkeys_member ON team_passkeys (member_id);
  CREATE TABLE IF NOT EXISTS team_invitations (
    token_hash  TEXT    PRIMARY KEY,             -- sha256 of the link's token (the token is only in the link)
    member_id   INTEGER NOT NULL REFERENCES team_members (id) ON DELETE CASCADE,
    created_at  INTEGER NOT NULL,
    expires_at  INTEGER NOT NULL,
    used_at     INTEGER
  ) WITHOUT ROWID;
  CREATE INDEX IF NOT EXISTS team_invitations_member ON team_invitations (member_id);
  CREATE TABLE IF NOT EXISTS team_challenges (
    id          TEXT    PRIMARY KEY,
    challenge   TEXT    NOT NULL,
    purpose     TEXT    NOT NULL CHECK (purpose IN ('register', 'sign-in')),
    token_hash  TEXT,                            -- register: the invitation it is for
    expires_at  INTEGER NOT NULL
  ) WITHOUT ROWID;
  CREATE TABLE IF NOT EXISTS team_sessions (
    id_hash       TEXT    PRIMARY KEY,           -- sha256 of the cookie's value
    member_id     INTEGER NOT NULL REFERENCES team_members (id) ON DELETE CASCADE,
    created_at    INTEGER NOT NULL,
    last_seen_at  INTEGER NOT NULL
  ) WITHOUT ROWID;
  CREATE INDEX IF NOT EXISTS team_sessions_member ON team_sessions (member_id);
  CREATE TABLE IF NOT EXISTS team_sign_in_failures (
    client_key      TEXT    PRIMARY KEY,         -- sha256 of the client address
    failures        INTEGER NOT NULL,
    window_ends_at  INTEGER NOT NULL
  ) WITHOUT ROWID;

  ALTER TABLE leads ADD COLUMN status TEXT NOT NULL DEFAULT 'new';
  ALTER TABLE leads ADD COLUMN owner_id INTEGER REFERENCES team_members (id);
  ALTER TABLE leads ADD COLUMN next_call_on TEXT;  -- YYYY-MM-DD, a day in India
  ALTER TABLE leads ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
  ALTER TABLE leads ADD COLUMN phone_key TEXT;     -- the phone's national number; NULL: not in the search index yet
  ALTER TABLE leads ADD COLUMN city_key TEXT;      -- the city, trimmed and in lower case

  CREATE TABLE IF NOT EXISTS lead_notes (
    id          INTEGER PRIMARY KEY,
    lead_id     INTEGER NOT NULL REFERENCES leads (id) ON DELETE CASCADE,
    author_id   INTEGER NOT NULL REFERENCES team_members (id),
    text        TEXT    NOT NULL,
    created_at  INTEGER NOT NULL
  );
  CREATE INDEX IF NOT EXISTS lead_notes_lead ON lead_notes (lead_id);

  CREATE TABLE IF NOT EXISTS team_audit (
    id          INTEGER PRIMARY KEY,
    at          INTEGER NOT NULL,
    member_id   INTEGER REFERENCES team_members (id),  -- NULL: the operator, from npm run team
    actor       TEXT    NOT NULL,                       -- the member's email, or 'operator'
    action      TEXT    NOT NULL,
    lead_id     INTEGER,                                -- no foreign key: an erasure keeps the entry, without it
    detail      TEXT    CHECK (detail IS NULL OR json_valid(detail))
  );
  CREATE INDEX IF NOT EXISTS team_audit_at ON team_audit (at);
  CREATE INDEX IF NOT EXISTS team_audit_lead ON team_audit (lead_id) WHERE lead_id IS NOT NULL;

  CREATE INDEX IF NOT EXISTS leads_kind ON leads (kind);
  CREATE INDEX IF NOT EXISTS leads_status ON leads (status);
  CREATE INDEX IF NOT EXISTS leads_kind_status ON leads (kind, status);
  CREATE INDEX IF NOT EXISTS leads_owner ON leads (owner_id) WHERE owner_id IS NOT NULL;
  CREATE INDEX IF NOT EXISTS leads_city ON leads (city_key) WHERE city_key IS NOT NULL;
  CREATE INDEX IF NOT EXISTS leads_partner ON leads (partner) WHERE partner IS NOT NULL;
  CREATE INDEX IF NOT EXISTS leads_origin ON leads (origin) WHERE origin IS NOT NULL;
  CREATE INDEX IF NOT EXISTS leads_campaign ON leads (utm_campaign) WHERE utm_campaign IS NOT NULL;
  CREATE INDEX IF NOT EXISTS leads_next_call ON leads (next_call_on) WHERE next_call_on IS NOT NULL;
  CREATE INDEX IF NOT EXISTS leads_new_created ON leads (created_at) WHERE status = 'new';
  CREATE INDEX IF NOT EXISTS leads_spam ON leads (id) WHERE spam_reason IS NOT NULL;
  CREATE INDEX IF NOT EXISTS leads_phone ON leads (phone_key);
  CREATE INDEX IF NOT EXISTS leads_unindexed ON leads (id) WHERE phone_key IS NULL;

  CREATE VIRTUAL TABLE IF NOT EXISTS lead_search USING fts5 (text, content = '', contentless_delete = 1, tokenize = 'trigram');
  INSERT INTO lead_search (lead_search, rank) VALUES ('secure-delete', 1);
  CREATE TRIGGER IF NOT EXISTS leads_search_forget AFTER DELETE ON leads BEGIN
    DELETE FROM lead_search WHERE rowid = old.id;
  END;

  CREATE TABLE IF NOT EXISTS lead_counts (
    kind    TEXT    NOT NULL,
    status  TEXT    NOT NULL,
    spam    INTEGER NOT NULL,
    n       INTEGER NOT NULL,
    PRIMARY KEY (kind, status, spam)
  ) WITHOUT ROWID;
  INSERT INTO lead_counts (kind, status, spam, n)
    SELECT kind, status, spam_reason IS NOT NULL, COUNT(*) FROM leads GROUP BY 1, 2, 3;
  CREATE TRIGGER IF NOT EXISTS lead_counts_insert AFTER INSERT ON leads BEGIN
    INSERT INTO lead_counts (kind, status, spam, n) VALUES (new.kind, new.status, new.spam_reason IS NOT NULL, 1)
      ON CONFLICT (kind, status, spam) DO UPDATE SET n = n + 1;
  END;
  CREATE TRIGGER IF NOT EXISTS lead_counts_delete AFTER DELETE ON leads BEGIN
    UPDATE lead_counts SET n = n - 1 WHERE kind = old.kind AND status = old.status AND spam = (old.spam_reason IS NOT NULL);
  END;
  CREATE TRIGGER IF NOT EXISTS lead_counts_update AFTER UPDATE OF kind, status, spam_reason ON leads
    WHEN old.kind IS NOT new.kind OR old.status IS NOT new.status OR (old.spam_reason IS NULL) IS NOT (new.spam_reason IS NULL)
  BEGIN
    UPDATE lead_counts SET n = n - 1 WHERE kind = old.kind AND status = old.status AND spam = (old.spam_reason IS NOT NULL);
    INSERT INTO lead_counts (kind, status, spam, n) VALUES (new.kind, new.status, new.spam_reason IS NOT NULL, 1)
      ON CONFLICT (kind, status, spam) DO UPDATE SET n = n + 1;
  END;
`;

/**
 * The worklist as a phone tool (a later migration of server/store/sqlite.ts; its PostgreSQL
 * twin: TEAM_WORKLIST_MIGRATION_POSTGRES). Shipped text: never edit it, add a migration.
 *
 * - Each member's name (how the team knows them; '' until set) and language (the app's).
 * - Each lead's `late_at`: the moment it is (or will be) late, contract/team.ts lateSince:
 *   a new lead 24 hours and 1 ms after it came, a next-call date at the end of that day in
 *   India (05:30 UTC times: 66,600,000 ms after that date's UTC midnight), whichever is first.
 *   The team's changes keep it (worklist.ts); a lead stored since gets it from the search
 *   index's catch-up (search-index.ts LATE_AT_OF_A_NEW_LEAD). Its index gives the late list in
 *   the order leads became late and counts them without reading a lead.
 */
export const TEAM_WORKLIST_MIGRATION = `
  ALTER TABLE team_members ADD COLUMN name TEXT NOT NULL DEFAULT '';
  ALTER TABLE team_members ADD COLUMN language TEXT NOT NULL DEFAULT 'en';

  ALTER TABLE leads ADD COLUMN late_at INTEGER;  -- epoch ms: late from then on; NULL: nothing makes it late
  UPDATE leads SET late_at = CASE
    WHEN status = 'new' AND next_call_on IS NOT NULL
      THEN min(created_at + 86400001, CAST(strftime('%s', next_call_on) AS INTEGER) * 1000 + 66600000)
    WHEN status = 'new' THEN created_at + 86400001
    WHEN next_call_on IS NOT NULL THEN CAST(strftime('%s', next_call_on) AS INTEGER) * 1000 + 66600000
  END;
  CREATE INDEX IF NOT EXISTS leads_late ON leads (late_at) WHERE late_at IS NOT NULL AND spam_reason IS NULL;
`;
