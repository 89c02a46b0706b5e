import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { LeadStore } from './lead-store.ts';
import { MSG } from './messages.ts';
import { sendFailure, successBody } from './reply.ts';
import { careerSchema, societySchema, type LeadFields, type LeadKind } from './schemas.ts';
import { firstMessage } from './fields.ts';

interface LeadRoute {
  path: string;
  kind: LeadKind;
  schema: z.ZodType<LeadFields>;
  success: string;
}

export const LEAD_ROUTES: readonly LeadRoute[] = [
  { path: '/addSocietyQuery', kind: 'society', schema: societySchema, success: successBody(MSG.societyStored) },
  { path: '/addQuery', kind: 'career', schema: careerSchema, success: successBody(MSG.careerStored) },
];

/**
 * POST /addSocietyQuery and POST /addQuery: application/json only (the API context has
 * no other body parser), validated, then stored synchronously before answering.
 */
export function registerLeadRoutes(app: FastifyInstance, store: LeadStore): void {
  for (const route of LEAD_ROUTES) {
    app.post(route.path, async (request, reply) => {
      if (request.body === undefined) return sendFailure(reply, 400, MSG.emptyBody);
      const parsed = route.schema.safeParse(request.body);
      if (!parsed.success) {
        request.log.info({ kind: route.kind, statusCode: 400 }, 'lead refused');
        return sendFailure(reply, 400, firstMessage(parsed.error));
      }
      const { leadId, duplicate } = await store.save(route.kind, parsed.data);
      request.log.info({ kind: route.kind, leadId, duplicate }, 'lead stored');
      return reply.code(200).type('application/json; charset=utf-8').send(route.success);
    });
  }
}
