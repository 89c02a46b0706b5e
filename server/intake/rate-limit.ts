import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { rateLimitError } from './errors.ts';

/**
 * Per-IP rate limit for every route registered after this in the API context (the
 * intake endpoints share one budget; /vitals sets its own). Preflights (OPTIONS) are
 * exempt. Exceeding it throws an error the API error handler answers as 429 JSON.
 */
export async function registerRateLimit(
  app: FastifyInstance,
  limits: { max: number; timeWindow: number },
): Promise<void> {
  // Must run before the rate-limit plugin's own onRoute hook, so it is added first.
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (methods.every((m) => m === 'OPTIONS')) route.config = { ...route.config, rateLimit: false };
  });
  await app.register(rateLimit, {
    global: true,
    hook: 'onRequest',
    max: limits.max,
    timeWindow: limits.timeWindow,
    errorResponseBuilder: (_req, context) => rateLimitError(context.statusCode),
  });
}
