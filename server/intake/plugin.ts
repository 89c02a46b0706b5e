import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { LeadSource } from './lead-source.ts';
import type { ServerConfig } from '../config.ts';
import { registerHealthRoute } from './health.ts';
import { personTargetsFromConfig, targetsFromConfig } from './delivery/targets.ts';
import { createDeliveryWorker } from './delivery/worker.ts';
import {
  apiErrorHandler,
  createOriginPolicy,
  registerCors,
  registerFallbackRoutes,
  registerRateLimit,
  safeLogSerializers,
} from './guards.ts';
import { LEAD_ROUTES, registerLeadRoutes } from './leads.ts';
import { createSpamChallenge, registerChallengeRoute } from './spam-challenge.ts';
import { openIntakeStore } from './open-store.ts';
import { registerVitalsRoutes, siteRoutes, VITALS_PATH } from './vitals.ts';
import { beaconCounts, funnelKey, isCountableBeacon, isCountableLead } from './funnel.ts';
import { teamLeadUrl, teamPlugin } from '../team/plugin.ts';
import { registerInsightRoutes } from './insight.ts';
import formbody from '@fastify/formbody';
import type { AnswerPages } from '../answer-pages/pages.ts';
import { createFormPosts, type FormPosts } from './form-post.ts';
import { CV_UPLOAD_PATH } from '../../contract/http.ts';
import { clientNetwork } from './client-network.ts';
import { SPAM_CV_KEEP_MS, UNCLAIMED_MS } from './cv/cv-store.ts';
import { createCvLinks, cvLinkKey, registerCvLinkRoute } from './cv/cv-link.ts';
import { registerCvUploadRoute, registerMultipart } from './cv/cv-upload.ts';
import type { Metrics } from '../ops/metrics.ts';
import { countedLeads, registerOpsRoutes } from '../ops/ops-routes.ts';
import { backfillReferences } from './reference-backfill.ts';

/** The window of WITHOUT_PROOF_RATE_LIMIT_MAX: forms sent without script taken in per client address an hour. */
const WITHOUT_PROOF_WINDOW_MS = 60 * 60 * 1000;

const HOUSEKEEPING_MS = 60 * 60 * 1000;

/** The window of CV_UPLOAD_RATE_LIMIT_MAX: uploads per client an hour. */
const CV_UPLOAD_WINDOW_MS = 60 * 60 * 1000;

/**
 * The local intake service: POST /addSocietyQuery, POST /addQuery, GET /altcha-challenge,
 * POST /vitals and GET /health, over the store the configuration names (store.ts: SQLite
 * files in DATA_DIR, or PostgreSQL), and the delivery worker that sends queued leads.
 *
 * Encapsulation: this plugin is NOT wrapped with fastify-plugin, so the error handler,
 * hooks (CORS, origin guard, rate limit), body-parser changes and log serializers set
 * here apply only to the routes registered here. No not-found handler is set: unmatched
 * POST/PUT/PATCH/DELETE are answered by a catch-all route in this context, and every
 * unmatched GET/HEAD falls through to the root not-found handler (the static site's).
 */
