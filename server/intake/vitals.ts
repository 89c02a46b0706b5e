import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { z } from 'zod';
import { NOT_FOUND_ROUTE, routeOfPageFile } from '../../contract/site-routes.ts';
import { pagesDir } from '../folders.ts';
import type { BuildMeta } from '../site-headers.ts';
import type { Db, WriteBatcher } from './database.ts';
import { sendFailure } from './guards.ts';
import { VITALS_PATH } from '../../contract/http.ts';
import { MESSAGES } from '../../contract/messages/en.ts';

/**
 * Field Web Vitals: the beacon's schema, storage in vitals.db (its own file, a daily cap
 * and a retention period, so vitals can never crowd out a lead), and POST /vitals.
 */

export { VITALS_PATH };

/** A web-vitals beacon: {page, metrics: [{name, value, rating?, id?, navigationType?}]}, 1–10 metrics. */

export const METRIC_NAMES = ['LCP', 'INP', 'CLS', 'FCP', 'TTFB'] as const;
const MAX_METRIC_VALUE = 600_000;

/**
 * The pages a beacon may name: the built site's routes (dist/build-meta.json), else the
 * page files under pages/, plus /404.
 */
export function siteRoutes(distDir: string): Set<string> {
  let routes: string[];
  try {
    routes = (JSON.parse(fs.readFileSync(path.join(distDir, 'build-meta.json'), 'utf8')) as BuildMeta).routes;
  } catch {
    routes = (fs.readdirSync(pagesDir, { recursive: true }) as string[])
      .filter((f) => f.endsWith('.html') && !f.split(path.sep).includes('partials'))
      .map(routeOfPageFile);
  }
  return new Set([...routes, NOT_FOUND_ROUTE]);
}

/** The path only (a query string or fragment could carry personal data), without a trailing slash. */
const pathOfPage = (page: string): string => page.replace(/[?#].*$/, '').replace(/(.)\/+$/, '$1') || '/';

const metricSchema = z.strictObject({
  name: z.enum(METRIC_NAMES),
  value: z.number().finite().min(0).lt(MAX_METRIC_VALUE),
  rating: z.enum(['good', 'needs-improvement', 'poor']).optional(),
  id: z.string().max(100).optional(),
  navigationType: z.string().max(40).optional(),
});

const vitalsSchema = (routes: ReadonlySet<string>) =>
  z.strictObject({
    page: z
      .string()
      .max(200)
      .transform(pathOfPage)
      .refine((p) => routes.has(p), 'not a page of this site'),
    metrics: z.array(metricSchema).min(1).max(10),
  });

type VitalsBeacon = z.output<ReturnType<typeof vitalsSchema>>;

/** A short description of the first problem, for the 400 answer (never echoes values). */
function describeVitalsError(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'invalid body.';
  const where = issue.path.length ? issue.path.join('.') : 'body';
  return `${where}: ${issue.code === 'custom' ? issue.message : issue.code.replace(/_/g, ' ')}.`;
}

const DAY_MS = 86_400_000;

/**
 * Writes one beacon's metrics as rows of vitals.db (in its own batcher's transaction), at
 * most `dailyCap` rows per UTC day: past the cap a beacon is dropped (and answered as
 * usual). `purge` deletes samples older than the retention period.
 */
export function createVitalsStore(
  db: Db,
  batcher: WriteBatcher,
  limits: { dailyCap: number; retentionDays: number },
  log: FastifyBaseLogger,
  now: () => number = Date.now,
) {
  const insert = db.prepare<[string, string, number, string | null, string | null, number]>(
    'INSERT INTO vitals (page, name, value, rating, navigation_type, created_at) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const countSince = db.prepare<[number], { n: number }>('SELECT COUNT(*) AS n FROM vitals WHERE created_at >= ?');
  const deleteBefore = db.prepare<[number]>('DELETE FROM vitals WHERE created_at < ?');
  let day = -1;
  let storedToday = 0;

  /** Reserves room for `n` samples today; false when the day's cap is reached. */
  function reserve(at: number, n: number): boolean {
    const today = Math.floor(at / DAY_MS);
    if (today !== day) {
      day = today;
      storedToday = countSince.get(today * DAY_MS)!.n;
    }
    if (storedToday + n > limits.dailyCap) {
      if (storedToday < limits.dailyCap + 1) log.warn({ dailyCap: limits.dailyCap }, 'vitals: daily cap reached, dropping beacons until tomorrow (UTC)');
      storedToday = Math.max(storedToday, limits.dailyCap + 1); // warn once a day
      return false;
    }
    storedToday += n;
    return true;
  }

  return {
    /** Resolves with the number of samples stored (0 when the day's cap is reached). */
    async save(beacon: VitalsBeacon): Promise<number> {
      const at = now();
      if (!reserve(at, beacon.metrics.length)) return 0;
      return batcher.run(() => {
        for (const m of beacon.metrics) {
          insert.run(beacon.page, m.name, m.value, m.rating ?? null, m.navigationType?.slice(0, 40) ?? null, at);
        }
        return beacon.metrics.length;
      });
    },
    /** Deletes samples past the retention period; resolves with how many. */
    purge(): Promise<number> {
      return batcher.run(() => deleteBefore.run(now() - limits.retentionDays * DAY_MS).changes);
    },
  };
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
  routes: ReadonlySet<string>,
  limits: { max: number; timeWindow: number },
): Promise<void> {
  const schema = vitalsSchema(routes);
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
      const parsed = schema.safeParse(body);
      if (!parsed.success) return sendFailure(reply, 400, MESSAGES.invalidVitals(describeVitalsError(parsed.error)));
      await store.save(parsed.data);
      return reply.code(204).send();
    });
  });
}
