import type { FastifyBaseLogger } from 'fastify';
import type { FunnelStore } from '../funnel/funnel.ts';
import type { DeliveryStatus, DueDelivery } from '../delivery/outbox.ts';
import type { WriteCheck } from '../ops/health.ts';
import type { RateLimitStoreClass } from '../http/guards.ts';
import type { LeadStore } from '../intake/leads.ts';
import type { CvStore } from '../cv/cv-store.ts';
import type { VitalsStore } from '../vitals/vitals.ts';
import type { TeamStore } from '../team/store.ts';
import type { MonitorReads } from '../ops/monitor-reads.ts';

/**
 * What the running service keeps, as one interface with two implementations: SQLite files
 * in DATA_DIR (store-sqlite.ts, the default) and one PostgreSQL database shared by every
 * instance (store-postgres.ts, when DATABASE_URL is set; open-store.ts opens the one configured).
 * Each feature keeps its own SQL, and the interface of its part, beside it; a store only puts
 * the features together. Types only: the features import nothing from here.
 */
export interface IntakeStore {
  /** Where the data is, for the log (never a password). */
  readonly description: string;
  leads: LeadStore;
  /** The CVs applicants attach (cv/cv-store.ts). */
  cvs: CvStore;
  outbox: DeliveryQueue;
  vitals: VitalsStore;
  /** Cookieless counts of views, starts, sends and leads per day, page and campaign (funnel.ts). */
  funnel: FunnelStore;
  /** The team's accounts, sessions, worklist and audit log (server/team/store.ts). */
  team: TeamStore;
  /** What /metrics and /health/ready read: deliveries not yet sent, CV bytes (server/ops/monitor-reads.ts). */
  monitor: MonitorReads;
  /** Proves a submission could be stored now, the way one is stored (GET /health). */
  checkWritable(): Promise<WriteCheck>;
  /** The proof-of-work HMAC key: the configured one, else one kept with the data (the same for every instance). */
  hmacKey(configured: string | undefined): Promise<string>;
  /** Gives up to `limit` leads stored before references (an older release's) theirs; answers how many (../delivery/reference-backfill.ts). */
  assignMissingReferences(limit: number): Promise<number>;
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
