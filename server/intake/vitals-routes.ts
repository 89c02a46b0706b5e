import type { FastifyInstance } from 'fastify';
import { MSG } from './messages.ts';
import { sendFailure } from './reply.ts';
import { describeVitalsError, vitalsSchema } from './vitals-schema.ts';
import type { VitalsStore } from './vitals-store.ts';

/**
 * POST /vitals for navigator.sendBeacon: accepts application/json and text/plain (a
 * beacon with a string body is sent as text/plain;charset=UTF-8, which needs no
 * preflight) and parses the JSON itself. The text/plain parser lives in this nested
 * context only, so the lead routes still refuse text/plain with 415. Answers 204.
 */
export async function registerVitalsRoutes(
  app: FastifyInstance,
  store: VitalsStore,
  limits: { max: number; timeWindow: number },
): Promise<void> {
  await app.register(async (vitals) => {
    vitals.addContentTypeParser('text/plain', { parseAs: 'string' }, (_req, body, done) => {
      done(null, body);
    });

    vitals.post('/vitals', { config: { rateLimit: limits } }, async (request, reply) => {
      let body: unknown = request.body;
      if (body === undefined || body === '') return sendFailure(reply, 400, MSG.emptyBody);
      if (typeof body === 'string' && (request.headers['content-type'] ?? '').toLowerCase().startsWith('text/plain')) {
        try {
          body = JSON.parse(body);
        } catch {
          return sendFailure(reply, 400, MSG.invalidJson);
        }
      }
      const parsed = vitalsSchema.safeParse(body);
      if (!parsed.success) return sendFailure(reply, 400, MSG.invalidVitals(describeVitalsError(parsed.error)));
      await store.save(parsed.data);
      return reply.code(204).send();
    });
  });
}
