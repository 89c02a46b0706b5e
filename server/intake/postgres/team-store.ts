import type { TeamStore } from '../../team/store.ts';
import type { Pool } from './connection.ts';
import { erasePerson, personRecord } from './personal-data.ts';
import { createPostgresAccounts } from './team-accounts.ts';
import { createPostgresAudit } from './team-audit.ts';
import { createPostgresSessions } from './team-sessions.ts';
import { createPostgresWorklist, foldCounts } from './team-worklist.ts';

/** The team's part of the store on PostgreSQL (server/team/store.ts), shared by every instance. */
export function createPostgresTeamStore(pool: Pool): TeamStore {
  const accounts = createPostgresAccounts(pool);
  const sessions = createPostgresSessions(pool);
  const worklist = createPostgresWorklist(pool);
  return {
    accounts,
    sessions,
    worklist,
    audit: createPostgresAudit(pool),
    person: {
      record: (key) => personRecord(pool, key),
      // eraseLeads vacuums what it touched: nothing of the rows is left in the tables' pages.
      erase: async (key, at) => ({ ...(await erasePerson(pool, key, at)), cleaned: true }),
    },
    async housekeeping(at) {
      await accounts.purge(at);
      await sessions.purge(at);
      await foldCounts(pool);
      while ((await worklist.catchUp()) > 0) await new Promise((r) => setImmediate(r));
    },
  };
}
