import fs from 'node:fs';
import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import type { FastifyError, FastifyInstance } from 'fastify';
import { TEAM_PAGES } from '../../contract/team.ts';
import { loadSiteConfig } from '../../site.config.ts';
import type { ServerConfig } from '../config.ts';
import { TEAM_DIR, teamHeaders } from '../site/headers.ts';
import { refuse, registerMemberRoutes, registerSignInRoutes } from './routes.ts';

/**
 * The team's side of the service: the app's pages under /team/ (built into dist/team/ by
 * site-generator/team-app-plugin.ts; the page holds no data, the API does) and its API
 * (routes.ts) over the store's `team` part. A sibling of the other features, registered by
 * app.ts after the store (`app.store`) and the delivery worker (`app.delivery`: a lead taken
 * out of spam is queued for the team's targets). Encapsulated: its cookie parser, hooks and
 * error handler apply to its own routes only.
 */

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const HOUSEKEEPING_MS = 10_000;

export async function teamPlugin(app: FastifyInstance, { config }: { config: ServerConfig }): Promise<void> {
  const { store } = app;
  const targets = app.delivery.teamTargets;
  const onQueued = app.delivery.nudge;
  await app.register(fastifyCookie);
  const rp = { origin: config.teamOrigin, name: `${loadSiteConfig().brandName} team` };

  // Every route of this context is the team's (by the route matched, not the raw URL, which may spell it with escapes).
  app.addHook('onRequest', async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    // A page of another site can make a member's browser send this request with its cookie (SameSite=Strict aside): it cannot set Origin.
    if (STATE_CHANGING.has(request.method) && request.headers.origin !== config.teamOrigin) {
      request.log.info({ statusCode: 403 }, 'team request from another origin refused');
      return refuse(reply, 403, 'cross-origin', `requests that change something must come from ${config.teamOrigin}`);
    }
  });

  // Requests to the open routes (sign-in and invitation steps) per client, beside the count of failures: each one stores a challenge.
  await app.register(rateLimit, {
    global: false,
    hook: 'onRequest',
    ...(store.rateLimitStore ? { store: store.rateLimitStore as never } : {}),
    errorResponseBuilder: (_request, context) => Object.assign(new Error('too many requests'), { statusCode: context.statusCode }),
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status === 429) return refuse(reply, 429, 'too-many-attempts', 'too many requests from this client: wait a minute');
    if (status >= 500) {
      request.log.error({ err: { type: error.name, code: error.code, message: error.message } }, 'team API error');
      return refuse(reply, 500, 'unavailable', 'the service could not do this; try again');
    }
    request.log.info({ statusCode: status, code: error.code }, 'team request refused');
    return refuse(reply, status, 'invalid', 'the request is not one this API takes');
  });

  registerSignInRoutes(app, { store, rp, targets, onQueued });
  await app.register(async (members) => registerMemberRoutes(members, { store, rp, targets, onQueued }));
  registerTeamPages(app, config.distDir);

  let timer: NodeJS.Timeout | undefined;
  const housekeeping = () => store.team.housekeeping(Date.now()).catch((error: Error) => app.log.error({ error: error.message }, 'team housekeeping failed'));
  app.addHook('onReady', async () => {
    void housekeeping();
    timer = setInterval(() => void housekeeping(), HOUSEKEEPING_MS).unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}

/** The app's one page at each of its addresses; the app reads which screen from the path. */
function registerTeamPages(app: FastifyInstance, distDir: string): void {
  const file = path.join(distDir, TEAM_DIR, 'index.html');
  const page = fs.existsSync(file) ? fs.readFileSync(file) : undefined;
  const headers = teamHeaders(`${TEAM_DIR}/index.html`);
  for (const url of ['/team', TEAM_PAGES.worklist, TEAM_PAGES.spam, TEAM_PAGES.audit, TEAM_PAGES.profile, TEAM_PAGES.invite, '/team/leads/:id']) {
    app.get(url, async (_request, reply) => {
      if (!page) return reply.code(404).headers({ 'Cache-Control': 'no-store' }).type('text/plain; charset=utf-8').send('The team app is not built: run npm run build.');
      return reply.headers(headers).type('text/html; charset=utf-8').send(page);
    });
  }
}
