import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { FRAME_ROUTE } from '../../contract/frame-options.ts';
import { pageFileOf } from '../../contract/site-routes.ts';
import { confirmationRoutes, type AnswerPages } from './pages.ts';

/**
 * The pages of a form sent without script that are addresses of their own: each kind's
 * confirmation in each language (a form's own post is sent there with 303, so a reload sends
 * nothing), and the framed form, served with the options of its address when it has any
 * (pages.ts); without them, the built page as the static site serves it.
 */
async function answerRoutes(app: FastifyInstance, { pages }: { pages: AnswerPages }) {
  for (const { route, kind, lang } of confirmationRoutes()) app.get(route, (request, reply) => pages.confirmation(request, reply, kind, lang));
  for (const route of [FRAME_ROUTE, `${FRAME_ROUTE}/`]) {
    app.get(route, (request, reply) => pages.framePage(request, reply) ?? reply.sendFile(pageFileOf(FRAME_ROUTE)));
  }
}

export const answerRoutesPlugin = fp(answerRoutes, { name: 'answer-routes', dependencies: ['static-site'] });
