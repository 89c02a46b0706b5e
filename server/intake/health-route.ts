import type { FastifyInstance } from 'fastify';
import { type Db, isHealthy } from './db.ts';

/** GET /health → {"status":"ok"} when the database answers, else 503 {"status":"error"}. Not rate limited. */
export function registerHealthRoute(app: FastifyInstance, db: Db): void {
  app.get('/health', { config: { rateLimit: false }, logLevel: 'warn' }, (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    if (isHealthy(db)) return reply.send({ status: 'ok' });
    return reply.code(503).send({ status: 'error' });
  });
}
