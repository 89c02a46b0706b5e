import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config.ts';
import { registerHealthRoute } from './health.ts';
import { targetsFromConfig } from './delivery/targets.ts';
import { createDeliveryWorker } from './delivery/worker.ts';
import {
  apiErrorHandler,
  createOriginPolicy,
  registerCors,
  registerFallbackRoutes,
  registerRateLimit,
  safeLogSerializers,
} from './guards.ts';
import { LEAD_ROUTES, registerLeadRoutes } from './leads.ts';
import { createSpamChallenge, registerChallengeRoute } from './spam-challenge.ts';
import { openIntakeStore } from './open-store.ts';
import { registerVitalsRoutes, siteRoutes, VITALS_PATH } from './vitals.ts';
import { beaconCounts, funnelKey, isCountableBeacon, isCountableLead } from './funnel.ts';
import { registerInsightRoute } from './insight.ts';
import { teamLeadUrl, teamPlugin } from '../team/plugin.ts';

const HOUSEKEEPING_MS = 60 * 60 * 1000;

/**
 * The local intake service: POST /addSocietyQuery, POST /addQuery, GET /altcha-challenge,
 * POST /vitals and GET /health, over the store the configuration names (store.ts: SQLite
 * files in DATA_DIR, or PostgreSQL), and the delivery worker that sends queued leads.
 *
 * Encapsulation: this plugin is NOT wrapped with fastify-plugin, so the error handler,
 * hooks (CORS, origin guard, rate limit), body-parser changes and log serializers set
 * here apply only to the routes registered here. No not-found handler is set: unmatched
 * POST/PUT/PATCH/DELETE are answered by a catch-all route in this context, and every
 * unmatched GET/HEAD falls through to the root not-found handler (the static site's).
 */
export async function intakePlugin(app: FastifyInstance, { config }: { config: ServerConfig }): Promise<void> {
  const store = await openIntakeStore(config, app.log);
  const stopPurge = store.startRetentionPurge(config.leadRetentionDays, app.log);

  const targets = targetsFromConfig(config);
  const worker = createDeliveryWorker({
    outbox: store.outbox,
    // Each notification links to the lead's page in the team's worklist.
    readLead: async (leadId) => {
      const event = await store.leads.readEvent(leadId);
      return event && { ...event, teamUrl: teamLeadUrl(config.teamOrigin, leadId) };
    },
    targets,
    retryBaseMs: config.deliveryRetryBaseMs,
    log: app.log.child({ component: 'delivery' }),
  });
  const challenger = createSpamChallenge({ hmacKey: await store.hmacKey(config.altchaHmacKey), maxNumber: config.altchaMaxNumber });
  const routes = siteRoutes(config.distDir);
  const apiPaths = new Set([...LEAD_ROUTES.map((r) => r.path), VITALS_PATH]);
  const countFailed = (error: Error) => app.log.error({ error: error.message }, 'funnel: count not stored');

  const housekeeping = () =>
    Promise.all([store.vitals.purge(), store.funnel.purge(), store.leads.forgetExpiredSolutions(), store.leads.forgetExpiredKeys()]).catch((error: Error) =>
      app.log.error({ error: error.message }, 'housekeeping failed'),
    );
  let housekeepingTimer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    worker.start();
    await housekeeping();
    housekeepingTimer = setInterval(housekeeping, HOUSEKEEPING_MS).unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(housekeepingTimer);
    stopPurge();
    await worker.stop();
    await store.close();
  });

  registerInsightRoute(app, { token: config.insightToken, funnel: store.funnel.read });
  await app.register(teamPlugin, { config, store, targets: targets.map((t) => t.key), onQueued: worker.nudge });

  await app.register(
    async (api) => {
      api.setErrorHandler(apiErrorHandler);
      api.addHook('onRequest', (_request, _reply, done) => {
        worker.requestSeen();
        done();
      });
      api.removeContentTypeParser('text/plain'); // lead routes: application/json only
      registerHealthRoute(api, store.checkWritable);
      await registerRateLimit(api, { max: config.rateLimitMax, timeWindow: config.rateLimitWindowMs }, store.rateLimitStore);
      await registerCors(api, createOriginPolicy(config.allowedOrigins, config.publicOrigin), apiPaths);
      registerLeadRoutes(api, store.leads, {
        spam: config.spamChallenge ? challenger : undefined,
        onQueued: worker.nudge,
        site: { routes, origins: [config.publicOrigin] },
        onStored: (source, headers) => {
          if (isCountableLead(headers)) store.funnel.count(funnelKey(source.page, source.campaign, source.partner), { lead: 1 }).catch(countFailed);
        },
      });
      registerChallengeRoute(api, challenger, { max: config.rateLimitMax * 4, timeWindow: config.rateLimitWindowMs });
      await registerVitalsRoutes(
        api,
        store.vitals,
        routes,
        { max: config.vitalsRateLimitMax, timeWindow: config.rateLimitWindowMs },
        async (page, counts, headers) => {
          if (isCountableBeacon(headers)) await store.funnel.count(...beaconCounts(page, counts)).catch(countFailed);
        },
      );
      registerFallbackRoutes(api, apiPaths);
    },
    { logSerializers: safeLogSerializers },
  );
}
