import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config.ts';
import { openIntakeStore } from './open-store.ts';
import type { IntakeStore } from './store.ts';
import { SPAM_CV_KEEP_MS, UNCLAIMED_MS } from '../cv/cv-store.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The store the configuration names (open-store.ts), open for as long as the service is. */
    store: IntakeStore;
  }
}

const HOUSEKEEPING_MS = 60 * 60 * 1000;

/**
 * Opens the store, shares it with every feature as `app.store` (fastify-plugin: the decoration
 * is the root's, so sibling plugins registered after this one see it), erases leads past their
 * retention, runs each part's hourly housekeeping, and closes the store last.
 */
export const storePlugin = fp(
  async (app: FastifyInstance, { config }: { config: ServerConfig }) => {
    const store = await openIntakeStore(config, app.log);
    app.decorate('store', store);
    const stopPurge = store.startRetentionPurge(config.leadRetentionDays, app.log);
    const housekeeping = () =>
      Promise.all([
        store.vitals.purge(),
        store.funnel.purge(),
        store.leads.forgetExpiredSolutions(),
        store.leads.forgetExpiredKeys(),
        store.leads.forgetAcknowledgedAddresses(),
        store.cvs.purgeUnclaimed(Date.now() - UNCLAIMED_MS),
        store.cvs.purgeSpam(Date.now() - SPAM_CV_KEEP_MS),
      ]).catch((error: Error) => app.log.error({ error: error.message }, 'housekeeping failed'));
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      await housekeeping();
      timer = setInterval(() => void housekeeping(), HOUSEKEEPING_MS).unref();
    });
    app.addHook('onClose', async () => {
      clearInterval(timer);
      stopPurge();
      await store.close();
    });
  },
  { name: 'store' },
);
