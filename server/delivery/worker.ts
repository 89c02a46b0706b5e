import type { FastifyBaseLogger } from 'fastify';
import type { DeliveryQueue } from '../store/store.ts';
import type { LeadEvent } from './lead-event.ts';
import type { DueDelivery } from './outbox.ts';
import { errorText, type DeliveryTarget } from './target.ts';

export interface DeliveryWorkerOptions {
  outbox: DeliveryQueue;
  readLead: (leadId: number) => Promise<LeadEvent | undefined>;
  targets: readonly DeliveryTarget[];
  retryBaseMs: number;
  log: FastifyBaseLogger;
  /** Sends at the same time, at most (1 while submissions keep arriving). */
  concurrency?: number;
  /** Longest sleep between looks at the outbox (a redelivery queued by the CLI is picked up within it). */
  pollMs?: number;
  now?: () => number;
  /** Told each recorded outcome (the metrics count them): delivered, failed (to be retried), or dead (the last retry failed). */
  onAttempt?: (target: string, outcome: 'delivered' | 'failed' | 'dead') => void;
}

const READ_AHEAD = 64;
const BUSY_WINDOW_MS = 250;

/** What sending one delivery needs: the worker's options, its targets by key, and the signal that stops it. */
interface SendContext extends Pick<DeliveryWorkerOptions, 'outbox' | 'readLead' | 'retryBaseMs' | 'log' | 'onAttempt'> {
  targets: Map<string, DeliveryTarget>;
  now: () => number;
  signal: AbortSignal;
}

/**
 * Sends one due delivery and records the outcome: success, or a failure with its retry.
 * Nothing is recorded when the lead was erased meanwhile or the send was cut short by stop.
 */
async function deliver(delivery: DueDelivery, { outbox, readLead, retryBaseMs, log, targets, now, signal, onAttempt }: SendContext): Promise<void> {
  const lead = await readLead(delivery.leadId);
  if (!lead) return; // erased meanwhile: its deliveries went with it
  const target = targets.get(delivery.target);
  const kind = delivery.target.split(' ')[0];
  try {
    if (!target) throw new Error('this target is no longer configured');
    await target.send(lead, signal);
  } catch (error) {
    if (signal.aborted) return;
    const message = errorText(error);
    const status = await outbox.recordFailure(delivery, message, now(), retryBaseMs);
    const facts = { deliveryId: delivery.id, leadId: delivery.leadId, target: kind, attempt: delivery.attempts + 1, status, error: message };
    // The last retry failed: nobody will get this lead unless someone acts (npm run leads -- --redeliver).
    if (status === 'dead') log.error(facts, 'delivery dead: its retries ran out');
    else log.warn(facts, 'delivery failed');
    onAttempt?.(delivery.target, status === 'dead' ? 'dead' : 'failed');
    return;
  }
  await outbox.recordSuccess(delivery.id, now());
  log.info({ deliveryId: delivery.id, leadId: delivery.leadId, target: kind }, 'lead delivered');
  onAttempt?.(delivery.target, 'delivered');
}

/** Waits for the sends in flight to settle, `graceMs` at most. */
async function settleWithin(pending: Promise<void>[], graceMs: number): Promise<void> {
  let force: NodeJS.Timeout | undefined;
  await Promise.race([Promise.allSettled(pending), new Promise((r) => (force = setTimeout(r, graceMs)))]);
  clearTimeout(force);
}

/**
 * The deliveries being sent and those read ahead of them (one query per batch, not per send,
 * oldest first). `onSettled` is told when a send is over, whatever its outcome.
 */
