import type { FastifyInstance } from 'fastify';
import { createInsightAccess } from '../funnel/insight.ts';
import type { Registry } from 'prom-client';

export const METRICS_PATH = '/metrics';

/**
 * GET /metrics: the registry in the Prometheus text format, guarded as /_insight is: off
 * (the site's own 404) unless METRICS_TOKEN is set, then only for a request carrying it as
 * `Authorization: Bearer <token>`; without it, or with a wrong one, the site's 404, and a
 * client that has tried 20 wrong tokens in an hour gets 429 until the hour is over.
 */
export function registerMetricsRoute(app: FastifyInstance, { token, registry }: { token: string | undefined; registry: Registry }): void {
  const access = createInsightAccess(token);
  app.get(METRICS_PATH, { logLevel: 'warn' }, async (request, reply) => {
    const auth = request.headers.authorization;
    const credential = typeof auth === 'string' && /^Bearer\s/i.test(auth) ? access.posted(auth.slice(7).trim()) : 'none';
    if (credential === 'none') return reply.callNotFound();
    const locked = access.locked(request.ip);
    if (locked) return reply.code(429).header('Retry-After', String(locked.retryAfterS)).type('text/plain; charset=utf-8').send('Too many wrong tokens.');
    if (credential === 'wrong') {
      access.wrong(request.ip);
      return reply.callNotFound();
    }
    return reply.header('Cache-Control', 'no-store').type(registry.contentType).send(await registry.metrics());
  });
}
