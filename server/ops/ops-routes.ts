/**
 * What the intake plugin adds for the people who run the service: the lead store with its
 * saves counted, the scrape's store reads bound to the metrics, and GET /health/ready.
 */
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config.ts';
import type { LeadStore } from '../intake/leads.ts';
import type { IntakeStore } from '../store/store.ts';
import type { Metrics } from './metrics.ts';
import { diskSpace, registerReadinessRoute } from './readiness.ts';

/**
 * The lead store with each save counted: a lead stored (not a repeat), and an acknowledgement
 * held back (the person has an address, acknowledgements are on, the lead is no spam, and only
 * the team's `teamTargets` deliveries were queued: that address had one within 24 hours).
 */
export function countedLeads(leads: LeadStore, metrics: Metrics, options: { acknowledge: boolean; teamTargets: number }): LeadStore {
  return {
    ...leads,
    async save(kind, fields, source, check, idempotency, cvUpload) {
      const saved = await leads.save(kind, fields, source, check, idempotency, cvUpload);
      if ('leadId' in saved && !saved.duplicate) {
        metrics.leadStored(kind, source, saved.spam !== null);
        if (options.acknowledge && !saved.spam && fields.email?.trim() && saved.queued === options.teamTargets) metrics.acknowledgementRefused();
      }
      return saved;
    },
  };
}

/** Binds the store to the metrics' scrape and registers GET /health/ready in `api` (beside /health). */
export function registerOpsRoutes(
  api: FastifyInstance,
  { store, config, metrics, targets }: { store: IntakeStore; config: ServerConfig; metrics: Metrics; targets: readonly string[] },
): void {
  const disk = config.databaseUrl || config.diskMinFreeMb === 0 ? undefined : () => diskSpace(config.dataDir);
  metrics.watch({ targets, reads: store.monitor, checkWritable: store.checkWritable, disk: config.databaseUrl ? undefined : () => diskSpace(config.dataDir) });
  registerReadinessRoute(
    api,
    async () => {
      const [writable, backlog, space] = await Promise.all([store.checkWritable(), store.monitor.deliveryBacklog(), disk?.()]);
      return { writable, backlog, disk: space };
    },
    { maxPendingAgeS: config.deliveryMaxPendingAgeS, diskMinFreeMb: config.diskMinFreeMb },
  );
}
