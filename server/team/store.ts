import type { Db, WriteBatcher } from '../store/sqlite.ts';
import { checkpointAndTruncate, erasePerson, personRecord, type ErasureResult, type PersonKey } from '../intake/personal-data.ts';
import { createSqliteAccounts, type AccountStore } from './accounts.ts';
import { createSqliteAudit, type AuditStore } from './audit.ts';
import { createSqliteSessions, type SessionStore } from './sessions.ts';
import { createSqliteWorklist, type WorklistStore } from './worklist.ts';

/**
 * What the team's side keeps, as the intake store's `team` part (server/store/store.ts):
 * accounts, sessions, the worklist and the audit log, and a person's data through the same
 * code as `npm run leads -- --person` and `--erase` (server/intake/personal-data.ts).
 * SQLite here; PostgreSQL in server/team/store-postgres.ts.
 */
export interface TeamStore {
  accounts: AccountStore;
  sessions: SessionStore;
  worklist: WorklistStore;
  audit: AuditStore;
  person: {
    /** Everything held about a person, as `--person` prints it. */
    record(key: PersonKey): Promise<Record<string, unknown[]>>;
    /** Erases it as `--erase` does; `cleaned` false: old copies may stay in the database's own files for a while (SQLite's WAL). */
    erase(key: PersonKey, at: number): Promise<ErasureResult & { cleaned: boolean }>;
  };
  /** Forgets what has expired (challenges, sessions, failure windows, old invitations) and keeps the search index and counts tidy. */
  housekeeping(at: number): Promise<void>;
}

export function createSqliteTeamStore(db: Db, batcher: WriteBatcher): TeamStore {
  const accounts = createSqliteAccounts(db, batcher);
  const sessions = createSqliteSessions(db, batcher);
  const worklist = createSqliteWorklist(db, batcher);
  return {
    accounts,
    sessions,
    worklist,
    audit: createSqliteAudit(db, batcher),
    person: {
      record: async (key) => personRecord(db, key),
      async erase(key, at) {
        const result = await batcher.run(() => erasePerson(db, key, at));
        return { ...result, cleaned: result.leads === 0 || checkpointAndTruncate(db) };
      },
    },
    async housekeeping(at) {
      await accounts.purge(at);
      await sessions.purge(at);
      while ((await worklist.catchUp()) > 0) await new Promise((r) => setImmediate(r));
    },
  };
}
