import { createHash } from 'node:crypto';
import type { Pool } from './connection.ts';

/**
 * A @fastify/rate-limit store that counts in PostgreSQL, so a client's requests count
 * against one budget whichever instance they reach. One upsert per request: a fixed window
 * per key, as the plugin's own in-memory store keeps it. Keys are hashed: no client
 * address is stored.
 */
export function postgresRateLimitStore(pool: Pool) {
  const hash = (text: string) => createHash('sha256').update(text).digest('base64url');

  return class PostgresRateLimitStore {
    private readonly scope: string;
    constructor(_options: unknown, scope = 'api') {
      this.scope = scope;
    }

    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number): void {
      const at = Date.now();
      pool
        .query<{ count: number; ttl: number }>(
          `INSERT INTO rate_limits AS r (key, count, window_ends_at) VALUES ($1, 1, $2::bigint + $3::bigint)
           ON CONFLICT (key) DO UPDATE SET
             count = CASE WHEN r.window_ends_at <= $2::bigint THEN 1 ELSE r.count + 1 END,
             window_ends_at = CASE WHEN r.window_ends_at <= $2::bigint THEN $2::bigint + $3::bigint ELSE r.window_ends_at END
           RETURNING count, window_ends_at - $2::bigint AS ttl`,
          [hash(`${this.scope}\u0000${key}`), at, timeWindow],
        )
        .then(({ rows }) => callback(null, { current: rows[0]!.count, ttl: rows[0]!.ttl }), (error: Error) => callback(error));
    }

    child(routeOptions: { routeInfo?: { method?: string | string[]; url?: string } }) {
      const route = routeOptions.routeInfo ?? {};
      return new PostgresRateLimitStore(undefined, `${route.method ?? ''} ${route.url ?? ''}`);
    }
  };
}

/** Forgets the counts of windows that have ended (housekeeping). */
export async function forgetEndedWindows(pool: Pool, at: number = Date.now()): Promise<number> {
  return (await pool.query('DELETE FROM rate_limits WHERE window_ends_at <= $1', [at])).rowCount ?? 0;
}
