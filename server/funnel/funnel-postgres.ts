import type { FastifyBaseLogger } from 'fastify';
import {
  FUNNEL_EVENTS,
  funnelRetentionDay,
  funnelRows,
  FULL_DAY_WARNING,
  MAX_KEYS_PER_DAY,
  OVERFLOW_KEY,
  utcDay,
  weeksOfDays,
  where,
  withRates,
  type FunnelCounts,
  type FunnelKey,
  type FunnelReader,
  type FunnelStore,
} from './funnel.ts';
import type { Pool } from '../store/postgres.ts';

/** The four sums as integers (PostgreSQL's SUM of integers is a bigint, which node-postgres reads as a string). */
const SUMS = `COALESCE(SUM(count) FILTER (WHERE event = 'view'), 0)::integer AS views,
  COALESCE(SUM(count) FILTER (WHERE event = 'start'), 0)::integer AS starts,
  COALESCE(SUM(count) FILTER (WHERE event = 'send'), 0)::integer AS sends,
  COALESCE(SUM(count) FILTER (WHERE event = 'lead'), 0)::integer AS leads`;

const dollar = (n: number) => `$${n}`;

/**
 * The funnel on PostgreSQL (migration 3's funnel_counts, migration 4's funnel_day_keys), with
 * the rules of ../funnel.ts: counts per UTC day and key, a day's new keys past
 * MAX_KEYS_PER_DAY counted under one (other) key. Every instance adds to the same rows (an
 * upsert adds, so concurrent counts are not lost), and a new key takes its place in the day's
 * count with one atomic upsert, so instances together keep to the limit.
 */
export function createPostgresFunnel(pool: Pool, limits: { retentionDays: number }, log: FastifyBaseLogger, now: () => number = Date.now): FunnelStore {
  let warnedDay = '';
  const columns = (day: string, k: FunnelKey, event: string) => [day, k.page, k.source, k.medium, k.campaign, k.partner, event];
  return {
    async count(key, events) {
      const day = utcDay(now());
      for (const event of FUNNEL_EVENTS) {
        const n = events[event] ?? 0;
        if (n <= 0) continue;
        let k = key;
        const known = await pool.query(
          'SELECT 1 FROM funnel_counts WHERE day = $1 AND page = $2 AND source = $3 AND medium = $4 AND campaign = $5 AND partner = $6 AND event = $7',
          columns(day, k, event),
        );
        if (known.rowCount === 0) {
          const place = await pool.query(
            `INSERT INTO funnel_day_keys AS d (day, key_count) VALUES ($1, 1)
             ON CONFLICT (day) DO UPDATE SET key_count = d.key_count + 1 WHERE d.key_count < $2 RETURNING key_count`,
            [day, MAX_KEYS_PER_DAY],
          );
          if (place.rowCount === 0) {
            k = OVERFLOW_KEY;
            if (warnedDay !== day) log.warn({ maxKeysPerDay: MAX_KEYS_PER_DAY }, FULL_DAY_WARNING);
            warnedDay = day;
          }
        }
        await pool.query(
          `INSERT INTO funnel_counts AS f (day, page, source, medium, campaign, partner, event, count) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
           ON CONFLICT (day, page, source, medium, campaign, partner, event) DO UPDATE SET count = f.count + excluded.count`,
          [...columns(day, k, event), n],
        );
      }
    },
    async purge() {
      const first = funnelRetentionDay(limits.retentionDays, now());
      await pool.query('DELETE FROM funnel_day_keys WHERE day < $1', [first]);
      return (await pool.query('DELETE FROM funnel_counts WHERE day < $1', [first])).rowCount ?? 0;
    },
    read: postgresFunnelReader(pool),
  };
}

/** The totals of ../funnel.ts, read from PostgreSQL (also by `npm run funnel`). */
export function postgresFunnelReader(pool: Pick<Pool, 'query'>): FunnelReader {
  return {
    async by(by, period = {}) {
      const w = where(period, dollar);
      // `by` is one of FUNNEL_DIMENSIONS, a column name.
      const { rows } = await pool.query<{ key: string } & FunnelCounts>(`SELECT ${by} AS key, ${SUMS} FROM funnel_counts ${w.sql} GROUP BY ${by}`, w.params);
      return funnelRows(by, rows);
    },
    async total(period = {}) {
      const w = where(period, dollar);
      const { rows } = await pool.query<FunnelCounts>(`SELECT ${SUMS} FROM funnel_counts ${w.sql}`, w.params);
      return withRates(rows[0]!);
    },
    async byWeek(period = {}) {
      const w = where(period, dollar);
      const { rows } = await pool.query<{ day: string } & FunnelCounts>(`SELECT day, ${SUMS} FROM funnel_counts ${w.sql} GROUP BY day ORDER BY day`, w.params);
      return weeksOfDays(rows);
    },
  };
}
