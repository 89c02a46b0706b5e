import Fastify, { type FastifyInstance } from 'fastify';
import { BODY_LIMIT_BYTES, type ServerConfig } from './config.ts';
import { safeLogSerializers } from './http/guards.ts';
import { intakePlugin } from './intake/plugin.ts';
import { storePlugin } from './store/plugin.ts';
import { deliveryPlugin } from './delivery/plugin.ts';
import { teamPlugin } from './team/plugin.ts';
import { insightPlugin } from './funnel/insight.ts';
import { STRICT_TRANSPORT_SECURITY } from './site/headers.ts';
import { loadBuildMeta, staticSitePlugin } from './site/static-site.ts';
import { loadAnswerKit } from './answer-pages/kit.ts';
import { createAnswerPages } from './answer-pages/pages.ts';
import { answerRoutesPlugin } from './answer-pages/routes.ts';
import { siteRoutes } from './site/routes.ts';
import { createMetrics } from './ops/metrics.ts';
import { registerMetricsRoute } from './ops/metrics-route.ts';
import { targetLabeller } from './ops/target-labels.ts';

const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

/** The whole local service: the intake API and the built static site, in one process. */
export async function buildApp(config: ServerConfig): Promise<FastifyInstance> {
  const app = Fastify({
    // Every request log line (static pages too): method and path, no client address, no query string.
    logger: { level: config.logLevel, serializers: safeLogSerializers },
    bodyLimit: BODY_LIMIT_BYTES,
    // A hop count trusts that many proxies nearest to this process (Fastify's typings lack the number form).
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    return503OnClosing: true,
    // Opening the store may migrate it (a large store takes its time once): no plugin timeout decides whether it starts.
    pluginTimeout: 0,
    // A slow client can't hold a connection: the whole request (headers and body) must
    // arrive within requestTimeout, its headers within headersTimeout; Node checks open
    // requests every connectionsCheckingInterval, so the cut comes within a quarter of it.
    requestTimeout: config.requestTimeoutMs,
    keepAliveTimeout: config.keepAliveTimeoutMs,
    http: {
      headersTimeout: config.headersTimeoutMs,
      connectionsCheckingInterval: Math.max(100, Math.min(5_000, Math.floor(config.requestTimeoutMs / 4))),
    },
  });
  if (config.trustProxy === true || typeof config.trustProxy === 'number') {
    app.log.warn(
      `TRUST_PROXY=${config.trustProxy} believes X-Forwarded-For from anyone who reaches this port, the proxy bypassed too; list the proxy's addresses instead (TRUST_PROXY=127.0.0.1)`,
    );
  }
  if (config.hsts) {
    app.addHook('onRequest', (_request, reply, done) => {
      reply.header('Strict-Transport-Security', STRICT_TRANSPORT_SECURITY);
      done();
    });
  }
  const metrics = createMetrics({ label: targetLabeller(config.webhookUrls), maxPendingAgeS: config.deliveryMaxPendingAgeS, diskMinFreeMb: config.diskMinFreeMb });
  metrics.observeRequests(app);
  registerMetricsRoute(app, { token: config.metricsToken, registry: metrics.registry });
  // The answers to a form sent without script: drawn by the built site's kit (answer-pages/).
  const answers = createAnswerPages(await loadAnswerKit(config.distDir, app.log), loadBuildMeta(config.distDir), siteRoutes(config.distDir));
  // The features, side by side: the store and the delivery worker first (shared as app.store and app.delivery), then each feature's routes.
  await app.register(storePlugin, { config });
  await app.register(deliveryPlugin, { config, metrics });
  await app.register(insightPlugin, { config });
  // "Not spam" delivers a lead as a new one is delivered: to the team's targets, never the person's emails.
  await app.register(teamPlugin, { config });
  await app.register(intakePlugin, { config, answers, metrics });
  await app.register(staticSitePlugin, { config });
  await app.register(answerRoutesPlugin, { pages: answers });
  return app;
}
