import { z } from 'zod';
import type { FastifyBaseLogger } from 'fastify';
import { campaignOf, type Campaign } from '../../contract/campaign.ts';
import { isPartnerId } from '../../contract/partner-id.ts';
import type { Db, WriteBatcher } from '../store/sqlite.ts';

/**
 * The funnel: page views, form starts, sends and stored leads, counted per UTC day, page,
 * source, medium, campaign and partner in vitals.db. Counts only: no cookie, no identifier,
 * no IP address, no user agent, nothing a visitor typed is stored. Views, starts and sends
 * come with the vitals beacon (`beaconFunnel`); leads are counted here when one is stored.
 * The rules and the SQLite side are here; PostgreSQL's is funnel-postgres.ts.
 */

export const FUNNEL_EVENTS = ['view', 'start', 'send', 'lead'] as const;
export type FunnelEvent = (typeof FUNNEL_EVENTS)[number];

/** What a count is kept under. */
export interface FunnelKey {
  page: string;
  source: string;
  medium: string;
  campaign: string;
  partner: string;
}

/** The key of a page and a visit's campaign: the source is utm_source, else ref. */
export function funnelKey(page: string | null, campaign: Campaign, partner: string | null): FunnelKey {
  return {
    page: page ?? '',
    source: campaign.utm_source ?? campaign.ref ?? '',
    medium: campaign.utm_medium ?? '',
    campaign: campaign.utm_campaign ?? '',
    partner: partner ?? '',
  };
}

/**
 * A day holds at most this many keys (rows): past it, a new key counts under OVERFLOW_KEY, so
 * a flood of made-up campaigns, partners or pages cannot grow the table (or /_insight) without
 * bound. Each store keeps the day's number of keys in a row of its own (funnel_day_keys), so a
 * new key costs one upsert, never a count over the day.
 */
export const MAX_KEYS_PER_DAY = 2_000;
export const OTHER = '(other)';

const DAY_MS = 86_400_000;
export const utcDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

// The beacon's part.

/** `funnel` in a vitals beacon, sent by a form (widgets/lead-form/campaign.ts): {starts?, sends?}, each at most 1 (a beacon is one form's one event). */
export const funnelBeaconSchema = z.strictObject({
  starts: z.number().int().min(0).max(1).optional(),
  sends: z.number().int().min(0).max(1).optional(),
});

/** What a beacon's counts add up to, and the campaign and partner they are kept under. */
export interface FunnelBeacon extends Campaign {
  views?: number;
  starts?: number;
  sends?: number;
  partner?: string;
}

/** Navigation types (web-vitals) of a page load that is not a new view: a reload, and a back/forward-cache restore of a page already counted. */
const NOT_A_VIEW = new Set(['reload', 'back-forward-cache']);

/**
 * The counts a vitals beacon carries. A view: its TTFB sample, which the reporter
 * (widgets/page-scripts/vitals.ts) sends once per page load, in the load's first beacon,
 * unless the load is a reload or a back/forward-cache restore (a prerender's reporter runs only
 * once it is shown). Starts and sends: its `funnel`, from a form. The campaign and partner: the
 * query of its `page` (`/register?utm_source=qr`); nothing else of the query is kept.
 * Undefined when it counts nothing.
 */
