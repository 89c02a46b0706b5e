import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { MSG } from './messages.ts';
import { sendFailure } from './reply.ts';

/** Fastify's own request errors, mapped to a status and a sentence a visitor can act on. */
const BY_CODE: Record<string, [number, string]> = {
  FST_ERR_CTP_BODY_TOO_LARGE: [413, MSG.tooLarge],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, MSG.unsupportedType],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, MSG.emptyBody],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, MSG.invalidJson],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, MSG.invalidJson],
  RATE_LIMITED: [429, MSG.tooManyRequests],
};

/** An error the rate limiter throws; the handler below turns it into the JSON answer. */
export function rateLimitError(statusCode: number): Error {
  return Object.assign(new Error(MSG.tooManyRequests), { statusCode, code: 'RATE_LIMITED' });
}

/**
 * Error handler of the API's encapsulated context only (set inside the intake plugin), so
 * it answers for the API routes and never for the static site. Logs the status and error
 * code, never the message of a parse error or anything from the body.
 */
export function apiErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const known = error.code ? BY_CODE[error.code] : undefined;
  const status = known?.[0] ?? (typeof error.statusCode === 'number' ? error.statusCode : 500);

  if (status >= 500) {
    request.log.error({ err: { type: error.name, code: error.code, message: error.message } }, 'intake error');
    return sendFailure(reply, status === 503 ? 503 : 500, MSG.unavailable);
  }
  request.log.info({ statusCode: status, code: error.code }, 'request refused');
  if (known) return sendFailure(reply, status, known[1]);
  if (status === 429) return sendFailure(reply, 429, MSG.tooManyRequests);
  if (status === 403) return sendFailure(reply, 403, MSG.originRefused);
  return sendFailure(reply, status >= 400 ? status : 400, MSG.generic);
}