export async function intakePlugin(app: FastifyInstance, { config, answers, metrics }: { config: ServerConfig; answers: AnswerPages; metrics: Metrics }): Promise<void> {
  const store = await openIntakeStore(config, app.log);
  const leadStore = countedLeads(store.leads, metrics, { acknowledge: config.personEmail?.acknowledge ?? false, teamTargets: targetsFromConfig(config).length });
  const stopPurge = store.startRetentionPurge(config.leadRetentionDays, app.log);

  const targets = [...targetsFromConfig(config, store.cvs), ...personTargetsFromConfig(config)];
  const cvLinks = createCvLinks(cvLinkKey(config.cvLinkSecret, await store.hmacKey(config.altchaHmacKey)), config.publicOrigin, config.cvLinkDays);
  const worker = createDeliveryWorker({
    outbox: store.outbox,
    // Each notification links to the lead's page in the team's worklist.
    readLead: async (leadId) => {
      const event = await store.leads.readEvent(leadId);
      if (!event) return undefined;
      const cv = await store.cvs.ofLead(leadId);
      return { ...event, teamUrl: teamLeadUrl(config.teamOrigin, leadId), ...(cv ? { cv: cvLinks.link(cv, Date.parse(event.createdAt)) } : {}) };
    },
    targets,
    retryBaseMs: config.deliveryRetryBaseMs,
    log: app.log.child({ component: 'delivery' }),
    onAttempt: metrics.deliveryAttempt,
  });
  const challenger = createSpamChallenge({ hmacKey: await store.hmacKey(config.altchaHmacKey), maxNumber: config.altchaMaxNumber });
  const routes = siteRoutes(config.distDir);
  const apiPaths = new Set([...LEAD_ROUTES.map((r) => r.path), CV_UPLOAD_PATH, VITALS_PATH]);
  const countFailed = (error: Error) => app.log.error({ error: error.message }, 'funnel: count not stored');

  const housekeeping = () =>
    Promise.all([
      store.vitals.purge(),
      store.funnel.purge(),
      store.leads.forgetExpiredSolutions(),
      store.leads.forgetExpiredKeys(),
      store.leads.forgetAcknowledgedAddresses(),
      store.cvs.purgeUnclaimed(Date.now() - UNCLAIMED_MS),
      store.cvs.purgeSpam(Date.now() - SPAM_CV_KEEP_MS),
    ]).catch((error: Error) =>
      app.log.error({ error: error.message }, 'housekeeping failed'),
    );
  let housekeepingTimer: NodeJS.Timeout | undefined;
  let closing = false;
  let backfill: Promise<void> | undefined;
  app.addHook('onReady', async () => {
    // A delivery carries its lead's reference: the worker starts once every lead has one (at once, but on an older release's store).
    backfill = backfillReferences(store, app.log, () => closing)
      .catch((error: Error) => app.log.error({ error: error.message }, 'leads stored before references: not all were given one'))
      .finally(() => closing || worker.start());
    await housekeeping();
    housekeepingTimer = setInterval(() => void housekeeping(), HOUSEKEEPING_MS).unref();
  });
  app.addHook('onClose', async () => {
    closing = true;
    await backfill;
    clearInterval(housekeepingTimer);
    stopPurge();
    await worker.stop();
    await store.close();
  });

  await registerInsightRoutes(app, { token: config.insightToken, funnel: store.funnel.read, secureCookie: config.hsts });
  // "Not spam" delivers a lead as a new one is delivered: to the team's targets, never the person's emails.
  await app.register(teamPlugin, { config, store, targets: targetsFromConfig(config).map((t) => t.key), onQueued: worker.nudge });

  const site = { routes, origins: [config.publicOrigin] };
  await app.register(
    async (api) => {
      // A form's own post is answered with pages (form-post.ts); it is given its place below, once the rate limit is set.
      let formPosts: FormPosts | undefined;
      api.setErrorHandler(apiErrorHandler((request, reply, status, message) => formPosts?.refuse(request, reply, status, message)));
      api.addHook('onRequest', (_request, _reply, done) => {
        worker.requestSeen();
        done();
      });
      api.removeContentTypeParser('text/plain'); // lead routes: JSON, or a form's own post (below)
      registerHealthRoute(api, store.checkWritable);
      registerOpsRoutes(api, { store, config, metrics, targets: targets.map((t) => t.key) });
      await registerRateLimit(api, { max: config.rateLimitMax, timeWindow: config.rateLimitWindowMs }, store.rateLimitStore);
      await registerCors(api, createOriginPolicy(config.allowedOrigins, config.publicOrigin), apiPaths, (request, reply, status, message) =>
        formPosts?.refuse(request, reply, status, message),
      );
      const countLead = (source: LeadSource, headers: FastifyRequest['headers']) => {
        if (isCountableLead(headers)) store.funnel.count(funnelKey(source.page, source.campaign, source.partner), { lead: 1 }).catch(countFailed);
      };
      const withoutProof = api.createRateLimit({ max: config.withoutProofRateLimitMax, timeWindow: WITHOUT_PROOF_WINDOW_MS, keyGenerator: (request) => `without-proof ${clientNetwork(request.ip)}` });
      // Every CV file stored counts here, whichever way it came (POST /uploadResume, a career form's own post).
      const cvFiles = api.createRateLimit({ max: config.cvUploadRateLimitMax, timeWindow: CV_UPLOAD_WINDOW_MS, keyGenerator: (request) => `cv-upload ${clientNetwork(request.ip)}` });
      const overCvAllowance = async (request: FastifyRequest) => {
        const limit = await cvFiles(request);
        return !limit.isAllowed && limit.isExceeded;
      };
      formPosts = createFormPosts({
        store: leadStore,
        cvs: store.cvs,
        answers,
        site,
        challengeOn: config.spamChallenge,
        overAllowance: async (request) => {
          const limit = await withoutProof(request);
          return !limit.isAllowed && limit.isExceeded;
        },
        overCvAllowance,
        onQueued: worker.nudge,
        // A form's own post is a send, as the widget's beacon counts one (its page saw no script).
        onSent: (source, headers) => {
          if (isCountableLead(headers)) store.funnel.count(funnelKey(source.page, source.campaign, source.partner), { send: 1 }).catch(countFailed);
        },
        onStored: countLead,
      });
      // The lead routes alone take a form's own body (application/x-www-form-urlencoded); the API's hooks hold for them too.
      await api.register(async (leads) => {
        await leads.register(formbody);
        await registerMultipart(leads);
        registerCvUploadRoute(leads, { cvs: store.cvs, overAllowance: overCvAllowance });
        registerLeadRoutes(leads, leadStore, {
          spam: config.spamChallenge ? challenger : undefined,
          onQueued: worker.nudge,
          site,
          onStored: countLead,
          formPosts,
          cvs: store.cvs,
        });
      });
      registerCvLinkRoute(api, cvLinks, store.cvs, store.team.audit);
      registerChallengeRoute(api, challenger, { max: config.rateLimitMax * 4, timeWindow: config.rateLimitWindowMs });
      await registerVitalsRoutes(
        api,
        store.vitals,
        routes,
        { max: config.vitalsRateLimitMax, timeWindow: config.rateLimitWindowMs },
        async (page, counts, headers) => {
          if (isCountableBeacon(headers)) await store.funnel.count(...beaconCounts(page, counts)).catch(countFailed);
        },
      );
      registerFallbackRoutes(api, apiPaths);
    },
    { logSerializers: safeLogSerializers },
  );
}
