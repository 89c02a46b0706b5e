import { createHash } from 'node:crypto';
import type { Pool } from '../store/postgres.ts';

/**
 * A @fastify/rate-limit store that counts in PostgreSQL, so a client's requests count
 * against one budget whichever instance they reach: a fixed window per key, as the
 * plugin's own in-memory store keeps it. Keys are hashed: no client address is stored.
 *
 * Group commit, as the SQLite write batcher does it: the increments asked for during one
 * turn of the event loop go to the database in one upsert, and each request gets its exact
 * count from what that upsert returns. Under load that is one statement per turn instead of
 * one per request on the same few rows.
 */

interface Waiter {
  callback: (error: Error | null, result?: { current: number; ttl: number }) => void;
  /** This request's place among the key's increments of the batch (1-based). */
  nth: number;
}
interface Pending {
  timeWindow: number;
  waiters: Waiter[];
}

export function postgresRateLimitStore(pool: Pool) {
  const hash = (text: string) => createHash('sha256').update(text).digest('base64url');
  let batch = new Map<string, Pending>();
  let scheduled = false;

  async function flush(): Promise<void> {
    scheduled = false;
    const work = batch;
    batch = new Map();
    // Sorted keys: two instances' upserts lock rows in the same order.
    const keys = [...work.keys()].sort();
    const at = Date.now();
    try {
      const { rows } = await pool.query<{ key: string; count: number; ttl: number }>(
        `INSERT INTO rate_limits AS r (key, count, window_ends_at)
         SELECT k, n, $4::bigint + w FROM unnest($1::text[], $2::int[], $3::bigint[]) AS t (k, n, w) ORDER BY k
         ON CONFLICT (key) DO UPDATE SET
           count = CASE WHEN r.window_ends_at <= $4::bigint THEN excluded.count ELSE r.count + excluded.count END,
           window_ends_at = CASE WHEN r.window_ends_at <= $4::bigint THEN excluded.window_ends_at ELSE r.window_ends_at END
         RETURNING key, count, window_ends_at - $4::bigint AS ttl`,
        [keys, keys.map((k) => work.get(k)!.waiters.length), keys.map((k) => work.get(k)!.timeWindow), at],
      );
      for (const row of rows) {
        const pending = work.get(row.key)!;
        const before = row.count - pending.waiters.length;
        for (const w of pending.waiters) w.callback(null, { current: before + w.nth, ttl: row.ttl });
      }
    } catch (error) {
      for (const pending of work.values()) for (const w of pending.waiters) w.callback(error as Error);
    }
  }

  return class PostgresRateLimitStore {
    private readonly scope: string;
    constructor(_options: unknown, scope = 'api') {
      this.scope = scope;
    }

    incr(key: string, callback: Waiter['callback'], timeWindow: number): void {
      const k = hash(`${this.scope}\u0000${key}`);
      const pending = batch.get(k) ?? { timeWindow, waiters: [] };
      batch.set(k, pending);
      pending.waiters.push({ callback, nth: pending.waiters.length + 1 });
      if (!scheduled) {
        scheduled = true;
        setImmediate(() => void flush());
      }
    }

    child(routeOptions: { routeInfo?: { method?: string | string[]; url?: string } }) {
      const route = routeOptions.routeInfo ?? {};
      return new PostgresRateLimitStore(undefined, `${String(route.method ?? '')} ${route.url ?? ''}`);
    }
  };
}

/** Forgets the counts of windows that have ended (housekeeping). */
export async function forgetEndedWindows(pool: Pool, at: number = Date.now()): Promise<number> {
  return (await pool.query('DELETE FROM rate_limits WHERE window_ends_at <= $1', [at])).rowCount ?? 0;
}
