import type { FastifyBaseLogger } from 'fastify';
import { DAY_MS, clientDailyShare, createClientShares, type VitalsBeacon } from './vitals.ts';
import type { Pool } from '../store/postgres.ts';

/**
 * Field vitals on PostgreSQL, with the rules of ../vitals.ts: their own table, at most
 * `dailyCap` samples per UTC day across every instance (counted in vitals_days, in the same
 * statement that stores them), deleted after the retention period. A client's daily share
 * is counted in this instance's memory, as on SQLite (no address is written anywhere), so
 * behind N instances one client can store up to N shares.
 */
export function createPostgresVitals(
  pool: Pool,
  limits: { dailyCap: number; retentionDays: number },
  log: FastifyBaseLogger,
  now: () => number = Date.now,
) {
  let warnedOn = -1;
  const shares = createClientShares(clientDailyShare(limits.dailyCap));
  return {
    async save(beacon: VitalsBeacon, clientAddress: string): Promise<number> {
      const at = now();
      const day = Math.floor(at / DAY_MS);
      const n = beacon.metrics.length;
      const client = shares.room(clientAddress, n, at);
      if (client === null) return 0;
      const { rows } = await pool.query<{ stored: number }>(
        `WITH room AS (
           INSERT INTO vitals_days AS d (day, stored) SELECT $1::integer, $2::integer WHERE $2::integer <= $3::integer
           ON CONFLICT (day) DO UPDATE SET stored = d.stored + excluded.stored WHERE d.stored + excluded.stored <= $3::integer
           RETURNING stored)
         INSERT INTO vitals (page, name, value, rating, navigation_type, created_at)
         SELECT $4::text, m.name, m.value, m.rating, m.navigation_type, $5::bigint
           FROM json_to_recordset($6::json) AS m (name text, value double precision, rating text, navigation_type text), room
         RETURNING 1 AS stored`,
        [
          day,
          n,
          limits.dailyCap,
          beacon.page,
          at,
          JSON.stringify(beacon.metrics.map((m) => ({ name: m.name, value: m.value, rating: m.rating ?? null, navigation_type: m.navigationType?.slice(0, 40) ?? null }))),
        ],
      );
      if (rows.length === 0 && warnedOn !== day) {
        warnedOn = day;
        log.warn({ dailyCap: limits.dailyCap }, 'vitals: daily cap reached, dropping beacons until tomorrow (UTC)');
      }
      if (rows.length > 0) shares.take(client, rows.length);
      return rows.length;
    },
    async purge(): Promise<number> {
      const before = now() - limits.retentionDays * DAY_MS;
      await pool.query('DELETE FROM vitals_days WHERE day < $1', [Math.floor(before / DAY_MS) - 1]);
      return (await pool.query('DELETE FROM vitals WHERE created_at < $1', [before])).rowCount ?? 0;
    },
  };
}
