import type { TeamStore } from './store.ts';
import type { Pool } from '../store/postgres.ts';
import { erasePerson, personRecord } from '../intake/personal-data-postgres.ts';
import { createPostgresAccounts } from './accounts-postgres.ts';
import { createPostgresAudit } from './audit-postgres.ts';
import { createPostgresSessions } from './sessions-postgres.ts';
import { createPostgresWorklist, foldCounts } from './worklist-postgres.ts';

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
