import type { FastifyRequest } from 'fastify';

/** Method and path only: no IP address, no query string, no headers, never a body. */
function serializeRequest(request: FastifyRequest) {
  const url = request.url ?? '';
  const q = url.indexOf('?');
  return { method: request.method, url: q === -1 ? url : url.slice(0, q) };
}

/**
 * Request log serializers for the API context (passed as `logSerializers` when the API
 * context is registered). The handlers add only {kind, leadId, duplicate}.
 * The cast: Fastify's type says a serializer returns a string; pino accepts any JSON value.
 */
export const safeLogSerializers = { req: serializeRequest } as unknown as Record<string, (value: unknown) => string>;
