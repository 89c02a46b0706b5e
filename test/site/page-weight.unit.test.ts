/**
 * The pages' weight, on the built site and the real server (in this process, over HTTP).
 * Bytes are stable, so they are asserted here; times are not, so they live in `npm run bench`
 * (bench/results.md); what a browser loads and when is the crawl's (test/site/crawl.ts).
 *
 * - Every page's first response (headers and compressed HTML with its inlined CSS), plus
 *   any stylesheet it still links, fits in one round trip: 14 KB.
 * - Every page inlines its CSS; every image, frame, video and inline SVG is sized.
 * - No page lists a React chunk among its up-front scripts; a page in another language loads
 *   no more JavaScript up front than its English page; no hashed file names a chunk behind a
 *   widget entry of stable name.
 */
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRST_ROUND_TRIP_BYTES, builtRoutes, pageFile, pageScripts, pageStylesheets, reactChunks, staticClosure } from '../../scripts/bench/sizes.ts';
import { defaultLanguage, languageOfRoute } from '../../contract/languages.ts';
import { isNotFoundRoute } from '../../scripts/paths.ts';
import { embedPage, framePage, noticeLanguagePages, noticeListPage, routes as siteRoutes, twinRoutes, withTwins } from '../helpers/routes.ts';
import { distDir, startServer } from '../helpers/server.ts';

const notFoundRoutes = withTwins(['/404']);
/** The URL that shows a route's page: a not-found page shows for an unknown path of its language. */
const urlPath = (route: string) => (isNotFoundRoute(route) ? route.replace(/404$/, 'no-such-page') : route);

let site: Awaited<ReturnType<typeof startServer>>;
let routes: string[];
let react: string[];

beforeAll(async () => {
  site = await startServer({ site: true });
  routes = builtRoutes(distDir);
  react = reactChunks(distDir).map((f) => '/' + f);
});
afterAll(() => site?.stop());

/** GET as a browser would, without decoding: the status line, the headers and the body as sent. */
function rawGet(url: string, acceptEncoding: string): Promise<{ status: number; headerBytes: number; body: Buffer; encoding?: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': acceptEncoding, accept: 'text/html' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const lines = [`HTTP/1.1 ${res.statusCode} ${res.statusMessage}`];
          for (let i = 0; i < res.rawHeaders.length; i += 2) lines.push(`${res.rawHeaders[i]}: ${res.rawHeaders[i + 1]}`);
          resolve({
            status: res.statusCode ?? 0,
            headerBytes: Buffer.byteLength(lines.join('\r\n') + '\r\n\r\n'),
            body: Buffer.concat(chunks),
            encoding: res.headers['content-encoding'],
          });
        });
      })
      .on('error', reject);
  });
}

const html = (route: string) => fs.readFileSync(path.join(distDir, pageFile(distDir, route)), 'utf8');

