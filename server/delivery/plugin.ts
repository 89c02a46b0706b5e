import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config.ts';
import type { Metrics } from '../ops/metrics.ts';
import { cvLinksOf } from '../cv/cv-link.ts';
import { teamLeadUrl } from './lead-event.ts';
import { backfillReferences } from './reference-backfill.ts';
import { personTargetsFromConfig, targetsFromConfig } from './targets.ts';
import { createDeliveryWorker } from './worker.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The delivery worker as the features that queue deliveries use it. */
    delivery: {
      /** Wakes the worker: something was queued. */
      nudge(): void;
      /** A request came in: the worker keeps to its quiet pace while the service is busy. */
      requestSeen(): void;
      /** Every target's key: the team's (webhooks, email) and the person's emails. */
      targets: readonly string[];
      /** The team's targets' keys: what a lead is queued for (a lead taken out of spam too). */
      teamTargets: readonly string[];
    };
  }
}

/**
 * The delivery worker over the store's outbox (needs `app.store`: register after storePlugin),
 * shared as `app.delivery`. It starts once every lead has its reference (a delivery carries it:
 * at once, but on an older release's store) and stops before the store closes.
 */
export const deliveryPlugin = fp(
  async (app: FastifyInstance, { config, metrics }: { config: ServerConfig; metrics: Metrics }) => {
    const store = app.store;
    const targets = [...targetsFromConfig(config, store.cvs), ...personTargetsFromConfig(config)];
    const cvLinks = await cvLinksOf(config, store);
    const worker = createDeliveryWorker({
      outbox: store.outbox,
      // Each notification links to the lead's page in the team's worklist.
      readLead: async (leadId) => {
        const event = await store.leads.readEvent(leadId);
        if (!event) return undefined;
        const cv = await store.cvs.ofLead(leadId);
        return { ...event, teamUrl: teamLeadUrl(config.teamOrigin, leadId), ...(cv ? { cv: cvLinks.link(cv, Date.parse(event.createdAt)) } : {}) };
      },
      targets,
      retryBaseMs: config.deliveryRetryBaseMs,
      log: app.log.child({ component: 'delivery' }),
      onAttempt: metrics.deliveryAttempt,
    });
    app.decorate('delivery', {
      nudge: worker.nudge,
      requestSeen: worker.requestSeen,
      targets: targets.map((t) => t.key),
      teamTargets: targetsFromConfig(config).map((t) => t.key),
    });
    let closing = false;
    let backfill: Promise<void> | undefined;
    app.addHook('onReady', async () => {
      backfill = backfillReferences(store, app.log, () => closing)
        .catch((error: Error) => app.log.error({ error: error.message }, 'leads stored before references: not all were given one'))
        .finally(() => closing || worker.start());
    });
    app.addHook('onClose', async () => {
      closing = true;
      await backfill;
      await worker.stop();
    });
  },
  { name: 'delivery', dependencies: ['store'] },
);
