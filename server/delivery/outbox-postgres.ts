import { MAX_ATTEMPTS, retryDelayMs, type DeliveryRow, type DeliveryStatus, type DueDelivery } from './outbox.ts';
import type { DeliveryQueue } from '../store/store.ts';
import type { Pool } from '../store/postgres.ts';

/**
 * The delivery outbox on PostgreSQL (the rules of ../delivery/outbox.ts), shared by every
 * instance. A claim takes due rows with FOR UPDATE SKIP LOCKED, so two instances never take
 * the same one, and moves its next_attempt_at to the end of a lease: an instance that dies
 * holding it leaves it due again when the lease ends, for another to take over.
 */
export function createPostgresOutbox(pool: Pool, leaseMs: number): DeliveryQueue {
  return {
    leaseMs,
    async claimDue(at, limit) {
      const { rows } = await pool.query<DueDelivery>(
        `UPDATE deliveries d SET next_attempt_at = $3
          WHERE d.id IN (SELECT id FROM deliveries WHERE status = 'pending' AND next_attempt_at <= $1
                          ORDER BY next_attempt_at, id LIMIT $2 FOR UPDATE SKIP LOCKED)
          RETURNING d.id, d.lead_id AS "leadId", d.target, d.attempts`,
        [at, limit, at + leaseMs],
      );
      return rows.sort((a, b) => a.id - b.id);
    },
    async nextDueAt() {
      const { rows } = await pool.query<{ at: number | null }>("SELECT min(next_attempt_at) AS at FROM deliveries WHERE status = 'pending'");
      return rows[0]?.at ?? undefined;
    },
    async recordSuccess(id, at) {
      await pool.query(
        "UPDATE deliveries SET status = 'delivered', attempts = attempts + 1, delivered_at = $1, last_error = NULL WHERE id = $2 AND status = 'pending'",
        [at, id],
      );
    },
    async recordFailure(delivery, error, at, baseMs) {
      const attempts = delivery.attempts + 1;
      const status: DeliveryStatus = attempts >= MAX_ATTEMPTS ? 'dead' : 'pending';
      const next = status === 'dead' ? at : at + retryDelayMs(attempts, baseMs);
      await pool.query(
        "UPDATE deliveries SET status = $1, attempts = $2, next_attempt_at = $3, last_error = $4 WHERE id = $5 AND status = 'pending'",
        [status, attempts, next, error.slice(0, 300), delivery.id],
      );
      return status;
    },
  };
}

/** What `npm run leads -- --deliveries` and `--redeliver` need. */
export function postgresOutboxReports(pool: Pool) {
  return {
    async list(): Promise<DeliveryRow[]> {
      const { rows } = await pool.query<DeliveryRow>(
        `SELECT d.id, d.lead_id AS "leadId", l.kind, d.target, d.status, d.attempts, d.created_at AS "createdAt",
                d.next_attempt_at AS "nextAttemptAt", d.delivered_at AS "deliveredAt", d.last_error AS "lastError"
           FROM deliveries d JOIN leads l ON l.id = d.lead_id ORDER BY d.id DESC`,
      );
      return rows;
    },
    async counts(): Promise<Record<DeliveryStatus, number>> {
      const out: Record<DeliveryStatus, number> = { pending: 0, delivered: 0, dead: 0 };
      const { rows } = await pool.query<{ status: DeliveryStatus; n: number }>('SELECT status, count(*)::int AS n FROM deliveries GROUP BY status');
      for (const r of rows) out[r.status] = r.n;
      return out;
    },
    async redeliver(id: number, at: number) {
      const { rows } = await pool.query<{ status: DeliveryStatus; delivered_at: number | null }>('SELECT status, delivered_at FROM deliveries WHERE id = $1', [id]);
      const row = rows[0];
      if (!row) return { ok: false as const, reason: 'unknown' as const };
      if (row.status === 'delivered') return { ok: false as const, reason: 'delivered' as const, deliveredAt: row.delivered_at ?? undefined };
      await pool.query(
        "UPDATE deliveries SET status = 'pending', attempts = 0, next_attempt_at = $1, last_error = NULL WHERE id = $2 AND status <> 'delivered'",
        [at, id],
      );
      return { ok: true as const };
    },
  };
}
