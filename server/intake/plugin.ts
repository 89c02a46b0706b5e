import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config.ts';
import { createWriteBatcher, openDatabase } from './database.ts';
import { createWriteProbe, registerHealthRoute } from './health.ts';
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
import { createVitalsStore, registerVitalsRoutes, VITALS_PATH } from './vitals.ts';

/**
 * The local intake service: POST /addSocietyQuery, POST /addQuery, POST /vitals and
 * GET /health, stored in <dataDir>/leads.db.
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
  app.addHook('onClose', () => {
    stopPurge();
    batcher.flush();
    db.close();
  });
  const leads = createLeadStore(db, batcher);
  const vitals = createVitalsStore(db, batcher);
  const apiPaths = new Set([...LEAD_ROUTES.map((r) => r.path), VITALS_PATH]);

  await app.register(
    async (api) => {
      api.setErrorHandler(apiErrorHandler);
      api.removeContentTypeParser('text/plain'); // lead routes: application/json only
      registerHealthRoute(api, createWriteProbe(db, batcher));
      await registerRateLimit(api, { max: config.rateLimitMax, timeWindow: config.rateLimitWindowMs });
      await registerCors(api, createOriginPolicy(config.allowedOrigins, config.publicOrigin), apiPaths);
      registerLeadRoutes(api, leads);
      await registerVitalsRoutes(api, vitals, { max: config.vitalsRateLimitMax, timeWindow: config.rateLimitWindowMs });
      registerFallbackRoutes(api, apiPaths);
    },
    { logSerializers: safeLogSerializers },
  );
}
