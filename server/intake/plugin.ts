import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config.ts';
import { createWriteBatcher, openDatabase, openVitalsDatabase } from './database.ts';
import { createWriteProbe, registerHealthRoute } from './health.ts';
import { createLeadEventReader } from './delivery/lead-event.ts';
import { createOutbox } from './delivery/outbox.ts';
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
import { startRetentionPurge } from './personal-data.ts';
import { createLeadStore, LEAD_ROUTES, registerLeadRoutes } from './leads.ts';
import { createSpamChallenge, loadHmacKey, registerChallengeRoute } from './spam-challenge.ts';
import { createVitalsStore, registerVitalsRoutes, siteRoutes, VITALS_PATH } from './vitals.ts';

const HOUSEKEEPING_MS = 60 * 60 * 1000;

/**
 * The local intake service: POST /addSocietyQuery, POST /addQuery, GET /altcha-challenge,
 * POST /vitals and GET /health; leads and their delivery outbox in <dataDir>/leads.db,
 * field vitals in <dataDir>/vitals.db, and the delivery worker that sends queued leads.
 *
 * Encapsulation: this plugin is NOT wrapped with fastify-plugin, so the error handler,
 * hooks (CORS, origin guard, rate limit), body-parser changes and log serializers set
 * here apply only to the routes registered here. No not-found handler is set: unmatched
 * POST/PUT/PATCH/DELETE are answered by a catch-all route in this context, and every
 * unmatched GET/HEAD falls through to the root not-found handler (the static site's).
 */
export async function intakePlugin(app: FastifyInstance, { config }: { config: ServerConfig }): Promise<void> {
  const db = openDatabase(config.dataDir);
  const batcher = createWriteBatcher(db, { maxBusyWaitMs: config.dbBusyTimeoutMs });
  const stopPurge = startRetentionPurge(db, batcher, config.leadRetentionDays, app.log);
  const vitalsDb = openVitalsDatabase(config.dataDir);
  const vitalsBatcher = createWriteBatcher(vitalsDb, { maxBusyWaitMs: config.dbBusyTimeoutMs });

  const outbox = createOutbox(db);
  const targets = targetsFromConfig(config);
  const worker = createDeliveryWorker({
    outbox,
    readLead: createLeadEventReader(db),
    targets,
    write: (work) => batcher.run(work),
    retryBaseMs: config.deliveryRetryBaseMs,
    log: app.log.child({ component: 'delivery' }),
  });
  const challenger = createSpamChallenge({ hmacKey: loadHmacKey(config.dataDir, config.altchaHmacKey), maxNumber: config.altchaMaxNumber });
  const leads = createLeadStore(db, batcher, { outbox, targets: targets.map((t) => t.key) });
  const vitals = createVitalsStore(vitalsDb, vitalsBatcher, { dailyCap: config.vitalsDailyCap, retentionDays: config.vitalsRetentionDays }, app.log);
  const apiPaths = new Set([...LEAD_ROUTES.map((r) => r.path), VITALS_PATH]);

  const housekeeping = () =>
    Promise.all([vitals.purge(), leads.forgetExpiredSolutions()]).catch((error: Error) =>
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
    batcher.flush();
    vitalsBatcher.flush();
    db.close();
    vitalsDb.close();
  });

  await app.register(
    async (api) => {
      api.setErrorHandler(apiErrorHandler);
      api.addHook('onRequest', (_request, _reply, done) => {
        worker.requestSeen();
        done();
      });
      api.removeContentTypeParser('text/plain'); // lead routes: application/json only
      registerHealthRoute(api, createWriteProbe(db, batcher));
      await registerRateLimit(api, { max: config.rateLimitMax, timeWindow: config.rateLimitWindowMs });
      await registerCors(api, createOriginPolicy(config.allowedOrigins, config.publicOrigin), apiPaths);
      registerLeadRoutes(api, leads, { spam: config.spamChallenge ? challenger : undefined, onQueued: worker.nudge });
      registerChallengeRoute(api, challenger, { max: config.rateLimitMax * 4, timeWindow: config.rateLimitWindowMs });
      await registerVitalsRoutes(api, vitals, siteRoutes(config.distDir), {
        max: config.vitalsRateLimitMax,
        timeWindow: config.rateLimitWindowMs,
      });
      registerFallbackRoutes(api, apiPaths);
    },
    { logSerializers: safeLogSerializers },
  );
}
