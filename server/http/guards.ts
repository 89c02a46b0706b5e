import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ALLOWED_REQUEST_HEADERS } from '../../contract/http.ts';
import { type LeadMessages, MESSAGES } from '../../contract/messages/en.ts';
import { clientNetwork } from './client-network.ts';
import { messagesFor } from './language.ts';

/**
 * What stands around the API routes: the one answer shape, the origin policy and CORS,
 * the rate limit, JSON answers for unmatched requests, the error handler, and request
 * logs that carry no personal data. Every refusal is in the request's Content-Language
 * (language.ts), English by default.
 */

/** The constructor @fastify/rate-limit takes as `store` (a store counting across instances). */
export type RateLimitStoreClass = new (options: unknown) => unknown;

/**
 * The one error shape of the API: {"success": false, "message": "..."}, and for a refused
 * lead field its payload key in an added `field` (the spec's forms read only the two).
 */
export function sendFailure(reply: FastifyReply, statusCode: number, message: string, field?: string): FastifyReply {
  return reply
    .code(statusCode)
    .type('application/json; charset=utf-8')
    .send(JSON.stringify(field === undefined ? { success: false, message } : { success: false, message, field }));
}

/** A success body serialised once, reused for every answer. */
export function successBody(message: string): string {
  return JSON.stringify({ success: true, message });
}

/** A lead's success body: the spec's two keys, then the lead's reference (the spec's forms read only the two). */
export function withReference(successBody: string, reference: string): string {
  return JSON.stringify({ ...(JSON.parse(successBody) as object), reference });
}

/** A request URL without its query string. */
function pathOf(url: string): string {
  const q = url.indexOf('?');
  return q === -1 ? url : url.slice(0, q);
}

/**
 * Which browser origins may post: any, unless ALLOWED_ORIGINS lists some; then those, the
 * site's own, and nothing else ("null" from a sandboxed frame only when listed). `*` in the
 * list means any. The site's own origin is PUBLIC_ORIGIN (default: the origin of SITE_URL),
 * plus the address this process is reached at on the socket itself (`npm start` on
 * http://127.0.0.1:8080). Never the Host header: a proxy may rewrite it, and a client may send any.
 */
export function createOriginPolicy(allowedOrigins: readonly string[], publicOrigin: string) {
  const allowAll = allowedOrigins.length === 0 || allowedOrigins.includes('*');
  const allowed = new Set([...allowedOrigins, publicOrigin].map((o) => o.toLowerCase()));

  return function isAllowed(origin: string, socket: { localAddress?: string; localPort?: number }): boolean {
    if (allowAll) return true;
    const o = origin.toLowerCase();
    if (allowed.has(o)) return true;
    return socket.localAddress !== undefined && socketOrigins(socket.localAddress, socket.localPort).includes(o);
  };
}

/** The origins a browser uses for a page served straight from this socket (no proxy). */
function socketOrigins(address: string, port: number | undefined): string[] {
  const host = address.replace(/^::ffff:/, '');
  const hosts = host.includes(':') ? [`[${host}]`] : [host];
  if (host === '127.0.0.1' || host === '::1') hosts.push('localhost');
  return hosts.map((h) => `http://${h}:${port}`);
}

type OriginPolicy = ReturnType<typeof createOriginPolicy>;

/**
 * Answers a refusal of a form's own post with a page (form-post.ts: the form again, with
 * the reason, in the form's language); undefined for any other request, which gets JSON.
 */
export type PageRefusal = (request: FastifyRequest, reply: FastifyReply, status: number, message: (messages: LeadMessages) => string) => FastifyReply | undefined;

/** A refusal: a page for a form's own post, else the API's JSON. */
const refuse = (pages: PageRefusal | undefined, request: FastifyRequest, reply: FastifyReply, status: number, message: (messages: LeadMessages) => string) =>
  pages?.(request, reply, status, message) ?? sendFailure(reply, status, message(messagesFor(request)));

/** Request headers a page may send besides Content-Type: the proof of work, the notice version, the form's language, the idempotency key. */
export { ALLOWED_REQUEST_HEADERS };

/**
 * CORS for the API context. Every origin gets its origin echoed in
 * Access-Control-Allow-Origin (preflight: method POST, the headers above, 204), and every
 * API answer carries Vary: Origin. When the origin policy refuses an origin, its POST is
 * answered 403 JSON before the body is read, so nothing is stored, and the CORS headers
 * stay on that answer so the form can read and show the refusal instead of a network error.
 * CORS is no defence against scripts (they send any Origin): the proof of work is.
 */
export async function registerCors(
  app: FastifyInstance,
  isAllowed: OriginPolicy,
  apiPaths: ReadonlySet<string>,
  pages?: PageRefusal,
): Promise<void> {
  await app.register(cors, {
    hook: 'onRequest',
    origin: true, // echo the request's Origin ("null" included)
    methods: 'POST',
    allowedHeaders: ALLOWED_REQUEST_HEADERS,
    maxAge: 600,
    strictPreflight: false,
  });

  app.addHook('onRequest', (request, reply, done) => {
    const origin = request.headers.origin;
    const method = request.method;
    if (origin !== undefined && method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS' && !isAllowed(origin, request.raw.socket)) {
      request.log.info({ statusCode: 403 }, 'origin refused');
      refuse(pages, request, reply, 403, (m) => m.originRefused);
      return;
    }
    // A plain OPTIONS (no Origin, so not a preflight) on an API path: say what it accepts.
    if (method === 'OPTIONS' && apiPaths.has(pathOf(request.url))) {
      reply.code(204).header('Allow', 'POST, OPTIONS').send();
      return;
    }
    done();
  });
}

