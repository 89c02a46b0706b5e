import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { escapeHtml } from './html-text.ts';
import {
  FUNNEL_DIMENSIONS,
  utcDay,
  type FunnelReader,
  type FunnelWeek,
  type FunnelCounts,
  type FunnelDimension,
  type FunnelPeriod,
  type FunnelRates,
  type FunnelRow,
} from './funnel.ts';

/**
 * GET /_insight: the funnel for the people who run the site, one server-rendered page
 * (no script, no framework): a chart per week (inline SVG) and a table per page, source,
 * campaign and partner. Off unless INSIGHT_TOKEN is set; then only with it, as
 * `Authorization: Bearer <token>` or `?token=<token>`. Anything else answers the site's
 * plain 404, so the page is not there for anyone without the token. Never cached, never
 * indexed, linked from nowhere.
 */

export const INSIGHT_PATH = '/_insight';
const DAY_MS = 86_400_000;
/** The period shown: the last 12 weeks (84 UTC days, today included). */
const DAYS_SHOWN = 84;

const digest = (text: string) => createHash('sha256').update(text).digest();

/** True when the request carries the token (compared in constant time, whatever its length). */
export function hasToken(request: FastifyRequest, token: string): boolean {
  const auth = request.headers.authorization;
  const bearer = typeof auth === 'string' && /^Bearer /i.test(auth) ? auth.slice(7).trim() : undefined;
  const query = (request.query as Record<string, unknown> | undefined)?.token;
  const given = bearer ?? (typeof query === 'string' ? query : undefined);
  return given !== undefined && timingSafeEqual(digest(given), digest(token));
}

const percent = (rate: number | null): string => (rate === null ? '–' : `${(rate * 100).toFixed(1)}%`);

const TITLES: Record<FunnelDimension, string> = { page: 'Per page', source: 'Per source', campaign: 'Per campaign', partner: 'Per partner' };
const EVENTS = [
  ['views', 'Views', '#9db4d6'],
  ['starts', 'Starts', '#5b82b8'],
  ['sends', 'Sends', '#2d5a94'],
  ['leads', 'Leads', '#0f7a3d'],
] as const;

function table(by: FunnelDimension, rows: readonly FunnelRow[], total: FunnelCounts & FunnelRates): string {
  const cells = (r: FunnelCounts & FunnelRates) =>
    [r.views, r.starts, r.sends, r.leads].map((n) => `<td>${n}</td>`).join('') +
    [r.startRate, r.sendRate, r.leadRate, r.conversion].map((x) => `<td>${percent(x)}</td>`).join('');
  const body = rows.map((r) => `<tr><th scope="row">${escapeHtml(r.key)}</th>${cells(r)}</tr>`).join('');
  return `<section aria-labelledby="by-${by}"><h2 id="by-${by}">${TITLES[by]}</h2><div class="scroll"><table data-by="${by}">
<thead><tr><th scope="col">${by}</th><th scope="col">Views</th><th scope="col">Starts</th><th scope="col">Sends</th><th scope="col">Leads</th><th scope="col">Start rate</th><th scope="col">Send rate</th><th scope="col">Lead rate</th><th scope="col">Conversion</th></tr></thead>
<tbody>${body || '<tr><td colspan="9">Nothing counted.</td></tr>'}</tbody>
<tfoot><tr><th scope="row">Total</th>${cells(total)}</tr></tfoot></table></div></section>`;
}

/** Grouped bars per week: views, starts, sends, leads, on one scale (the busiest week's views). */
function chart(weeks: readonly FunnelWeek[]): string {
  if (weeks.length === 0) return '<p>Nothing counted in these weeks yet.</p>';
  const max = Math.max(1, ...weeks.map((w) => Math.max(w.views, w.starts, w.sends, w.leads)));
  const bar = 8;
  const group = bar * EVENTS.length + 12;
  const height = 120;
  const width = weeks.length * group + 8;
  const bars = weeks
    .map((w, i) => {
      const x0 = 4 + i * group;
      const rects = EVENTS.map(([key, label, colour], j) => {
        const h = Math.round((w[key] / max) * height);
        return `<rect x="${x0 + j * bar}" y="${height - h}" width="${bar - 1}" height="${h}" fill="${colour}"><title>${w.week}: ${w[key]} ${label.toLowerCase()}</title></rect>`;
      }).join('');
      return `${rects}<text x="${x0}" y="${height + 14}" font-size="9">${w.week.slice(5)}</text>`;
    })
    .join('');
  const legend = EVENTS.map(([, label, colour]) => `<span><i style="background:${colour}"></i>${label}</span>`).join(' ');
  const summary = weeks.map((w) => `${w.week}: ${w.views} views, ${w.starts} starts, ${w.sends} sends, ${w.leads} leads`).join('; ');
  return `<figure><svg viewBox="0 0 ${width} ${height + 20}" width="100%" role="img" aria-label="${escapeHtml(summary)}">${bars}</svg><figcaption class="legend">${legend}</figcaption></figure>`;
}

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;margin:0 auto;padding:12px;max-width:60rem;color:#1a1a1a}
h1{font-size:1.4rem;margin:0 0 4px}h2{font-size:1.1rem;margin:24px 0 8px}p{margin:0 0 8px}
.scroll{overflow-x:auto}table{border-collapse:collapse;font-size:14px;font-variant-numeric:tabular-nums}
th,td{padding:4px 8px;border-bottom:1px solid #ddd;text-align:right;white-space:nowrap}th[scope=row],thead th:first-child{text-align:left;max-width:16rem;overflow:hidden;text-overflow:ellipsis}
tfoot th,tfoot td{font-weight:700}figure{margin:0}svg{max-width:40rem;display:block}
.legend span{margin-right:12px;font-size:14px}.legend i{display:inline-block;width:10px;height:10px;margin-right:4px}`;

export async function insightPage(funnel: FunnelReader, now: number): Promise<string> {
  const period: FunnelPeriod = { since: utcDay(now - (DAYS_SHOWN - 1) * DAY_MS), until: utcDay(now) };
  const [total, weeks, ...byDimension] = await Promise.all([funnel.total(period), funnel.byWeek(period), ...FUNNEL_DIMENSIONS.map((by) => funnel.by(by, period))]);
  const sections = FUNNEL_DIMENSIONS.map((by, i) => table(by, byDimension[i] as FunnelRow[], total as FunnelCounts & FunnelRates)).join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow"><title>Funnel</title><style>${STYLE}</style></head>
<body><main><h1>Funnel</h1>
<p>Page views, form starts, sends and stored leads, ${period.since} to ${period.until} (UTC days). Counts only: no cookie, nothing that identifies a visitor.</p>
<h2>Per week</h2>${chart(weeks as FunnelWeek[])}
${sections}
</main></body></html>
`;
}

/** Registers GET /_insight when a token is configured; without one the route does not exist (the site's 404). */
export function registerInsightRoute(app: FastifyInstance, options: { token: string | undefined; funnel: FunnelReader; now?: () => number }): void {
  const { token, funnel } = options;
  if (!token) return;
  const now = options.now ?? Date.now;
  app.get(INSIGHT_PATH, async (request, reply) => {
    reply.header('Cache-Control', 'no-store').header('X-Robots-Tag', 'noindex, nofollow').header('Referrer-Policy', 'no-referrer');
    if (!hasToken(request, token)) return reply.callNotFound();
    return reply
      .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'")
      .header('X-Content-Type-Options', 'nosniff')
      .type('text/html; charset=utf-8')
      .send(await insightPage(funnel, now()));
  });
}
