import type { FastifyInstance, FastifyRequest } from 'fastify';
import formbody from '@fastify/formbody';
import type { LeadSource } from './lead-source.ts';
import type { ServerConfig } from '../config.ts';
import type { IntakeStore } from '../store/store.ts';
import { apiErrorHandler, createOriginPolicy, registerCors, registerFallbackRoutes, registerRateLimit, safeLogSerializers } from '../http/guards.ts';
import { clientNetwork } from '../http/client-network.ts';
import { LEAD_ROUTES, registerLeadRoutes, type LeadStore } from './leads.ts';
import { createSpamChallenge, registerChallengeRoute, type SpamChallenge } from './spam-challenge.ts';
import { createFormPosts, type FormPosts } from './form-post.ts';
import type { AnswerPages } from '../answer-pages/pages.ts';
import { CV_UPLOAD_PATH } from '../../contract/http.ts';
import { cvLinksOf, registerCvLinkRoute } from '../cv/cv-link.ts';
import { registerCvUploadRoute, registerMultipart } from '../cv/cv-upload.ts';
import { registerVitalsRoutes, VITALS_PATH } from '../vitals/vitals.ts';
import { beaconCounts, funnelKey, isCountableBeacon, isCountableLead } from '../funnel/funnel.ts';
import { siteRoutes } from '../site/routes.ts';
import { registerHealthRoute } from '../ops/health.ts';
import type { Metrics } from '../ops/metrics.ts';
import { countedLeads, registerOpsRoutes } from '../ops/ops-routes.ts';

/** The window of WITHOUT_PROOF_RATE_LIMIT_MAX: forms sent without script taken in per client address an hour. */
const WITHOUT_PROOF_WINDOW_MS = 60 * 60 * 1000;

/** The window of CV_UPLOAD_RATE_LIMIT_MAX: uploads per client an hour. */
const CV_UPLOAD_WINDOW_MS = 60 * 60 * 1000;

interface IntakeOptions {
  config: ServerConfig;
  answers: AnswerPages;
  metrics: Metrics;
}

/** What the parts of the intake API share: the options, the store, the counted leads, the site's routes. */
interface IntakeContext extends IntakeOptions {
  store: IntakeStore;
  leads: LeadStore;
  site: { routes: Set<string>; origins: string[] };
  challenger: SpamChallenge;
  countLead: (source: LeadSource, headers: FastifyRequest['headers']) => void;
  countFailed: (error: Error) => void;
}

/**
 * The intake API: POST /addSocietyQuery, POST /addQuery (JSON, or a form's own post), the CV
 * upload and its signed links, GET /altcha-challenge, POST /vitals, GET /health and the
 * operators' routes, over `app.store` and `app.delivery` (register after storePlugin and
 * deliveryPlugin).
 *
 * Encapsulation: this plugin is NOT wrapped with fastify-plugin, so the error handler,
 * hooks (CORS, origin guard, rate limit), body-parser changes and log serializers set
 * here apply only to the routes registered here. No not-found handler is set: unmatched
 * POST/PUT/PATCH/DELETE are answered by a catch-all route in this context, and every
 * unmatched GET/HEAD falls through to the root not-found handler (the static site's).
 */
export async function intakePlugin(app: FastifyInstance, options: IntakeOptions): Promise<void> {
  const { config, metrics } = options;
  const store = app.store;
  const countFailed = (error: Error) => app.log.error({ error: error.message }, 'funnel: count not stored');
  const context: IntakeContext = {
    ...options,
    store,
    leads: countedLeads(store.leads, metrics, { acknowledge: config.personEmail?.acknowledge ?? false, teamTargets: app.delivery.teamTargets.length }),
    site: { routes: siteRoutes(config.distDir), origins: [config.publicOrigin] },
    challenger: createSpamChallenge({ hmacKey: await store.hmacKey(config.altchaHmacKey), maxNumber: config.altchaMaxNumber }),
    countLead: (source, headers) => {
      if (isCountableLead(headers)) store.funnel.count(funnelKey(source.page, source.campaign, source.partner), { lead: 1 }).catch(countFailed);
    },
    countFailed,
  };
  await app.register(
    async (api) => {
      // A form's own post is answered with pages (form-post.ts); it is given its place once the rate limit is set.
      const refusal: { formPosts?: FormPosts } = {};
      await registerApiGuards(api, context, refusal);
      // Every CV file stored counts here, whichever way it came (POST /uploadResume, a career form's own post).
      const cvFiles = api.createRateLimit({ max: config.cvUploadRateLimitMax, timeWindow: CV_UPLOAD_WINDOW_MS, keyGenerator: (request) => `cv-upload ${clientNetwork(request.ip)}` });
      refusal.formPosts = formPostsOf(api, context, allowance(cvFiles));
      await registerIntakeRoutes(api, context, refusal.formPosts, allowance(cvFiles));
    },
    { logSerializers: safeLogSerializers },
  );
}

