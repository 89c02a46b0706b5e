import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import { MSG } from './messages.ts';
import type { OriginPolicy } from './origin-policy.ts';
import { sendFailure } from './reply.ts';

/**
 * CORS for the API context. Allowed origins get their origin echoed in
 * Access-Control-Allow-Origin (preflight: methods POST, header Content-Type, 204);
 * every API answer carries Vary: Origin. A refused origin gets no CORS header and a 403
 * JSON answer for preflights and POSTs, before the body is read, so nothing is stored.
 */
export async function registerCors(
  app: FastifyInstance,
  isAllowed: OriginPolicy,
  apiPaths: ReadonlySet<string>,
): Promise<void> {
  // origin: true echoes the request's Origin; false adds no CORS header at all.
  const allow = { origin: true, methods: 'POST', allowedHeaders: 'Content-Type', maxAge: 600, strictPreflight: false };
  const deny = { ...allow, origin: false };
  await app.register(cors, {
    hook: 'onRequest',
    delegator: (req, cb) => {
      const origin = req.headers.origin;
      cb(null, origin !== undefined && isAllowed(origin, req.headers.host) ? allow : deny);
    },
  });

  app.addHook('onRequest', (request, reply, done) => {
    const origin = request.headers.origin;
    const method = request.method;
    if (origin !== undefined && method !== 'GET' && method !== 'HEAD' && !isAllowed(origin, request.headers.host)) {
      sendFailure(reply, 403, MSG.originRefused);
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

const pathOf = (url: string): string => {
  const q = url.indexOf('?');
  return q === -1 ? url : url.slice(0, q);
};
