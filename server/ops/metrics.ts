/**
 * The service's metrics, in the Prometheus text format (prom-client), one registry per app:
 * what it stores and sends as it happens (counters), what waits in the store (read at each
 * scrape through MonitorReads: indexed, as cheap at a million leads as at ten), requests per
 * route with their latency, and Node's own process metrics. No label holds personal data or a
 * secret: a webhook is named by its host (target-labels.ts), a route by its pattern.
 */
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { LeadKind } from '../../contract/lead-contract.ts';
import type { LeadSource } from '../intake/lead-source.ts';
import type { WriteCheck } from './health.ts';
import type { MonitorReads } from './monitor-reads.ts';
import type { DiskSpace } from './readiness.ts';
import { VERSION } from './version.ts';

/** Where a lead came from, in three words: an embedder's partner id, a page of this site, anywhere else. */
export const sourceLabel = (source: Pick<LeadSource, 'partner' | 'page'>): 'partner' | 'site' | 'elsewhere' =>
  source.partner ? 'partner' : source.page ? 'site' : 'elsewhere';

export type DeliveryOutcome = 'delivered' | 'failed' | 'dead';

/** What the scrape reads from the running service: the store, the write probe, the data folder's disk. */
export interface StoreWatch {
  /** The configured targets' keys: each has its samples (0 when nothing waits), so a series never vanishes. */
  targets: readonly string[];
  reads: MonitorReads;
  checkWritable(): Promise<WriteCheck>;
  /** Undefined with PostgreSQL. */
  disk?: () => Promise<DiskSpace>;
}

const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export function createMetrics(options: { label: (targetKey: string) => string; maxPendingAgeS: number; diskMinFreeMb: number; now?: () => number }) {
  const { label } = options;
  const now = options.now ?? Date.now;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  // Gauges whose names end in _total, which Prometheus keeps for counters (promtool check metrics refuses them); the same counts stay without the suffix.
  for (const name of ['nodejs_active_handles_total', 'nodejs_active_requests_total', 'nodejs_active_resources_total']) registry.removeSingleMetric(name);
  let watched: StoreWatch | undefined;

  new Gauge({ name: 'intake_build_info', help: 'The running release (package.json version).', labelNames: ['version'], registers: [registry] }).set({ version: VERSION }, 1);
  new Gauge({
    name: 'intake_delivery_max_pending_age_seconds',
    help: 'DELIVERY_MAX_PENDING_AGE_S: a pending delivery older than this fails /health/ready (and the LeadDeliveryStuck alert).',
    registers: [registry],
  }).set(options.maxPendingAgeS);

  const leads = new Counter({
    name: 'intake_leads_stored_total',
    help: 'Leads stored by this process (repeats not counted), by kind, source (partner: an embedder\'s partner id; site: a page of this site; elsewhere) and spam flag.',
    labelNames: ['kind', 'source', 'spam'],
    registers: [registry],
  });
  const attempts = new Counter({
    name: 'intake_delivery_attempts_total',
    help: 'Delivery attempts by this process, by target and outcome (failed: to be retried; dead: the last retry failed).',
    labelNames: ['target', 'outcome'],
    registers: [registry],
  });
  const acknowledgements = new Counter({
    name: 'intake_acknowledgements_total',
    help: 'Acknowledgement emails to the person who sent a form: sent (the mail server took it), refused (held back: that address had one within 24 hours).',
    labelNames: ['result'],
    registers: [registry],
  });
  const requests = new Counter({ name: 'http_requests_total', help: 'HTTP requests answered, by method, route pattern and status code.', labelNames: ['method', 'route', 'status'], registers: [registry] });
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from a request\'s arrival to its answer, by method and route pattern.',
    labelNames: ['method', 'route'],
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });

  /** The store's unsent deliveries, and a row of zeros for each configured target with none. */
  const backlog = async () => {
    if (!watched) return [];
    const rows = await watched.reads.deliveryBacklog();
    const idle = watched.targets.filter((t) => !rows.some((r) => r.target === t)).map((target) => ({ target, pending: 0, dead: 0, oldestPendingAt: null }));
    return [...rows, ...idle];
  };
  new Gauge({
    name: 'intake_deliveries',
    help: 'Deliveries in the outbox not yet sent, by target and status (pending: waiting or being retried; dead: retries ran out, needs --redeliver).',
    labelNames: ['target', 'status'],
    registers: [registry],
    async collect() {
      this.reset();
      for (const row of await backlog()) {
        this.inc({ target: label(row.target), status: 'pending' }, row.pending);
        this.inc({ target: label(row.target), status: 'dead' }, row.dead);
      }
    },
  });
  new Gauge({
    name: 'intake_delivery_oldest_pending_age_seconds',
    help: 'How long the oldest pending delivery of each target has waited since it was queued (0: none pending).',
    labelNames: ['target'],
    registers: [registry],
    async collect() {
      this.reset();
      const ages = new Map<string, number>(); // two stored targets may share a label (webhooks no longer configured)
      for (const row of await backlog()) {
        const age = row.oldestPendingAt === null ? 0 : Math.max(0, (now() - row.oldestPendingAt) / 1000);
        ages.set(label(row.target), Math.max(age, ages.get(label(row.target)) ?? 0));
      }
      for (const [target, age] of ages) this.set({ target }, age);
    },
  });
  new Gauge({
    name: 'intake_cv_stored_bytes',
    help: 'Bytes of the CVs the store holds (claimed and waiting for their application).',
    registers: [registry],
    async collect() {
      this.set(watched ? await watched.reads.cvBytes() : 0);
    },
  });
  new Gauge({
    name: 'intake_store_writable',
    help: '1 when the store took the test write /health makes (a submission could be stored now), else 0.',
    registers: [registry],
    async collect() {
      this.set(watched && (await watched.checkWritable()).ok ? 1 : 0);
    },
  });
  new Gauge({
    name: 'intake_data_disk_free_bytes',
    help: 'Free bytes on the disk of DATA_DIR (SQLite only).',
    registers: [registry],
    async collect() {
      this.reset();
      if (watched?.disk) this.set((await watched.disk()).freeBytes);
    },
  });
  new Gauge({ name: 'intake_data_disk_min_free_bytes', help: 'DISK_MIN_FREE_MB in bytes: less free fails /health/ready.', registers: [registry] }).set(options.diskMinFreeMb * 1024 * 1024);

  return {
    registry,
    /** Binds the scrape's store reads (the intake plugin opens the store). */
    watch(store: StoreWatch): void {
      watched = store;
    },
    leadStored(kind: LeadKind, source: LeadSource, spam: boolean): void {
      leads.inc({ kind, source: sourceLabel(source), spam: String(spam) });
    },
    deliveryAttempt(targetKey: string, outcome: DeliveryOutcome): void {
      attempts.inc({ target: label(targetKey), outcome });
      if (targetKey === 'acknowledgement' && outcome === 'delivered') acknowledgements.inc({ result: 'sent' });
    },
    acknowledgementRefused(): void {
      acknowledgements.inc({ result: 'refused' });
    },
    /** Counts and times every request of `app` (the root: pages, API and team alike) by its route pattern. */
    observeRequests(app: FastifyInstance): void {
      app.addHook('onResponse', (request, reply, done) => {
        const route = request.routeOptions.url ?? 'unmatched';
        requests.inc({ method: request.method, route, status: String(reply.statusCode) });
        latency.observe({ method: request.method, route }, reply.elapsedTime / 1000);
        done();
      });
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
