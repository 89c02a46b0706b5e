import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ServerConfig } from './config.ts';
import { headersForFile, type BuildMeta } from './site-headers.ts';
import { isNotFoundRoute, notFoundRouteFor, pageFileOf, routeOfPageFile } from '../scripts/paths.ts';

/**
 * Serves the built site: clean URLs (/about-us and /about-us/ both answer), the
 * pre-compressed Brotli/gzip variants, the header rules of site-headers.ts, and
 * the 404 page with status 404 for every unknown path (in the path's language: /hi/… → hi/404.html).
 */
async function staticSite(app: FastifyInstance, { config }: { config: ServerConfig }) {
  const root = config.distDir;
  const metaFile = path.join(root, 'build-meta.json');
  const meta: BuildMeta = fs.existsSync(metaFile)
    ? JSON.parse(fs.readFileSync(metaFile, 'utf8'))
    : { styleHashes: [], connectOrigins: [], routes: [] };
  if (!fs.existsSync(metaFile)) app.log.warn(`no built site in ${root}: run npm run build`);

  await app.register(fastifyStatic, {
    root,
    preCompressed: true,
    cacheControl: false,
    redirect: false,
    index: ['index.html'],
    allowedPath: (pathname) => !/(^|\/)(_headers|build-meta\.json)$/.test(pathname),
    setHeaders: (res, filePath) => {
      for (const [name, value] of Object.entries(headersForFile(path.relative(root, filePath), meta))) res.setHeader(name, value);
    },
  });

  const pageFor = (pathname: string): string | undefined => {
    const clean = path.posix.normalize(decodeURIComponent(pathname)).replace(/^\/+|\/+$/g, '');
    if (clean.startsWith('..')) return undefined;
    for (const candidate of [`${clean}/index.html`, `${clean}.html`]) {
      const file = path.join(root, candidate);
      if (file.startsWith(root) && fs.existsSync(file) && fs.statSync(file).isFile()) return candidate.replace(/^\//, '');
    }
    return undefined;
  };

  const notFoundPage = (reply: FastifyReply, pathname: string) => {
    const own = pageFileOf(notFoundRouteFor(pathname));
    return reply.code(404).sendFile(fs.existsSync(path.join(root, own)) ? own : pageFileOf(notFoundRouteFor('/')));
  };

  app.setNotFoundHandler((request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply.code(404).send({ success: false, message: 'Not found.' });
    }
    let page: string | undefined;
    let pathname = '/';
    try {
      pathname = new URL(request.url, 'http://x').pathname;
      page = pageFor(pathname);
    } catch {
      page = undefined;
    }
    if (page && !isNotFoundRoute(routeOfPageFile(page))) return reply.sendFile(page);
    return notFoundPage(reply, pathname);
  });
}

export const staticSitePlugin = fp(staticSite, { name: 'static-site' });