export function beaconFunnel(
  rawPage: string,
  metrics: readonly { name: string; navigationType?: string }[],
  funnel?: z.output<typeof funnelBeaconSchema>,
): FunnelBeacon | undefined {
  const views = +metrics.some((m) => m.name === 'TTFB' && !NOT_A_VIEW.has(m.navigationType ?? ''));
  if (!views && !funnel?.starts && !funnel?.sends) return undefined;
  const query = new URLSearchParams(/\?([^#]*)/.exec(rawPage)?.[1] ?? '');
  const partner = query.get('partner')?.trim();
  return { views, starts: funnel?.starts ?? 0, sends: funnel?.sends ?? 0, ...campaignOf(query), ...(partner && isPartnerId(partner) ? { partner } : {}) };
}

// What counts.

type Headers = Record<string, string | string[] | undefined>;
const header = (headers: Headers, name: string): string => {
  const value = headers[name];
  return (Array.isArray(value) ? value[0] : value) ?? '';
};

/**
 * User agents that are not a person at a browser: crawlers, link previews, monitors,
 * audits (Lighthouse, PageSpeed), headless and automated browsers as they announce
 * themselves, and HTTP libraries.
 */
const NOT_A_PERSON =
  /bot\b|bot\/|crawl|spider|slurp|archiver|preview|facebookexternalhit|headless|lighthouse|pagespeed|gtmetrix|pingdom|uptime|monitor|phantomjs|selenium|puppeteer|playwright|curl\/|wget\/|python|java\/|go-http|okhttp|node|undici|axios|libwww|httpclient/i;

/** True for a browser user agent that names no bot (the user agent is read here and never stored). */
export function isPersonAgent(userAgent: string): boolean {
  return userAgent.startsWith('Mozilla/') && !NOT_A_PERSON.test(userAgent);
}

/**
 * A beacon counts when a page sent it: a browser's `navigator.sendBeacon` (Fetch metadata
 * `Sec-Fetch-Mode: no-cors`, `Sec-Fetch-Dest: empty`, which scripts and HTTP libraries do not
 * send), not while prerendering (`Sec-Purpose: …prerender`), from a person's user agent.
 * A determined script can forge all of it: this keeps the counts clean of crawlers,
 * monitors, audits and the service's own checks, it is not a defence.
 */
export function isCountableBeacon(headers: Headers): boolean {
  return (
    header(headers, 'sec-fetch-mode') === 'no-cors' &&
    header(headers, 'sec-fetch-dest') === 'empty' &&
    !/prerender/i.test(header(headers, 'sec-purpose')) &&
    isPersonAgent(header(headers, 'user-agent'))
  );
}

/** A stored lead counts when a person's browser sent it (the lead itself is stored either way). */
export const isCountableLead = (headers: Headers): boolean => isPersonAgent(header(headers, 'user-agent'));

// Storage.

export type FunnelEvents = Partial<Record<FunnelEvent, number>>;

/** What a page's beacon adds, and under which key. */
export const beaconCounts = (page: string, beacon: FunnelBeacon): [FunnelKey, FunnelEvents] => [
  funnelKey(page, beacon, beacon.partner ?? null),
  { view: beacon.views ?? 0, start: beacon.starts ?? 0, send: beacon.sends ?? 0 },
];

/** The one key every count takes once a day holds MAX_KEYS_PER_DAY keys: (other) in every column. */
export const OVERFLOW_KEY: FunnelKey = { page: OTHER, source: OTHER, medium: OTHER, campaign: OTHER, partner: OTHER };

export const FULL_DAY_WARNING = 'funnel: the day holds its most keys; new pages, campaigns and partners count as (other) until tomorrow (UTC)';

/** The funnel as each store keeps it (store.ts). */
export interface FunnelStore {
  /** Adds counts under one key; resolves once committed. */
  count(key: FunnelKey, events: FunnelEvents): Promise<void>;
  /** Deletes days past the retention period; resolves with how many rows. */
  purge(): Promise<number>;
  read: FunnelReader;
}

/** The totals the CLI and /_insight show. */
export interface FunnelReader {
  by(by: FunnelDimension, period?: FunnelPeriod): Promise<FunnelRow[]>;
  total(period?: FunnelPeriod): Promise<FunnelCounts & FunnelRates>;
  byWeek(period?: FunnelPeriod): Promise<FunnelWeek[]>;
}

export function createFunnelStore(db: Db, batcher: WriteBatcher, limits: { retentionDays: number }, log: FastifyBaseLogger, now: () => number = Date.now) {
  const upsert = db.prepare<[string, string, string, string, string, string, string, number]>(
    `INSERT INTO funnel_counts (day, page, source, medium, campaign, partner, event, count) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (day, page, source, medium, campaign, partner, event) DO UPDATE SET count = count + excluded.count`,
  );
  const exists = db.prepare<[string, string, string, string, string, string, string], { one: number }>(
    'SELECT 1 AS one FROM funnel_counts WHERE day = ? AND page = ? AND source = ? AND medium = ? AND campaign = ? AND partner = ? AND event = ?',
  );
  // Takes a place for a new key in the day's count; no row back: the day is full.
  const takePlace = db.prepare<[string, number], { key_count: number }>(
    `INSERT INTO funnel_day_keys (day, key_count) VALUES (?, 1)
     ON CONFLICT (day) DO UPDATE SET key_count = key_count + 1 WHERE key_count < ? RETURNING key_count`,
  );
  const deleteBefore = db.prepare<[string]>('DELETE FROM funnel_counts WHERE day < ?');
  const deleteDaysBefore = db.prepare<[string]>('DELETE FROM funnel_day_keys WHERE day < ?');
  let warnedDay = '';

  function add(day: string, key: FunnelKey, event: FunnelEvent, n: number): void {
    let k = key;
    const columns = (x: FunnelKey) => [day, x.page, x.source, x.medium, x.campaign, x.partner, event] as const;
    if (!exists.get(...columns(k)) && !takePlace.get(day, MAX_KEYS_PER_DAY)) {
      k = OVERFLOW_KEY;
      if (warnedDay !== day) log.warn({ maxKeysPerDay: MAX_KEYS_PER_DAY }, FULL_DAY_WARNING);
      warnedDay = day;
    }
    upsert.run(...columns(k), n);
  }

  /** Adds counts under one key; resolves once committed. */
  function count(key: FunnelKey, events: FunnelEvents): Promise<void> {
    const day = utcDay(now());
    return batcher.run(() => {
      for (const event of FUNNEL_EVENTS) {
        const n = events[event] ?? 0;
        if (n > 0) add(day, key, event, n);
      }
    });
  }

  return {
    count,
    /** The counts of a page's beacon. */
    countBeacon(page: string, beacon: FunnelBeacon): Promise<void> {
      return count(...beaconCounts(page, beacon));
    },
    /** Deletes days past the retention period; resolves with how many rows. */
    purge(): Promise<number> {
      const first = funnelRetentionDay(limits.retentionDays, now());
      return batcher.run(() => {
        deleteDaysBefore.run(first);
        return deleteBefore.run(first).changes;
      });
    },
    read: sqliteFunnelReader(db),
  };
}

/** The first day kept. */
export const funnelRetentionDay = (retentionDays: number, now: number): string => utcDay(now - retentionDays * DAY_MS);

/** The reader over vitals.db. */
export const sqliteFunnelReader = (db: Db): FunnelReader => ({
  by: async (by, period) => funnelBy(db, by, period),
  total: async (period) => funnelTotal(db, period),
  byWeek: async (period) => funnelByWeek(db, period),
});

// Reading: the totals the CLI and /_insight show.

export const FUNNEL_DIMENSIONS = ['page', 'source', 'campaign', 'partner'] as const;
export type FunnelDimension = (typeof FUNNEL_DIMENSIONS)[number];

/** How many of each event: views, starts, sends, leads. */
export type FunnelCounts = Record<`${FunnelEvent}s`, number>;
export interface FunnelRates {
  /** starts / views */
  startRate: number | null;
  /** sends / starts */
  sendRate: number | null;
  /** leads / sends */
  leadRate: number | null;
  /** leads / views */
  conversion: number | null;
}
export type FunnelRow = { key: string } & FunnelCounts & FunnelRates;
export type FunnelWeek = { week: string } & FunnelCounts;

/** Days, inclusive, as YYYY-MM-DD (UTC). */
export interface FunnelPeriod {
  since?: string;
  until?: string;
}

/** What an empty key column is shown as, per dimension. */
export const NONE: Record<FunnelDimension, string> = { page: '(other site)', source: '(direct)', campaign: '(none)', partner: '(none)' };

const ratio = (a: number, b: number): number | null => (b > 0 ? a / b : null);
export function withRates<T extends FunnelCounts>(c: T): T & FunnelRates {
  return {
    ...c,
    startRate: ratio(c.starts, c.views),
    sendRate: ratio(c.sends, c.starts),
    leadRate: ratio(c.leads, c.sends),
    conversion: ratio(c.leads, c.views),
  };
}

/** The period as a WHERE clause; `placeholder(n)` is the n-th parameter's (1-based) marker in the dialect. */
export function where(period: FunnelPeriod, placeholder: (n: number) => string = () => '?'): { sql: string; params: string[] } {
  const parts: string[] = [];
  const params: string[] = [];
  if (period.since) {
    params.push(period.since);
    parts.push(`day >= ${placeholder(params.length)}`);
  }
  if (period.until) {
    params.push(period.until);
    parts.push(`day <= ${placeholder(params.length)}`);
  }
  return { sql: parts.length ? `WHERE ${parts.join(' AND ')}` : '', params };
}

export const SUMS = `SUM(CASE event WHEN 'view' THEN count ELSE 0 END) AS views,
  SUM(CASE event WHEN 'start' THEN count ELSE 0 END) AS starts,
  SUM(CASE event WHEN 'send' THEN count ELSE 0 END) AS sends,
  SUM(CASE event WHEN 'lead' THEN count ELSE 0 END) AS leads`;

/** The period's counts and rates per page, source, campaign or partner: the most viewed first. */
export function funnelBy(db: Db, by: FunnelDimension, period: FunnelPeriod = {}): FunnelRow[] {
  const w = where(period);
  // `by` is one of FUNNEL_DIMENSIONS, a column name.
  const rows = db.prepare(`SELECT ${by} AS key, ${SUMS} FROM funnel_counts ${w.sql} GROUP BY ${by}`).all(...w.params) as ({ key: string } & FunnelCounts)[];
  return funnelRows(by, rows);
}

/** Rows of one dimension with their rates, the most viewed first. */
export function funnelRows(by: FunnelDimension, rows: readonly ({ key: string } & FunnelCounts)[]): FunnelRow[] {
  return rows
    .map((r) => withRates({ ...r, key: r.key || NONE[by] }))
    .sort((a, b) => b.views - a.views || b.leads - a.leads || a.key.localeCompare(b.key));
}

/** The period's totals. */
export function funnelTotal(db: Db, period: FunnelPeriod = {}): FunnelCounts & FunnelRates {
  const w = where(period);
  const row = db.prepare(`SELECT ${SUMS} FROM funnel_counts ${w.sql}`).get(...w.params) as { [K in keyof FunnelCounts]: number | null };
  return withRates({ views: row.views ?? 0, starts: row.starts ?? 0, sends: row.sends ?? 0, leads: row.leads ?? 0 });
}
/** Totals of nothing counted. */
funnelTotal.empty = (): FunnelCounts & FunnelRates => withRates({ views: 0, starts: 0, sends: 0, leads: 0 });

/** The ISO 8601 week of a UTC day, e.g. "2026-W48". */
export function isoWeekOfDay(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  const weekday = (d.getUTCDay() + 6) % 7; // Monday 0
  const thursday = new Date(d.getTime() + (3 - weekday) * DAY_MS);
  const year = thursday.getUTCFullYear();
  const week = 1 + Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / (7 * DAY_MS));
  return `${year}-W${String(week).padStart(2, '0')}`;
}

/** The period's counts per ISO week, oldest first. */
export function funnelByWeek(db: Db, period: FunnelPeriod = {}): FunnelWeek[] {
  const w = where(period);
  const days = db.prepare(`SELECT day, ${SUMS} FROM funnel_counts ${w.sql} GROUP BY day ORDER BY day`).all(...w.params) as ({ day: string } & FunnelCounts)[];
  return weeksOfDays(days);
}

/** Days' counts (oldest first) summed per ISO week. */
export function weeksOfDays(days: readonly ({ day: string } & FunnelCounts)[]): FunnelWeek[] {
  const weeks = new Map<string, FunnelWeek>();
  for (const d of days) {
    const week = isoWeekOfDay(d.day);
    const c = weeks.get(week) ?? { week, views: 0, starts: 0, sends: 0, leads: 0 };
    c.views += d.views;
    c.starts += d.starts;
    c.sends += d.sends;
    c.leads += d.leads;
    weeks.set(week, c);
  }
  return [...weeks.values()];
}
