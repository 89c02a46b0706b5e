import { createHmac, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { routeOfPath } from '../../contract/site-routes.ts';
import type { Db, WriteBatcher } from '../store/sqlite.ts';
import { beaconFunnel, funnelBeaconSchema, type FunnelBeacon } from '../funnel/funnel.ts';
import { sendFailure } from '../http/guards.ts';
import { clientNetwork } from '../http/client-network.ts';
import { VITALS_PATH } from '../../contract/http.ts';
import { MESSAGES } from '../../contract/messages/en.ts';

/**
 * Field Web Vitals: the beacon's schema, storage in vitals.db (its own file, a daily cap
 * and a retention period, so vitals can never crowd out a lead), and POST /vitals.
 */

export { VITALS_PATH };

/** A web-vitals beacon: {page, metrics: [{name, value, rating?, id?, navigationType?}], funnel?: {starts?, sends?}}, each metric at most once; `page` may carry the page's query. */

export const METRIC_NAMES = ['LCP', 'INP', 'CLS', 'FCP', 'TTFB'] as const;
const MAX_METRIC_VALUE = 600_000;

/** The path only (of the query only the funnel's campaign and partner are read, funnel.ts: the rest could carry personal data). */
const pathOfPage = (page: string): string => page.replace(/[?#].*$/, '') || '/';

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
      .max(2000) // the path, and the query the funnel takes its campaign from (funnel.ts)
      .transform((page) => routeOfPath(pathOfPage(page), routes) ?? '')
      .refine((route) => route !== '', 'not a page of this site'),
    metrics: z
      .array(metricSchema)
      .max(10)
      .refine((metrics) => new Set(metrics.map((m) => m.name)).size === metrics.length, 'each metric at most once'),
    /** A form's starts and sends (funnel.ts); a beacon may carry them alone. */
    funnel: funnelBeaconSchema.optional(),
  }).refine((b) => b.metrics.length > 0 || b.funnel !== undefined, { message: 'no metrics', path: ['metrics'] });

export type VitalsBeacon = z.output<ReturnType<typeof vitalsSchema>>;

/** A short description of the first problem, for the 400 answer (never echoes values). */
function describeVitalsError(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'invalid body.';
  const where = issue.path.length ? issue.path.join('.') : 'body';
  return `${where}: ${issue.code === 'custom' ? issue.message : issue.code.replace(/_/g, ' ')}.`;
}

export const DAY_MS = 86_400_000;

/** Of the day's cap, the most one client may take: 1 %, and at least one beacon of every metric. */
export const clientDailyShare = (dailyCap: number): number => Math.max(METRIC_NAMES.length, Math.floor(dailyCap / 100));

/**
 * How many samples each client stored today, in memory only and never with its address:
 * a client is known by an HMAC of its network under a random key made each UTC day, and
 * the counts and the key are dropped at midnight UTC (and on restart). An entry is made
 * only for a stored beacon, so there are never more entries than the day's cap.
 */
export function createClientShares(max: number) {
  let day = -1;
  let key = randomBytes(32);
  let stored = new Map<string, number>();
  return {
    /** The client's id today, or null when `n` more samples would take it past its share. */
    room(address: string, n: number, at: number): string | null {
      const today = Math.floor(at / DAY_MS);
      if (today !== day) {
        day = today;
        key = randomBytes(32);
        stored = new Map();
      }
      const id = createHmac('sha256', key).update(clientNetwork(address)).digest('base64url');
      return (stored.get(id) ?? 0) + n <= max ? id : null;
    },
    take(id: string, n: number): void {
      stored.set(id, (stored.get(id) ?? 0) + n);
    },
  };
}

/**
 * Writes one beacon's metrics as rows of vitals.db (in its own batcher's transaction), at
 * most `dailyCap` rows per UTC day, and at most a small share of them (clientDailyShare)
 * from one client: past either a beacon is dropped (and answered as usual). `purge`
 * deletes samples older than the retention period.
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
  const shares = createClientShares(clientDailyShare(limits.dailyCap));
  let day = -1;
  let storedToday = 0;
  let shareWarnedDay = -1;

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
    /** Resolves with the number of samples stored (0 when the client's share or the day's cap is reached). */
    async save(beacon: VitalsBeacon, clientAddress: string): Promise<number> {
      const at = now();
      const n = beacon.metrics.length;
      const client = shares.room(clientAddress, n, at);
      if (client === null) {
        const today = Math.floor(at / DAY_MS);
        if (shareWarnedDay !== today) log.info({ clientDailyShare: clientDailyShare(limits.dailyCap) }, 'vitals: a client reached its daily share; its beacons are dropped until tomorrow (UTC)');
        shareWarnedDay = today;
        return 0;
      }
      if (!reserve(at, n)) return 0;
      shares.take(client, n);
      return batcher.run(() => {
        for (const m of beacon.metrics) {
          insert.run(beacon.page, m.name, m.value, m.rating ?? null, m.navigationType?.slice(0, 40) ?? null, at);
        }
        return n;
      });
    },
    /** Deletes samples past the retention period; resolves with how many. */
    purge(): Promise<number> {
      return batcher.run(() => deleteBefore.run(now() - limits.retentionDays * DAY_MS).changes);
    },
  };
}

/** What the service keeps of field vitals: its part of the store (store.ts), in SQLite (above) or PostgreSQL (vitals-postgres.ts). */
export interface VitalsStore {
  /** Stores a beacon unless its client has used its daily share or the day's cap is reached; resolves with the samples stored. */
  save(beacon: VitalsBeacon, clientAddress: string): Promise<number>;
  /** Deletes samples past the retention period. */
  purge(): Promise<number>;
}

/**
 * POST /vitals for navigator.sendBeacon: accepts application/json and text/plain (a
 * beacon with a string body is sent as text/plain;charset=UTF-8, which needs no
 * preflight) and parses the JSON itself. The text/plain parser lives in this nested
 * context only, so the lead routes still refuse text/plain with 415. Answers 204.
 */
export async function registerVitalsRoutes(
  app: FastifyInstance,
  store: Pick<VitalsStore, 'save'>,
  routes: ReadonlySet<string>,
  limits: { max: number; timeWindow: number },
  /** Called with a beacon's funnel counts and the request's headers (to tell a page from a script). */
  onFunnel?: (page: string, funnel: FunnelBeacon, headers: FastifyRequest['headers']) => Promise<void>,
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
      if (parsed.data.metrics.length) await store.save(parsed.data, request.ip);
      // Counted whether or not the day's cap kept the metrics (the counts are not samples).
      const funnel = onFunnel && beaconFunnel((body as { page: string }).page, parsed.data.metrics, parsed.data.funnel);
      if (funnel) await onFunnel(parsed.data.page, funnel, request.headers);
      return reply.code(204).send();
    });
  });
}
