import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config.ts';
import { registerCors } from './cors.ts';
import { openDatabase } from './db.ts';
import { apiErrorHandler } from './errors.ts';
import { registerFallbackRoutes } from './fallback-routes.ts';
import { registerHealthRoute } from './health-route.ts';
import { createLeadStore } from './lead-store.ts';
import { LEAD_ROUTES, registerLeadRoutes } from './lead-routes.ts';
import { safeLogSerializers } from './log.ts';
import { createOriginPolicy } from './origin-policy.ts';
import { registerRateLimit } from './rate-limit.ts';
import { registerVitalsRoutes } from './vitals-routes.ts';
import { createVitalsStore } from './vitals-store.ts';
import { createWriteBatcher } from './write-batcher.ts';

export interface IntakeOptions {
  config: ServerConfig;
}

export const VITALS_PATH = '/vitals';

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
export async function intakePlugin(app: FastifyInstance, { config }: IntakeOptions): Promise<void> {
  const db = openDatabase(config.dataDir);
  const batcher = createWriteBatcher(db);
  app.addHook('onClose', () => {
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
      registerHealthRoute(api, db);
      await registerRateLimit(api, { max: config.rateLimitMax, timeWindow: config.rateLimitWindowMs });
      await registerCors(api, createOriginPolicy(config.allowedOrigins), apiPaths);
      registerLeadRoutes(api, leads);
      await registerVitalsRoutes(api, vitals, { max: config.vitalsRateLimitMax, timeWindow: config.rateLimitWindowMs });
      registerFallbackRoutes(api, apiPaths);
    },
    { logSerializers: safeLogSerializers },
  );
}
