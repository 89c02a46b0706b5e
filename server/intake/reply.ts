import type { FastifyReply } from 'fastify';

/** The one error shape of the API: {"success": false, "message": "..."}. */
export function sendFailure(reply: FastifyReply, statusCode: number, message: string): FastifyReply {
  return reply
    .code(statusCode)
    .type('application/json; charset=utf-8')
    .send(JSON.stringify({ success: false, message }));
}

/** A success body serialised once, reused for every answer. */
export function successBody(message: string): string {
  return JSON.stringify({ success: true, message });
}
