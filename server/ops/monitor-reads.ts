/**
 * What /metrics and /health/ready read from a store: the deliveries not yet sent (pending and
 * dead, per target, with the oldest pending one's age) and the bytes of the CVs kept. Each
 * read takes an index (SQLite: deliveries_due on status; PostgreSQL: the partial indexes on
 * pending and dead rows), so a scrape costs the same at a million leads as at ten.
 */
import type { Db } from '../store/sqlite.ts';
import type { Pool } from '../store/postgres.ts';

export interface DeliveryBacklog {
  /** deliveries.target: `webhook <url>`, `email`, `acknowledgement`, … */
  target: string;
  pending: number;
  dead: number;
  /** When the oldest pending delivery was queued (epoch ms); null when none is pending. */
  oldestPendingAt: number | null;
}

export interface MonitorReads {
  deliveryBacklog(): Promise<DeliveryBacklog[]>;
  cvBytes(): Promise<number>;
}

type BacklogRow = { target: string; pending: number; dead: number; oldest: number | null };
const backlog = (rows: BacklogRow[]): DeliveryBacklog[] =>
  rows.map((r) => ({ target: r.target, pending: Number(r.pending), dead: Number(r.dead), oldestPendingAt: r.oldest === null ? null : Number(r.oldest) }));

export function sqliteMonitorReads(db: Db): MonitorReads {
  const unsent = db.prepare<[], BacklogRow>(
    `SELECT target, SUM(status = 'pending') AS pending, SUM(status = 'dead') AS dead,
            MIN(CASE WHEN status = 'pending' THEN created_at END) AS oldest
       FROM deliveries WHERE status IN ('pending', 'dead') GROUP BY target ORDER BY target`,
  );
  const cvBytes = db.prepare<[], number | null>('SELECT SUM(size) FROM cv_uploads').pluck();
  return {
    deliveryBacklog: async () => backlog(unsent.all()),
    cvBytes: async () => cvBytes.get() ?? 0,
  };
}

export function postgresMonitorReads(pool: Pool): MonitorReads {
  return {
    async deliveryBacklog() {
      // Two index reads (pending: deliveries_due; dead: deliveries_dead), not one scan of every delivery ever made.
      const { rows } = await pool.query<BacklogRow>(
        `SELECT target, sum(pending)::int AS pending, sum(dead)::int AS dead, min(oldest) AS oldest FROM (
           SELECT target, count(*) AS pending, 0 AS dead, min(created_at) AS oldest FROM deliveries WHERE status = 'pending' GROUP BY target
           UNION ALL
           SELECT target, 0, count(*), NULL FROM deliveries WHERE status = 'dead' GROUP BY target
         ) unsent GROUP BY target ORDER BY target`,
      );
      return backlog(rows);
    },
    async cvBytes() {
      const { rows } = await pool.query<{ bytes: number | null }>('SELECT sum(size)::bigint AS bytes FROM cv_uploads');
      return Number(rows[0]?.bytes ?? 0);
    },
  };
}
