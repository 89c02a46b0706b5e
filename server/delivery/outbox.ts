import type { Db } from '../store/sqlite.ts';

/**
 * The durable outbox: one row per lead and notification target, written in the lead's own
 * transaction. A row holds no personal data (the message is built from the lead when it is
 * sent) and goes with its lead when the lead is erased (ON DELETE CASCADE).
 *
 * A row is `pending` until a send succeeds (`delivered`, never sent again) or its attempts
 * run out (`dead`). Failed attempts wait longer each time: see retryDelayMs.
 */

export type DeliveryStatus = 'pending' | 'delivered' | 'dead';

export interface DueDelivery {
  id: number;
  leadId: number;
  target: string;
  attempts: number;
}

export interface DeliveryRow extends DueDelivery {
  kind: string;
  status: DeliveryStatus;
  createdAt: number;
  nextAttemptAt: number;
  deliveredAt: number | null;
  lastError: string | null;
}

/** The first retry waits DELIVERY_RETRY_BASE_MS; each later one twice the one before, up to 120 × base. */
const MAX_FACTOR = 120;
/**
 * Attempts before a delivery is dead: at the default base the waits add up to at least
 * 24 hours (30 s × (1 + 2 + … + 64 + 23 × 120) = 24 h 3 min, more with jitter).
 * The whole schedule scales with the base, so tests can run it in seconds.
 */
export const MAX_ATTEMPTS = 31;
const MAX_ERROR_LENGTH = 300;

/** The wait after the n-th failed attempt (n ≥ 1): exponential, capped, with up to +50 % random jitter. */
export function retryDelayMs(failures: number, baseMs: number, random: () => number = Math.random): number {
  const nominal = baseMs * Math.min(2 ** (failures - 1), MAX_FACTOR);
  return Math.round(nominal * (1 + random() / 2));
}

export function createOutbox(db: Db) {
  const insert = db.prepare<[number, string, number, number]>(
    "INSERT INTO deliveries (lead_id, target, status, attempts, next_attempt_at, created_at) VALUES (?, ?, 'pending', 0, ?, ?)",
  );
  const insertOnce = db.prepare<[number, string, number, number]>(
    "INSERT OR IGNORE INTO deliveries (lead_id, target, status, attempts, next_attempt_at, created_at) VALUES (?, ?, 'pending', 0, ?, ?)",
  );
  const due = db.prepare<[number, number], { id: number; leadId: number; target: string; attempts: number }>(
    "SELECT id, lead_id AS leadId, target, attempts FROM deliveries WHERE status = 'pending' AND next_attempt_at <= ? ORDER BY next_attempt_at, id LIMIT ?",
  );
  const nextDue = db.prepare<[], { at: number | null }>("SELECT MIN(next_attempt_at) AS at FROM deliveries WHERE status = 'pending'");
  const delivered = db.prepare<[number, number]>(
    "UPDATE deliveries SET status = 'delivered', attempts = attempts + 1, delivered_at = ?, last_error = NULL WHERE id = ? AND status = 'pending'",
  );
  const failed = db.prepare<[string, number, number, string, number]>(
    "UPDATE deliveries SET status = ?, attempts = ?, next_attempt_at = ?, last_error = ? WHERE id = ? AND status = 'pending'",
  );
  const byId = db.prepare<[number], { status: DeliveryStatus; deliveredAt: number | null }>(
    'SELECT status, delivered_at AS deliveredAt FROM deliveries WHERE id = ?',
  );
  const requeue = db.prepare<[number, number]>(
    "UPDATE deliveries SET status = 'pending', attempts = 0, next_attempt_at = ?, last_error = NULL WHERE id = ? AND status <> 'delivered'",
  );

  return {
    /** Queues one delivery per target for a lead; call inside the lead's transaction. */
    enqueue(leadId: number, targets: readonly string[], at: number): void {
      for (const target of targets) insert.run(leadId, target, at, at);
    },

    /** Queues one delivery to `target` for a lead unless the lead has one to it already (sent or not): true when queued. */
    enqueueOnce(leadId: number, target: string, at: number): boolean {
      return insertOnce.run(leadId, target, at, at).changes > 0;
    },

    /** Pending deliveries whose time has come, oldest first. */
    due(at: number, limit: number): DueDelivery[] {
      return due.all(at, limit);
    },

    /** When the earliest pending delivery is due (epoch ms), or undefined when none is pending. */
    nextDueAt(): number | undefined {
      return nextDue.get()?.at ?? undefined;
    },

    /** Records a success: the delivery is never sent again. */
    recordSuccess(id: number, at: number): void {
      delivered.run(at, id);
    },

    /** Records a failed attempt: schedules the next one, or marks the delivery dead when attempts run out. */
    recordFailure(delivery: DueDelivery, error: string, at: number, baseMs: number, random?: () => number): DeliveryStatus {
      const attempts = delivery.attempts + 1;
      const status: DeliveryStatus = attempts >= MAX_ATTEMPTS ? 'dead' : 'pending';
      const next = status === 'dead' ? at : at + retryDelayMs(attempts, baseMs, random);
      failed.run(status, attempts, next, error.slice(0, MAX_ERROR_LENGTH), delivery.id);
      return status;
    },

    /** Queues a pending or dead delivery again, now, with a fresh set of attempts. A delivered one is never resent. */
    redeliver(id: number, at: number): { ok: true } | { ok: false; reason: 'unknown' | 'delivered'; deliveredAt?: number } {
      const row = byId.get(id);
      if (!row) return { ok: false, reason: 'unknown' };
      if (row.status === 'delivered') return { ok: false, reason: 'delivered', deliveredAt: row.deliveredAt ?? undefined };
      requeue.run(at, id);
      return { ok: true };
    },

    /** Every delivery, newest first, optionally of one status (for `npm run leads -- --deliveries`). */
    list(filter: { status?: DeliveryStatus; limit?: number } = {}): DeliveryRow[] {
      const where = filter.status ? 'WHERE d.status = ?' : '';
      const params: (string | number)[] = filter.status ? [filter.status] : [];
      const rows = db
        .prepare(
          `SELECT d.id, d.lead_id AS leadId, l.kind, d.target, d.status, d.attempts, d.created_at AS createdAt,
                  d.next_attempt_at AS nextAttemptAt, d.delivered_at AS deliveredAt, d.last_error AS lastError
             FROM deliveries d JOIN leads l ON l.id = d.lead_id ${where}
            ORDER BY d.id DESC LIMIT ?`,
        )
        .all(...params, filter.limit ?? -1) as DeliveryRow[];
      return rows;
    },

    /** How many deliveries are in each state. */
    counts(): Record<DeliveryStatus, number> {
      const out: Record<DeliveryStatus, number> = { pending: 0, delivered: 0, dead: 0 };
      for (const r of db.prepare('SELECT status, COUNT(*) AS n FROM deliveries GROUP BY status').all() as { status: DeliveryStatus; n: number }[]) {
        out[r.status] = r.n;
      }
      return out;
    },
  };
}

export type Outbox = ReturnType<typeof createOutbox>;