function createSender(context: SendContext, onSettled: () => void) {
  const { outbox, log, now } = context;
  const inFlight = new Map<number, Promise<void>>();
  let readAhead: DueDelivery[] = [];
  return {
    inFlight,
    /** Starts up to `free` due deliveries, from those read ahead (reading the next batch when none is left); none once `stillWanted()` says no. */
    async sendDue(free: number, stillWanted: () => boolean): Promise<void> {
      // A leased claim is someone else's to take over only after its lease: claim no more than can go now.
      if (readAhead.length === 0) {
        readAhead = (await outbox.claimDue(now(), outbox.leaseMs ? free : READ_AHEAD)).filter((d) => !inFlight.has(d.id));
      }
      for (const delivery of stillWanted() ? readAhead.splice(0, free) : []) {
        const sending = deliver(delivery, context)
          .catch((error) => log.error({ deliveryId: delivery.id, error: errorText(error) }, 'delivery not recorded'))
          .finally(() => {
            inFlight.delete(delivery.id);
            onSettled();
          });
        inFlight.set(delivery.id, sending);
      }
    },
    /** How long to sleep before the next look: with sends in flight, their completions look again; otherwise until the next is due. */
    async idleWait(pollMs: number): Promise<number> {
      if (inFlight.size === 0 && readAhead.length === 0) {
        const next = await outbox.nextDueAt();
        if (next !== undefined) return Math.max(0, Math.min(pollMs, next - now()));
      }
      return pollMs;
    },
  };
}

/**
 * Runs `step` again and again while `running()`: after the sleep it answers, or at once after
 * `soon()`. Never two steps at once: a `soon()` during a step runs the next one right after it.
 */
function createPumpLoop(step: () => Promise<number>, running: () => boolean) {
  let timer: NodeJS.Timeout | undefined;
  let queued = false;
  let pumping = false;
  let again = false;

  async function pump(): Promise<void> {
    queued = false;
    if (!running()) return;
    if (pumping) {
      again = true;
      return;
    }
    pumping = true;
    again = false;
    clearTimeout(timer);
    let wait: number;
    try {
      wait = await step();
    } finally {
      pumping = false;
    }
    if (!running()) return;
    clearTimeout(timer);
    timer = setTimeout(() => void pump(), again ? 0 : wait);
    timer.unref();
  }

  return {
    soon(): void {
      if (queued || !running()) return;
      queued = true;
      setImmediate(() => void pump());
    },
    stop: () => clearTimeout(timer),
  };
}

/**
 * Sends queued deliveries off the request path, inside the service process. A pending
 * delivery whose time has come is sent, and its outcome is recorded before it can be
 * picked again. Starting on an existing database resumes whatever is pending.
 * A send cut short by shutdown is not recorded and is sent again after the restart (the
 * receiver drops the repeat by its idempotency key).
 */
export function createDeliveryWorker(options: DeliveryWorkerOptions) {
  const { outbox, readLead, retryBaseMs, log, onAttempt } = options;
  const concurrency = options.concurrency ?? 8;
  const pollMs = options.pollMs ?? 1000;
  const now = options.now ?? Date.now;
  const targets = new Map(options.targets.map((t) => [t.key, t]));
  const stopping = new AbortController();
  let started = false;
  const running = () => started;

  // Requests come first: while submissions keep arriving (one in the last 250 ms),
  // deliveries trickle one at a time, and catch up at full speed once the burst is over.
  let lastRequestAt = -Infinity;
  const allowedNow = (): number => (now() - lastRequestAt < BUSY_WINDOW_MS ? 1 : concurrency);

  const sender = createSender({ outbox, readLead, retryBaseMs, log, onAttempt, targets, now, signal: stopping.signal }, () => loop.soon());
  const loop = createPumpLoop(async () => {
    try {
      const free = allowedNow() - sender.inFlight.size;
      if (free > 0) await sender.sendDue(free, running);
      return await sender.idleWait(pollMs);
    } catch (error) {
      log.error({ error: errorText(error) }, 'outbox not readable');
      return pollMs;
    }
  }, running);

  return {
    start(): void {
      if (started) return;
      started = true;
      loop.soon();
    },
    /** A lead was just queued: look now rather than at the next poll. */
    nudge: () => loop.soon(),
    /** A request to the API arrived (deliveries slow down while they keep coming). */
    requestSeen(): void {
      lastRequestAt = now();
    },
    /** Stops taking deliveries; waits up to `graceMs` for sends in flight, then aborts them. */
    async stop(graceMs = 3000): Promise<void> {
      started = false;
      loop.stop();
      const pending = [...sender.inFlight.values()];
      if (pending.length) await settleWithin(pending, graceMs);
      stopping.abort();
      for (const target of targets.values()) target.close();
    },
    /** Deliveries being sent right now. */
    get inFlight(): number {
      return sender.inFlight.size;
    },
  };
}
