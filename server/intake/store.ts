import type { FastifyBaseLogger } from 'fastify';
import type { ServerConfig } from '../config.ts';
import type { LeadEvent } from './delivery/lead-event.ts';
import type { FunnelStore } from './funnel.ts';
import type { DeliveryStatus, DueDelivery } from './delivery/outbox.ts';
import type { WriteCheck } from './health.ts';
import type { LeadSource } from './lead-source.ts';
import type { KeptAnswer } from './idempotency.ts';
import type { SaveResult } from './leads.ts';
import type { SolutionCheck } from './spam-challenge.ts';
import type { VitalsBeacon } from './vitals.ts';
import type { LeadKind } from '../../contract/lead-contract.ts';

/**
 * What the running service keeps, as one interface with two implementations: SQLite files
 * in DATA_DIR (sqlite-store.ts, the default) and one PostgreSQL database shared by every
 * instance (postgres/store.ts, when DATABASE_URL is set). Each feature keeps its own SQL
 * beside it; a store only puts the features together.
 */
export interface IntakeStore {
  /** Where the data is, for the log (never a password). */
  readonly description: string;
  leads: {
    /**
     * Stores a lead in one transaction that has committed when the promise resolves: marks
     * the proof-of-work solution used (a reused one makes the lead spam), drops a repeat
     * of the same submission within ten minutes, and queues its deliveries. With an
     * idempotency key, a key already kept answers `{ replay }` and nothing is stored; a new
     * one is kept with the lead and its answer, in the same transaction.
     */
    save(
      kind: LeadKind,
      fields: Record<string, string>,
      source: LeadSource,
      check: SolutionCheck,
      idempotency?: { key: string; answer: KeptAnswer },
    ): Promise<SaveResult>;
    /** The first answer kept for an idempotency key, if it is still kept (a save looks again inside its transaction). */
    keptAnswer(key: string): Promise<KeptAnswer | undefined>;
    /** Forgets idempotency keys past their keeping time. */
    forgetExpiredKeys(): Promise<number>;
    /** What a notification says about a lead; undefined once it was erased. */
    readEvent(leadId: number): Promise<LeadEvent | undefined>;
    /** Forgets used solutions whose challenge has expired. */
    forgetExpiredSolutions(): Promise<number>;
  };
  outbox: DeliveryQueue;
  vitals: {
    /** Stores a beacon unless its client has used its daily share or the day's cap is reached; resolves with the samples stored. */
    save(beacon: VitalsBeacon, clientAddress: string): Promise<number>;
    /** Deletes samples past the retention period. */
    purge(): Promise<number>;
  };
  /** Cookieless counts of views, starts, sends and leads per day, page and campaign (funnel.ts). */
  funnel: FunnelStore;
  /** Proves a submission could be stored now, the way one is stored (GET /health). */
  checkWritable(): Promise<WriteCheck>;
  /** The proof-of-work HMAC key: the configured one, else one kept with the data (the same for every instance). */
  hmacKey(configured: string | undefined): Promise<string>;
  /** A @fastify/rate-limit store counting across instances; undefined: each process counts alone (in memory). */
  rateLimitStore?: RateLimitStoreClass;
  /** Erases leads past the retention period at start and daily; returns a stop function. */
  startRetentionPurge(retentionDays: number, log: FastifyBaseLogger): () => void;
  /** Commits what is queued and closes the connections. */
  close(): Promise<void>;
}

/** The delivery outbox as the delivery worker uses it. */
export interface DeliveryQueue {
  /**
   * Takes up to `limit` pending deliveries whose time has come, oldest first. With a lease
   * (several instances), a taken delivery is not handed to anyone else until `leaseMs`
   * has passed without an outcome recorded (its instance died); then it is due again.
   */
  claimDue(at: number, limit: number): Promise<DueDelivery[]>;
  /** When the earliest pending delivery is due (epoch ms), or undefined when none is pending. */
  nextDueAt(): Promise<number | undefined>;
  recordSuccess(id: number, at: number): Promise<void>;
  recordFailure(delivery: DueDelivery, error: string, at: number, baseMs: number): Promise<DeliveryStatus>;
  /** Claims hold a lease: take only what can be sent now (a read-ahead would sit out its lease). */
  readonly leaseMs?: number;
}

/** The constructor @fastify/rate-limit takes as `store`. */
export type RateLimitStoreClass = new (options: unknown) => unknown;

/** The store the configuration names: PostgreSQL when DATABASE_URL is set, else SQLite in DATA_DIR. */
export async function openIntakeStore(config: ServerConfig, log: FastifyBaseLogger): Promise<IntakeStore> {
  if (config.databaseUrl) {
    const { createPostgresStore } = await import('./postgres/store.ts');
    return createPostgresStore({ ...config, databaseUrl: config.databaseUrl }, log);
  }
  const { createSqliteStore } = await import('./sqlite-store.ts');
  return createSqliteStore(config, log);
}
