import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerConfig } from '../config.ts';
import { headersForFile, type BuildMeta } from './headers.ts';
import { isNotFoundRoute, notFoundRouteFor, pageFileOf, routeOfPageFile } from '../../contract/site-routes.ts';
import { SPECULATION_RULES_PATH } from '../../contract/speculation-rules.ts';

/**
 * `//x`, `///x` and `/\x` are protocol-relative URLs to a browser and to URL parsers
 * (`new URL('//x', base)` is the host x): no page of this site lives there.
 */
export function isProtocolRelativePath(url: string): boolean {
  const raw = url.split('?', 1)[0]!;
  let decoded = raw;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    /* a malformed escape is judged on the raw path */
  }
  return raw.startsWith('//') || decoded.startsWith('//') || raw.includes('\\') || decoded.includes('\\');
}

const EMPTY_META: BuildMeta = { styleHashes: [], connectOrigins: [], routes: [] };

/** What the build says of the built site in `root` (build-meta.json), or undefined without a build. */
export function loadBuildMeta(root: string): BuildMeta | undefined {
  const file = path.join(root, 'build-meta.json');
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as BuildMeta) : undefined;
}

/** Files of the built site for the build and static hosts only, never served. */
export const BLOCKED_FILES: readonly string[] = ['_headers', 'build-meta.json'];

/** The suffixes of pre-compressed copies (site-generator/precompress.ts), which are served by their own names too. */
const COMPRESSED_COPY = /(\.(br|gz))+$/i;

/**
 * True when a request path names a blocked file or a compressed copy of one, in any
 * folder and in any spelling the file lookup would resolve to it (escapes, dot segments,
 * letter case on a case-insensitive disk). A path that can't be decoded is refused.
 */
export function isBlockedPath(pathname: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname.split('?', 1)[0]!);
  } catch {
    return true;
  }
  const name = path.posix.basename(path.posix.normalize(decoded)).toLowerCase().replace(COMPRESSED_COPY, '');
  return BLOCKED_FILES.includes(name);
}

/**
 * Serves the built site: clean URLs (/about-us and /about-us/ both answer), the
 * pre-compressed Brotli/gzip variants (with Vary: Accept-Encoding on every answer from a
 * file that has one, whichever variant is sent), the header rules of headers.ts, and
 * the 404 page with status 404 for every unknown path (in the path's language: /hi/… → hi/404.html).
 */
async function staticSite(app: FastifyInstance, { config }: { config: ServerConfig }) {
  const root = config.distDir;
  const meta = loadBuildMeta(root);
  if (!meta) app.log.warn(`no built site in ${root}: run npm run build`);
  const hasCompressedVariant = new Set(
    fs.existsSync(root)
      ? (fs.readdirSync(root, { recursive: true }) as string[])
          .filter((f) => /\.(br|gz)$/.test(f))
          .map((f) => path.join(root, f.replace(/\.(br|gz)$/, '')))
      : [],
  );

  await app.register(fastifyStatic, {
    root,
    preCompressed: true,
    cacheControl: false,
    // ETag alone revalidates a page (HTML is no-cache; the rest is hashed or short-lived), and nothing
    // here needs byte ranges: the two headers would only take room in each page's first round trip.
    lastModified: false,
    acceptRanges: false,
    redirect: false,
    index: ['index.html'],
    allowedPath: (pathname) => !isBlockedPath(pathname),
    setHeaders: (res, filePath) => {
      for (const [name, value] of Object.entries(headersForFile(path.relative(root, filePath), meta ?? EMPTY_META))) res.setHeader(name, value);
      if (hasCompressedVariant.has(filePath.replace(/\.(br|gz)$/, ''))) res.setHeader('Vary', 'Accept-Encoding');
    },
  });

  // A visitor who asks to save data gets no rules (204), so the loader adds none: nothing is
  // prefetched or prerendered for them (Chromium itself does not hold speculation back for Save-Data).
  const rulesFile = path.join(root, SPECULATION_RULES_PATH.slice(1));
  if (fs.existsSync(rulesFile)) {
    const rules = fs.readFileSync(rulesFile, 'utf8');
    app.get(SPECULATION_RULES_PATH, (request, reply) => {
      const savingData = /^\s*on\s*$/i.test(String(request.headers['save-data'] ?? ''));
      reply.headers({ ...headersForFile(SPECULATION_RULES_PATH.slice(1), meta ?? EMPTY_META), Vary: 'Save-Data' });
      return savingData ? reply.code(204).send() : reply.send(rules);
    });
  }

  const pageFor = (pathname: string): string | undefined => {
    let clean: string;
    try {
      clean = path.posix.normalize(decodeURIComponent(pathname)).replace(/^\/+|\/+$/g, '');
    } catch {
      return undefined;
    }
    if (clean.startsWith('..')) return undefined;
    for (const candidate of [`${clean}/index.html`, `${clean}.html`]) {
      const file = path.join(root, candidate);
      if (file.startsWith(root) && fs.existsSync(file) && fs.statSync(file).isFile()) return candidate.replace(/^\//, '');
    }
    return undefined;
  };

  /** The not-found page in the path's language (/hi/… → hi/404.html), else the English one. */
  const notFoundFile = (pathname: string) => {
    const own = pageFileOf(notFoundRouteFor(pathname));
    return fs.existsSync(path.join(root, own)) ? own : pageFileOf(notFoundRouteFor('/'));
  };

  const notFound = (request: FastifyRequest, reply: FastifyReply) =>
    request.method === 'GET' || request.method === 'HEAD'
      ? reply.code(404).sendFile(notFoundFile(request.url.split('?', 1)[0]!))
      : reply.code(404).send({ success: false, message: 'Not found.' });

  // Before routing: the static route and the page lookup would both resolve `//about-us` to a page.
  app.addHook('onRequest', async (request, reply) => {
    if (isProtocolRelativePath(request.url)) return notFound(request, reply);
  });

  app.setNotFoundHandler((request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return notFound(request, reply);
    const page = pageFor(request.url.split('?', 1)[0]!);
    if (page && !isNotFoundRoute(routeOfPageFile(page))) return reply.sendFile(page);
    return notFound(request, reply);
  });
}

export const staticSitePlugin = fp(staticSite, { name: 'static-site' });
