import Fastify, { type FastifyInstance } from 'fastify';
import type { ServerConfig } from './config.ts';
import { intakePlugin } from './intake/plugin.ts';
import { staticSitePlugin } from './static-site.ts';

/** The whole local service: the intake API and the built static site, in one process. */
export async function buildApp(config: ServerConfig): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel },
    bodyLimit: 16 * 1024,
    trustProxy: false,
    return503OnClosing: true,
  });
  await app.register(intakePlugin, { config });
  await app.register(staticSitePlugin, { config });
  return app;
}
