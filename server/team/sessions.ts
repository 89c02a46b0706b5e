import { createHash, randomBytes } from 'node:crypto';
import type { Db, WriteBatcher } from '../store/sqlite.ts';
import { memberOf, type Member } from './accounts.ts';
import { clientNetwork } from '../http/client-network.ts';

/**
 * Sessions of the team, kept in the database so every instance knows them: the cookie
 * holds a random id, the database only its hash. A session ends after 12 hours without a
 * request, 7 days after sign-in whatever happens, at sign-out, and at once when its member
 * is removed. Also here: the count of failed sign-ins per client (its network hashed), which
 * refuses a client's sign-ins after 20 failures in 15 minutes. SQLite here; PostgreSQL in
 * server/team/sessions-postgres.ts.
 */

/** `__Host-`: the browser keeps it only when Secure, for the whole origin (Path=/), never for another host (no Domain). */
export const SESSION_COOKIE = '__Host-team-session';
export const IDLE_MS = 12 * 60 * 60 * 1000;
export const ABSOLUTE_MS = 7 * 24 * 60 * 60 * 1000;
/** last_seen_at is written at most this often per session (a request a second would otherwise write a second). */
const TOUCH_EVERY_MS = 60_000;

export const MAX_SIGN_IN_FAILURES = 20;
export const SIGN_IN_WINDOW_MS = 15 * 60 * 1000;

export interface StoredSession {
  member: Member;
  createdAt: number;
  lastSeenAt: number;
}

export interface SessionStore {
  create(idHash: string, memberId: number, at: number): Promise<void>;
  /** The session with its member, when the member is not removed (expiry is the caller's to judge). */
  find(idHash: string): Promise<StoredSession | undefined>;
  touch(idHash: string, at: number): Promise<void>;
  end(idHash: string): Promise<void>;
  /** Failed sign-ins of a client in its current window. */
  failures(clientKey: string, at: number): Promise<number>;
  /** Counts one more failure (a new window when the last one has ended); resolves with the count. */
  addFailure(clientKey: string, at: number): Promise<number>;
  /** Forgets expired sessions and ended failure windows. */
  purge(at: number): Promise<void>;
}

export const hashOf = (text: string): string => createHash('sha256').update(text).digest('base64url');

/** A new session id for the cookie (256 random bits). */
export const newSessionId = (): string => randomBytes(32).toString('base64url');

/** The session a cookie names, when it is still good; touches it (at most once a minute) so it stays good while used. */
export async function liveSession(store: SessionStore, cookie: string | undefined, at: number): Promise<(StoredSession & { idHash: string }) | undefined> {
  if (!cookie || cookie.length > 100) return undefined;
  const idHash = hashOf(cookie);
  const session = await store.find(idHash);
  if (!session) return undefined;
  if (at - session.lastSeenAt > IDLE_MS || at - session.createdAt > ABSOLUTE_MS) {
    await store.end(idHash);
    return undefined;
  }
  if (at - session.lastSeenAt > TOUCH_EVERY_MS) await store.touch(idHash, at);
  return { ...session, idHash };
}

/** The key a client's failures are counted under: its network (an IPv4 address or an IPv6 /64, as every limit counts a client), hashed (no address is stored). */
export const clientKey = (address: string): string => hashOf(`team-sign-in\u0000${clientNetwork(address)}`);

export function createSqliteSessions(db: Db, batcher: WriteBatcher): SessionStore {
  const find = db.prepare<[string], { createdAt: number; lastSeenAt: number } & Member>(
    `SELECT s.created_at AS createdAt, s.last_seen_at AS lastSeenAt, m.id, m.email, m.role, m.name, m.language, m.created_at AS "createdAt_m", m.removed_at AS removedAt
       FROM team_sessions s JOIN team_members m ON m.id = s.member_id WHERE s.id_hash = ? AND m.removed_at IS NULL`,
  );
  const failures = db.prepare<[string, number], { failures: number }>('SELECT failures FROM team_sign_in_failures WHERE client_key = ? AND window_ends_at > ?');
  const addFailure = db.prepare<[string, number, number, number, number], { failures: number }>(
    `INSERT INTO team_sign_in_failures (client_key, failures, window_ends_at) VALUES (?, 1, ?)
     ON CONFLICT (client_key) DO UPDATE SET
       failures = CASE WHEN window_ends_at <= ? THEN 1 ELSE failures + 1 END,
       window_ends_at = CASE WHEN window_ends_at <= ? THEN ? ELSE window_ends_at END
     RETURNING failures`,
  );
  return {
    create: (idHash, memberId, at) =>
      batcher.run(() => {
        db.prepare('INSERT INTO team_sessions (id_hash, member_id, created_at, last_seen_at) VALUES (?, ?, ?, ?)').run(idHash, memberId, at, at);
      }),
    async find(idHash) {
      const row = find.get(idHash) as (Record<string, unknown> & { createdAt: number; lastSeenAt: number }) | undefined;
      if (!row) return undefined;
      const member = memberOf({
        id: row.id as number,
        email: row.email as string,
        role: row.role as Member['role'],
        name: row.name as string,
        language: row.language as Member['language'],
        createdAt: row.createdAt_m as number,
        removedAt: null,
      });
      return { member, createdAt: row.createdAt, lastSeenAt: row.lastSeenAt };
    },
    touch: (idHash, at) =>
      batcher.run(() => {
        db.prepare('UPDATE team_sessions SET last_seen_at = ? WHERE id_hash = ?').run(at, idHash);
      }),
    end: (idHash) =>
      batcher.run(() => {
        db.prepare('DELETE FROM team_sessions WHERE id_hash = ?').run(idHash);
      }),
    async failures(key, at) {
      return failures.get(key, at)?.failures ?? 0;
    },
    addFailure: (key, at) => batcher.run(() => addFailure.get(key, at + SIGN_IN_WINDOW_MS, at, at, at + SIGN_IN_WINDOW_MS)!.failures),
    purge: (at) =>
      batcher.run(() => {
        db.prepare('DELETE FROM team_sessions WHERE last_seen_at < ? OR created_at < ?').run(at - IDLE_MS, at - ABSOLUTE_MS);
        db.prepare('DELETE FROM team_sign_in_failures WHERE window_ends_at <= ?').run(at);
      }),
  };
}