/**
 * Per-client rate limit for every route registered after this in the API context (the
 * intake endpoints share one budget; /vitals sets its own). A client is its IPv4 address, or
 * the /64 of its IPv6 address (clientNetwork: one subscriber gets a whole /64 and can use
 * any address in it). Preflights (OPTIONS) are exempt. Exceeding it throws an error the API
 * error handler answers as 429 (JSON, or the form again for a form's own post). Counted once
 * the body is read, so that form comes back with its values. `store`: where the counts are
 * kept when several instances share them (else in memory).
 */
export async function registerRateLimit(
  app: FastifyInstance,
  limits: { max: number; timeWindow: number },
  store?: RateLimitStoreClass,
): Promise<void> {
  // Must run before the rate-limit plugin's own onRoute hook, so it is added first.
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (methods.every((m) => m === 'OPTIONS')) route.config = { ...route.config, rateLimit: false };
  });
  await app.register(rateLimit, {
    global: true,
    hook: 'preHandler',
    max: limits.max,
    timeWindow: limits.timeWindow,
    keyGenerator: (request) => clientNetwork(request.ip),
    ...(store ? { store: store as never } : {}),
    errorResponseBuilder: (_req, context) =>
      Object.assign(new Error(MESSAGES.tooManyRequests), { statusCode: context.statusCode, code: 'RATE_LIMITED' }),
  });
}

/**
 * JSON answers for requests that match no API route, without touching the static site:
 * GET/HEAD on an API path → 405 (static owns every other GET), and any POST, PUT, PATCH
 * or DELETE anywhere → 404 (or 405 on an API path). A catch-all route (not a not-found
 * handler) so the site's own GET 404 page, set by the static plugin, stays in charge.
 */
export function registerFallbackRoutes(app: FastifyInstance, apiPaths: ReadonlySet<string>): void {
  for (const path of apiPaths) {
    app.get(path, (request, reply) => sendFailure(reply.header('Allow', 'POST, OPTIONS'), 405, messagesFor(request).methodNotAllowed));
  }
  app.route({
    method: ['POST', 'PUT', 'PATCH', 'DELETE'],
    url: '/*',
    handler(request, reply) {
      const messages = messagesFor(request);
      if (apiPaths.has(pathOf(request.url))) return sendFailure(reply.header('Allow', 'POST, OPTIONS'), 405, messages.methodNotAllowed);
      return sendFailure(reply, 404, messages.notFound);
    },
  });
}

/** Fastify's own request errors (and the rate limiter's), mapped to a status and a sentence a visitor can act on. */
const BY_CODE: Record<string, [number, keyof LeadMessages & ('tooLarge' | 'unsupportedType' | 'emptyBody' | 'invalidJson' | 'tooManyRequests')]> = {
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'tooLarge'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'unsupportedType'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'emptyBody'],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'invalidJson'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'invalidJson'],
  RATE_LIMITED: [429, 'tooManyRequests'],
};

/**
 * Error handler of the API's encapsulated context only (set inside the intake plugin), so
 * it answers for the API routes and never for the static site. Logs the status and error
 * code, never the message of a parse error or anything from the body. `pages` answers a
 * form's own post with the form again.
 */
export function apiErrorHandler(pages?: PageRefusal) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply => {
    const known = error.code && Object.hasOwn(BY_CODE, error.code) ? BY_CODE[error.code] : undefined;
    const status = known?.[0] ?? (typeof error.statusCode === 'number' ? error.statusCode : 500);

    if (status >= 500) {
      request.log.error({ err: { type: error.name, code: error.code, message: error.message } }, 'intake error');
      return refuse(pages, request, reply, status === 503 ? 503 : 500, (m) => m.unavailable);
    }
    request.log.info({ statusCode: status, code: error.code }, 'request refused');
    if (known) return refuse(pages, request, reply, status, (m) => m[known[1]]);
    if (status === 429) return refuse(pages, request, reply, 429, (m) => m.tooManyRequests);
    if (status === 403) return refuse(pages, request, reply, 403, (m) => m.originRefused);
    return refuse(pages, request, reply, status >= 400 ? status : 400, (m) => m.generic);
  };
}

/**
 * Request log serializers for the API context (passed as `logSerializers` when the API
 * context is registered): method and path only, no IP address, no query string, no
 * headers, never a body. The handlers add only {kind, leadId, duplicate}.
 * The cast: Fastify's type says a serializer returns a string; pino accepts any JSON value.
 */
export const safeLogSerializers = {
  req: (request: FastifyRequest) => ({ method: request.method, url: pathOf(request.url ?? '') }),
} as unknown as Record<string, (value: unknown) => string>;
