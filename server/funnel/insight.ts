import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { clientNetwork } from '../http/client-network.ts';
import { escapeHtml } from '../http/html-text.ts';
import type { ServerConfig } from '../config.ts';
import {
  FUNNEL_DIMENSIONS,
  utcDay,
  withRates,
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
 * campaign and partner. Off unless INSIGHT_TOKEN is set; then only for a request that carries
 * the token in `Authorization: Bearer <token>`, or the short-lived cookie that posting the
 * token from the sign-in form (GET /_insight/sign-in → POST /_insight) sets. Never in the
 * address, where a proxy's access log would keep it.
 *
 * Without a credential the answer is the site's own 404, byte for byte (nothing is set
 * before the check). A wrong one answers as a missing one, and counts: a client (an IPv4
 * address or an IPv6 /64) that has tried MAX_WRONG_TOKENS wrong ones in an hour gets 429
 * for any credential until the hour is over. The sign-in form and its POST exist whether or
 * not INSIGHT_TOKEN is set (off, every token is wrong), so neither tells whether it is on.
 * Never cached, never indexed, linked from nowhere; a failure to read the counts answers 503
 * with a sentence, never the error.
 */

export const INSIGHT_PATH = '/_insight';
export const INSIGHT_SIGN_IN_PATH = '/_insight/sign-in';
/** The cookie a right token posted to /_insight sets, and how long it is good for. */
const INSIGHT_COOKIE = 'insight';
export const INSIGHT_SESSION_MS = 30 * 60_000;
/** Wrong tokens a client may try per WRONG_TOKEN_WINDOW_MS; past that, 429. */
export const MAX_WRONG_TOKENS = 20;
const WRONG_TOKEN_WINDOW_MS = 60 * 60_000;
/** Rows each table shows, the most viewed first; the rest are summed into one row. */
const ROWS_SHOWN = 50;

const DAY_MS = 86_400_000;
/** The period shown: the last 12 weeks (84 UTC days, today included). */
const DAYS_SHOWN = 84;

const digest = (text: string) => createHash('sha256').update(text).digest();
const sameText = (a: string, b: string) => timingSafeEqual(digest(a), digest(b));

/** What a request to /_insight carries: no credential, a right one, or a wrong one. */
type Credential = 'none' | 'right' | 'wrong';

/**
 * The token's checks: the bearer header, the session cookie (expiry and HMAC under the token,
 * so a cookie is worth nothing once the token changes), the posted form; and the count of
 * wrong tries per client, in memory (each instance counts its own), never with an address:
 * a client is known by an HMAC of its network under a key made at start.
 */
