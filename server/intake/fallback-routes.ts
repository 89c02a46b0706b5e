import type { FastifyInstance } from 'fastify';
import { MSG } from './messages.ts';
import { sendFailure } from './reply.ts';

/**
 * JSON answers for requests that match no API route, without touching the static site:
 * GET/HEAD on an API path → 405 (static owns every other GET), and any POST, PUT, PATCH
 * or DELETE anywhere → 404 (or 405 on an API path). A catch-all route (not a not-found
 * handler) so the site's own GET 404 page, set by the static plugin, stays in charge.
 */
export function registerFallbackRoutes(app: FastifyInstance, apiPaths: ReadonlySet<string>): void {
  for (const path of apiPaths) {
    app.get(path, (_request, reply) => sendFailure(reply.header('Allow', 'POST, OPTIONS'), 405, MSG.methodNotAllowed));
  }
  app.route({
    method: ['POST', 'PUT', 'PATCH', 'DELETE'],
    url: '/*',
    handler(request, reply) {
      const q = request.url.indexOf('?');
      const path = q === -1 ? request.url : request.url.slice(0, q);
      if (apiPaths.has(path)) return sendFailure(reply.header('Allow', 'POST, OPTIONS'), 405, MSG.methodNotAllowed);
      return sendFailure(reply, 404, MSG.notFound);
    },
  });
}