const apiPaths = () => new Set([...LEAD_ROUTES.map((r) => r.path), CV_UPLOAD_PATH, VITALS_PATH]);

/** The API's error handler, the worker's busy signal, /health and the operators' routes, the rate limit and CORS. */
async function registerApiGuards(api: FastifyInstance, { config, store, metrics }: IntakeContext, refusal: { formPosts?: FormPosts }): Promise<void> {
  api.setErrorHandler(apiErrorHandler((request, reply, status, message) => refusal.formPosts?.refuse(request, reply, status, message)));
  const { delivery } = api;
  api.addHook('onRequest', (_request, _reply, done) => {
    delivery.requestSeen();
    done();
  });
  api.removeContentTypeParser('text/plain'); // lead routes: JSON, or a form's own post (below)
  registerHealthRoute(api, store.checkWritable);
  registerOpsRoutes(api, { store, config, metrics, targets: delivery.targets });
  await registerRateLimit(api, { max: config.rateLimitMax, timeWindow: config.rateLimitWindowMs }, store.rateLimitStore);
  await registerCors(api, createOriginPolicy(config.allowedOrigins, config.publicOrigin), apiPaths(), (request, reply, status, message) =>
    refusal.formPosts?.refuse(request, reply, status, message),
  );
}

/** Whether a client has spent its allowance of a rate limit made in this context. */
type Allowance = (request: FastifyRequest) => Promise<boolean>;
const allowance = (limit: ReturnType<FastifyInstance['createRateLimit']>): Allowance => async (request) => {
  const verdict = await limit(request);
  return !verdict.isAllowed && verdict.isExceeded;
};

/** A form's own post (no script): its own allowances, answered with pages. */
function formPostsOf(api: FastifyInstance, { config, store, leads, answers, site, countLead, countFailed }: IntakeContext, overCvAllowance: Allowance): FormPosts {
  const withoutProof = api.createRateLimit({ max: config.withoutProofRateLimitMax, timeWindow: WITHOUT_PROOF_WINDOW_MS, keyGenerator: (request) => `without-proof ${clientNetwork(request.ip)}` });
  return createFormPosts({
    store: leads,
    cvs: store.cvs,
    answers,
    site,
    challengeOn: config.spamChallenge,
    overAllowance: allowance(withoutProof),
    overCvAllowance,
    onQueued: api.delivery.nudge,
    // A form's own post is a send, as the widget's beacon counts one (its page saw no script).
    onSent: (source, headers) => {
      if (isCountableLead(headers)) store.funnel.count(funnelKey(source.page, source.campaign, source.partner), { send: 1 }).catch(countFailed);
    },
    onStored: countLead,
  });
}

/** The lead routes (with a form's own body), the CV routes, the challenge, the vitals beacon, and the catch-all. */
async function registerIntakeRoutes(api: FastifyInstance, context: IntakeContext, formPosts: FormPosts, overCvAllowance: Allowance): Promise<void> {
  const { config, store, leads, site, challenger, countLead, countFailed } = context;
  const onQueued = api.delivery.nudge;
  // The lead routes alone take a form's own body (application/x-www-form-urlencoded); the API's hooks hold for them too.
  await api.register(async (scope) => {
    await scope.register(formbody);
    await registerMultipart(scope);
    registerCvUploadRoute(scope, { cvs: store.cvs, overAllowance: overCvAllowance });
    registerLeadRoutes(scope, leads, { spam: config.spamChallenge ? challenger : undefined, onQueued, site, onStored: countLead, formPosts, cvs: store.cvs });
  });
  registerCvLinkRoute(api, await cvLinksOf(config, store), store.cvs, store.team.audit);
  registerChallengeRoute(api, challenger, { max: config.rateLimitMax * 4, timeWindow: config.rateLimitWindowMs });
  const rateLimit = { max: config.vitalsRateLimitMax, timeWindow: config.rateLimitWindowMs };
  await registerVitalsRoutes(api, store.vitals, site.routes, rateLimit, async (page, counts, headers) => {
    if (isCountableBeacon(headers)) await store.funnel.count(...beaconCounts(page, counts)).catch(countFailed);
  });
  registerFallbackRoutes(api, apiPaths());
}
