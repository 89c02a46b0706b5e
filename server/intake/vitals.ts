import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db, WriteBatcher } from './database.ts';
import { sendFailure } from './guards.ts';
import { MESSAGES } from '../../widgets/shared/lead-contract.ts';

/** Field Web Vitals: the beacon's schema, storage, and POST /vitals. */

export const VITALS_PATH = '/vitals';

/** A web-vitals beacon: {page, metrics: [{name, value, rating?, id?, navigationType?}]}, 1–10 metrics. */

export const METRIC_NAMES = ['LCP', 'INP', 'CLS', 'FCP', 'TTFB'] as const;
const MAX_METRIC_VALUE = 600_000;

const PAGE = /^\/[^\s\u0000-\u001f\u007f]*$/;

const metricSchema = z.strictObject({
  name: z.enum(METRIC_NAMES),
  value: z.number().finite().min(0).lt(MAX_METRIC_VALUE),
  rating: z.enum(['good', 'needs-improvement', 'poor']).optional(),
  id: z.string().max(100).optional(),
  navigationType: z.string().max(40).optional(),
});

const vitalsSchema = z.strictObject({
  // The path only: a query string or fragment could carry personal data, so it is dropped.
  page: z
    .string()
    .max(200)
    .regex(PAGE)
    .transform((p) => p.replace(/[?#].*$/, '') || '/'),
  metrics: z.array(metricSchema).min(1).max(10),
});

type VitalsBeacon = z.output<typeof vitalsSchema>;

/** A short description of the first problem, for the 400 answer (never echoes values). */
function describeVitalsError(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'invalid body.';
  const where = issue.path.length ? issue.path.join('.') : 'body';
  return `${where}: ${issue.code.replace(/_/g, ' ')}.`;
}

/** Writes one beacon's metrics as rows of the vitals table (in the batcher's transaction). */
export function createVitalsStore(db: Db, batcher: WriteBatcher, now: () => number = Date.now) {
  const insert = db.prepare<[string, string, number, string | null, string | null, number]>(
    'INSERT INTO vitals (page, name, value, rating, navigation_type, created_at) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const write = (beacon: VitalsBeacon): number => {
    const at = now();
    for (const m of beacon.metrics) {
      insert.run(beacon.page, m.name, m.value, m.rating ?? null, m.navigationType?.slice(0, 40) ?? null, at);
    }
    return beacon.metrics.length;
  };
  return { save: (beacon: VitalsBeacon): Promise<number> => batcher.run(() => write(beacon)) };
}

type VitalsStore = ReturnType<typeof createVitalsStore>;

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

    vitals.post(VITALS_PATH, { config: { rateLimit: limits } }, async (request, reply) => {
      let body: unknown = request.body;
      if (body === undefined || body === '') return sendFailure(reply, 400, MESSAGES.emptyBody);
      if (typeof body === 'string' && (request.headers['content-type'] ?? '').toLowerCase().startsWith('text/plain')) {
        try {
          body = JSON.parse(body);
        } catch {
          return sendFailure(reply, 400, MESSAGES.invalidJson);
        }
      }
      const parsed = vitalsSchema.safeParse(body);
      if (!parsed.success) return sendFailure(reply, 400, MESSAGES.invalidVitals(describeVitalsError(parsed.error)));
      await store.save(parsed.data);
      return reply.code(204).send();
    });
  });
}