export function createInsightAccess(token: string | undefined, now: () => number = Date.now) {
  const sign = (expires: number) => createHmac('sha256', token ?? '').update(`insight-session:${expires}`).digest('base64url');
  const clientKey = randomBytes(32);
  const wrongTries = new Map<string, { count: number; windowEnds: number }>();
  const clientOf = (address: string) => createHmac('sha256', clientKey).update(clientNetwork(address)).digest('base64url');
  const isToken = (given: string) => token !== undefined && sameText(given, token);

  function cookieOf(request: FastifyRequest): string | undefined {
    const header = request.headers.cookie;
    for (const part of (typeof header === 'string' ? header : '').split(';')) {
      const [name, value] = part.trim().split('=', 2);
      if (name === INSIGHT_COOKIE && value) return value;
    }
    return undefined;
  }

  function triesOf(address: string) {
    const id = clientOf(address);
    const at = now();
    let tries = wrongTries.get(id);
    if (!tries || tries.windowEnds <= at) {
      if (wrongTries.size >= 10_000) for (const [key, t] of wrongTries) if (t.windowEnds <= at) wrongTries.delete(key);
      tries = { count: 0, windowEnds: at + WRONG_TOKEN_WINDOW_MS };
      wrongTries.set(id, tries);
    }
    return tries;
  }

  return {
    /** The header's or the cookie's credential (GET /_insight). */
    credential(request: FastifyRequest): Credential {
      const auth = request.headers.authorization;
      if (typeof auth === 'string' && /^Bearer\s/i.test(auth)) return isToken(auth.slice(7).trim()) ? 'right' : 'wrong';
      const cookie = cookieOf(request);
      if (cookie === undefined) return 'none';
      const [expires = '', mac = ''] = cookie.split('.', 2);
      if (token === undefined || !/^\d+$/.test(expires) || !sameText(mac, sign(Number(expires)))) return 'wrong';
      return Number(expires) > now() ? 'right' : 'none'; // an expired session of ours is no guess
    },
    /** The posted form's credential (POST /_insight). */
    posted: (given: unknown): Credential => (typeof given !== 'string' || given === '' ? 'none' : isToken(given) ? 'right' : 'wrong'),
    /** True once the client has used its wrong tries; then it waits `retryAfterS` seconds. */
    locked(address: string): { retryAfterS: number } | undefined {
      const tries = triesOf(address);
      return tries.count >= MAX_WRONG_TOKENS ? { retryAfterS: Math.ceil((tries.windowEnds - now()) / 1000) } : undefined;
    },
    wrong(address: string): void {
      triesOf(address).count++;
    },
    /** The Set-Cookie of a new session. */
    sessionCookie(secure: boolean): string {
      const expires = now() + INSIGHT_SESSION_MS;
      return `${INSIGHT_COOKIE}=${expires}.${sign(expires)}; Path=${INSIGHT_PATH}; Max-Age=${INSIGHT_SESSION_MS / 1000}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
    },
  };
}

const percent = (rate: number | null): string => (rate === null ? '–' : `${(rate * 100).toFixed(1)}%`);

const TITLES: Record<FunnelDimension, string> = { page: 'Per page', source: 'Per source', campaign: 'Per campaign', partner: 'Per partner' };
const EVENTS = [
  ['views', 'Views', '#9db4d6'],
  ['starts', 'Starts', '#5b82b8'],
  ['sends', 'Sends', '#2d5a94'],
  ['leads', 'Leads', '#0f7a3d'],
] as const;

/** The first ROWS_SHOWN rows, and the rest summed into one row ("N more"): a day holds at most MAX_KEYS_PER_DAY keys, twelve weeks many more. */
function shownRows(rows: readonly FunnelRow[]): FunnelRow[] {
  if (rows.length <= ROWS_SHOWN) return [...rows];
  const rest = rows.slice(ROWS_SHOWN);
  const sum = (k: keyof FunnelCounts) => rest.reduce((n, r) => n + r[k], 0);
  return [...rows.slice(0, ROWS_SHOWN), withRates({ key: `${rest.length} more`, views: sum('views'), starts: sum('starts'), sends: sum('sends'), leads: sum('leads') })];
}

function table(by: FunnelDimension, rows: readonly FunnelRow[], total: FunnelCounts & FunnelRates): string {
  const cells = (r: FunnelCounts & FunnelRates) =>
    [r.views, r.starts, r.sends, r.leads].map((n) => `<td>${n}</td>`).join('') +
    [r.startRate, r.sendRate, r.leadRate, r.conversion].map((x) => `<td>${percent(x)}</td>`).join('');
  const body = shownRows(rows).map((r) => `<tr><th scope="row">${escapeHtml(r.key)}</th>${cells(r)}</tr>`).join('');
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
  const sections = FUNNEL_DIMENSIONS.map((by, i) => table(by, byDimension[i] as FunnelRow[], total)).join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow"><title>Funnel</title><style>${STYLE}</style></head>
<body><main><h1>Funnel</h1>
<p>Page views, form starts, sends and stored leads, ${period.since} to ${period.until} (UTC days). Counts only: no cookie, nothing that identifies a visitor.</p>
<h2>Per week</h2>${chart(weeks)}
${sections}
</main></body></html>
`;
}

const SIGN_IN_PAGE = (message: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow"><title>Funnel: sign in</title><style>${STYLE}label,input,button{display:block;font:inherit;margin:8px 0}input{width:100%;max-width:30rem}</style></head>
<body><main><h1>Funnel</h1>${message ? `<p role="alert">${message}</p>` : ''}
<form method="post" action="${INSIGHT_PATH}"><label for="token">Token (INSIGHT_TOKEN)</label><input id="token" name="token" type="password" autocomplete="current-password" required><button>Open the funnel</button></form>
<p>It opens for ${INSIGHT_SESSION_MS / 60_000} minutes in this browser.</p>
</main></body></html>
`;

/** What every page of /_insight sends besides its body: never cached, never indexed, no script, no frame. */
const PAGE_HEADERS = {
  'Cache-Control': 'no-store',
  'X-Robots-Tag': 'noindex, nofollow',
  'Referrer-Policy': 'no-referrer',
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'",
  'X-Content-Type-Options': 'nosniff',
};

const TOO_MANY = 'Too many wrong tokens from your network. Try again in an hour.';
const UNAVAILABLE = 'The funnel cannot be read right now: its database did not answer. Try again in a minute.';

function tooMany(reply: FastifyReply, retryAfterS: number): FastifyReply {
  return reply.code(429).headers(PAGE_HEADERS).header('Retry-After', String(retryAfterS)).type('text/plain; charset=utf-8').send(TOO_MANY);
}

/**
 * GET /_insight (the page), GET /_insight/sign-in (the form) and POST /_insight (the form's
 * token: a right one sets the session cookie and goes to the page, 303). In a context of their
 * own: the form's body parser and the error handler (503 with a sentence) are theirs alone.
 */
export async function registerInsightRoutes(
  app: FastifyInstance,
  options: { token: string | undefined; funnel: FunnelReader; secureCookie: boolean; now?: () => number },
): Promise<void> {
  const { token, funnel } = options;
  const now = options.now ?? Date.now;
  const access = createInsightAccess(token, now);
  await app.register(async (insight) => {
    insight.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) =>
      done(null, new URLSearchParams(body as string)),
    );
    insight.setErrorHandler((error: FastifyError, request, reply) => {
      if (typeof error.statusCode === 'number' && error.statusCode < 500) return reply.code(error.statusCode).type('text/plain; charset=utf-8').send(error.message);
      request.log.error({ err: { type: error.name, code: error.code } }, 'insight: the funnel could not be read');
      return reply.code(503).headers(PAGE_HEADERS).header('Retry-After', '60').type('text/plain; charset=utf-8').send(UNAVAILABLE);
    });

    insight.get(INSIGHT_PATH, async (request, reply) => {
      // Nothing is set on the reply before this: without a credential it is the site's own 404.
      const credential = access.credential(request);
      if (credential === 'none') return reply.callNotFound();
      const locked = access.locked(request.ip);
      if (locked) return tooMany(reply, locked.retryAfterS);
      if (credential === 'wrong') {
        access.wrong(request.ip);
        return reply.callNotFound();
      }
      const page = await insightPage(funnel, now());
      return reply.headers(PAGE_HEADERS).type('text/html; charset=utf-8').send(page);
    });

    insight.get(INSIGHT_SIGN_IN_PATH, async (_request, reply) => reply.headers(PAGE_HEADERS).type('text/html; charset=utf-8').send(SIGN_IN_PAGE('')));

    insight.post(INSIGHT_PATH, async (request, reply) => {
      const form = request.body instanceof URLSearchParams ? request.body : new URLSearchParams();
      const credential = access.posted(form.get('token'));
      const locked = credential !== 'none' && access.locked(request.ip);
      if (locked) return tooMany(reply, locked.retryAfterS);
      if (credential !== 'right') {
        if (credential === 'wrong') access.wrong(request.ip);
        return reply.code(403).headers(PAGE_HEADERS).type('text/html; charset=utf-8').send(SIGN_IN_PAGE('That token was not accepted.'));
      }
      return reply
        .code(303)
        .headers(PAGE_HEADERS)
        .header('Set-Cookie', access.sessionCookie(options.secureCookie || request.protocol === 'https'))
        .header('Location', INSIGHT_PATH)
        .send();
    });
  });
}

/** /_insight as a sibling of the other features: the funnel's counts from `app.store` (register after storePlugin). */
export async function insightPlugin(app: FastifyInstance, { config }: { config: Pick<ServerConfig, 'insightToken' | 'hsts'> }): Promise<void> {
  await registerInsightRoutes(app, { token: config.insightToken, funnel: app.store.funnel.read, secureCookie: config.hsts });
}
