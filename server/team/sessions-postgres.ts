import { memberOf, type Member } from './accounts.ts';
import { ABSOLUTE_MS, IDLE_MS, SIGN_IN_WINDOW_MS, type SessionStore } from './sessions.ts';
import type { Pool } from '../store/postgres.ts';

/** The team's sessions and sign-in failures on PostgreSQL, shared by every instance, with the rules of server/team/sessions.ts. */
export function createPostgresSessions(pool: Pool): SessionStore {
  return {
    async create(idHash, memberId, at) {
      await pool.query('INSERT INTO team_sessions (id_hash, member_id, created_at, last_seen_at) VALUES ($1, $2, $3, $3)', [idHash, memberId, at]);
    },
    async find(idHash) {
      const { rows } = await pool.query<Member & { sessionCreatedAt: number; lastSeenAt: number }>(
        `SELECT s.created_at AS "sessionCreatedAt", s.last_seen_at AS "lastSeenAt", m.id, m.email, m.role, m.name, m.language, m.created_at AS "createdAt", m.removed_at AS "removedAt"
           FROM team_sessions s JOIN team_members m ON m.id = s.member_id WHERE s.id_hash = $1 AND m.removed_at IS NULL`,
        [idHash],
      );
      const row = rows[0];
      return row && { member: memberOf(row), createdAt: row.sessionCreatedAt, lastSeenAt: row.lastSeenAt };
    },
    async touch(idHash, at) {
      await pool.query('UPDATE team_sessions SET last_seen_at = $1 WHERE id_hash = $2', [at, idHash]);
    },
    async end(idHash) {
      await pool.query('DELETE FROM team_sessions WHERE id_hash = $1', [idHash]);
    },
    async failures(key, at) {
      const { rows } = await pool.query<{ failures: number }>('SELECT failures FROM team_sign_in_failures WHERE client_key = $1 AND window_ends_at > $2', [key, at]);
      return rows[0]?.failures ?? 0;
    },
    async addFailure(key, at) {
      const { rows } = await pool.query<{ failures: number }>(
        `INSERT INTO team_sign_in_failures AS f (client_key, failures, window_ends_at) VALUES ($1, 1, $2::bigint + $3::bigint)
         ON CONFLICT (client_key) DO UPDATE SET
           failures = CASE WHEN f.window_ends_at <= $2 THEN 1 ELSE f.failures + 1 END,
           window_ends_at = CASE WHEN f.window_ends_at <= $2 THEN $2::bigint + $3::bigint ELSE f.window_ends_at END
         RETURNING failures`,
        [key, at, SIGN_IN_WINDOW_MS],
      );
      return rows[0]!.failures;
    },
    async purge(at) {
      await pool.query('DELETE FROM team_sessions WHERE last_seen_at < $1 OR created_at < $2', [at - IDLE_MS, at - ABSOLUTE_MS]);
      await pool.query('DELETE FROM team_sign_in_failures WHERE window_ends_at <= $1', [at]);
    },
  };
}