describe('the build', () => {
  it('finds the routes and the chunks that hold React', () => {
    const english = routes.filter((route) => languageOfRoute(route) === defaultLanguage);
    expect(english.sort()).toEqual([...[...siteRoutes, embedPage, framePage, noticeListPage].map((r) => r.path), ...noticeLanguagePages()].sort());
    const twins = routes.filter((route) => languageOfRoute(route) !== defaultLanguage);
    expect(twins.sort(), 'the other languages’ routes: the twins of English routes that pages/ has').toEqual(twinRoutes(english).map((t) => t.path).sort());
    // The detector must find React, or "no React chunk" below would pass for the wrong reason.
    expect(react.length, 'a built chunk containing React').toBeGreaterThan(0);
  });

  it.each([...withTwins(['/', '/about-us', '/features', '/success-stories', '/career', '/privacy-policy', '/terms-of-service', '/embed', '/embed/frame', '/register', '/notice', '/404']), ...noticeLanguagePages()])(
    '%s: the first response and its render-blocking CSS fit in one round trip (14 KB), even gzip-only',
    async (route) => {
      const url = site.url + urlPath(route);
      const source = html(route);
      // Stylesheets left as links block rendering: they count against the same round trip.
      const cssBytes = pageStylesheets(source).reduce(
        (sum, href) => sum + zlib.gzipSync(fs.readFileSync(path.join(distDir, href.replace(/^\//, ''))), { level: 9 }).length,
        0,
      );
      for (const encoding of ['br', 'gzip']) {
        const res = await rawGet(url, encoding === 'br' ? 'gzip, deflate, br, zstd' : 'gzip');
        expect(res.status).toBe(isNotFoundRoute(route) ? 404 : 200);
        expect(res.encoding, `${route} is sent compressed (${encoding})`).toBe(encoding);
        const total = res.headerBytes + res.body.length + cssBytes;
        expect(total, `${route} (${encoding}): ${res.headerBytes} B headers + ${res.body.length} B HTML + ${cssBytes} B linked CSS`).toBeLessThanOrEqual(
          FIRST_ROUND_TRIP_BYTES,
        );
      }
    },
  );

  it('inlines the CSS every page needs to render', () => {
    for (const route of [...routes, ...notFoundRoutes]) {
      const source = html(route);
      expect(pageStylesheets(source), `${route} links no render-blocking stylesheet`).toEqual([]);
      expect(source, `${route} has its CSS inline`).toMatch(/<style>[\s\S]{200,}<\/style>/);
    }
  });

  it('sizes every image, frame and video, and every inline SVG', () => {
    for (const route of [...routes, ...notFoundRoutes]) {
      const source = html(route);
      for (const [tag] of source.matchAll(/<(?:img|iframe|video)\b[^>]*>/g)) {
        expect(tag, `${route}: width and height`).toMatch(/\swidth="\d+"/);
        expect(tag, `${route}: width and height`).toMatch(/\sheight="\d+"/);
      }
      for (const [tag] of source.matchAll(/<svg\b[^>]*>/g)) {
        const sized = (/\swidth="/.test(tag) && /\sheight="/.test(tag)) || /\sclass="[^"]*\bicon\b/.test(tag);
        expect(sized, `${route}: ${tag} has width/height or the CSS-sized class "icon"`).toBe(true);
      }
    }
  });

  it.each(twinRoutes([...builtRoutes(distDir).filter((r) => languageOfRoute(r) === defaultLanguage), '/404']))(
    '$path loads no more JavaScript up front than $twinOf',
    ({ path: twin, twinOf }) => {
      const upFrontBytes = (route: string) =>
        [...new Set(pageScripts(html(route)).filter((src) => src.startsWith('/')).flatMap((src) => staticClosure(distDir, src.slice(1))))]
          .map((file) => zlib.brotliCompressSync(fs.readFileSync(path.join(distDir, file))).length)
          .reduce((a, b) => a + b, 0);
      expect(upFrontBytes(twin)).toBeLessThanOrEqual(upFrontBytes(twinOf));
    },
  );

  it('puts no React chunk among any page’s up-front scripts', () => {
    for (const route of [...routes, ...notFoundRoutes]) {
      const upFront = pageScripts(html(route))
        .filter((src) => src.startsWith('/'))
        .flatMap((src) => staticClosure(distDir, src.slice(1)).map((f) => '/' + f));
      for (const chunk of react) expect(upFront, `${route} loads React up front`).not.toContain(chunk);
    }
  });

  it('names no chunk behind a stable-named widget entry in a year-cached (hashed) file', () => {
    // A hashed file's name changes only with what it names; the widget entries keep one
    // name, so a hashed file that listed their chunks would outlive them after a deploy.
    const behindEntries = fs
      .readdirSync(path.join(distDir, 'widgets'))
      .filter((f) => f.endsWith('.js'))
      .flatMap((f) => staticClosure(distDir, `widgets/${f}`).filter((dep) => dep.startsWith('assets/')))
      .map((dep) => path.posix.basename(dep));
    expect(behindEntries.length, 'the widget entries import hashed chunks').toBeGreaterThan(0);
    const hashed = fs.readdirSync(path.join(distDir, 'assets')).filter((f) => f.endsWith('.js'));
    for (const file of hashed) {
      const code = fs.readFileSync(path.join(distDir, 'assets', file), 'utf8');
      if (!code.includes('../widgets/')) continue;
      for (const dep of new Set(behindEntries)) expect(code, `${file} names ${dep}`).not.toContain(dep);
    }
  });
});

