/**
 * The pages' weight, on the built site and the real server (in this process, over HTTP).
 * Bytes are stable, so they are asserted here; times are not, so they live in `npm run bench`
 * (bench/results.md); what a browser loads and when is the crawl's (test/site/crawl.ts).
 *
 * - Every page's first screen fits in the first round trip: test/site/first-round-trip.unit.test.ts.
 * - Every page inlines its CSS; every image, frame, video and inline SVG is sized.
 * - No page lists a React chunk among its up-front scripts; a page in another language loads
 *   no more JavaScript up front than its English page; no hashed file names a chunk behind a
 *   widget entry of stable name.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtRoutes, pageFile, pageScripts, pageStylesheets, reactChunks, staticClosure } from '../../scripts/bench/sizes.ts';
import { defaultLanguage, languageOfRoute } from '../../contract/languages.ts';
import { embedPage, framePage, noticeLanguagePages, noticeListPage, routes as siteRoutes, twinRoutes, withTwins } from '../helpers/routes.ts';
import { distDir, startServer } from '../helpers/server.ts';

const notFoundRoutes = withTwins(['/404']);

let site: Awaited<ReturnType<typeof startServer>>;
let routes: string[];
let react: string[];

beforeAll(async () => {
  site = await startServer({ site: true });
  routes = builtRoutes(distDir);
  react = reactChunks(distDir).map((f) => '/' + f);
});
afterAll(() => site?.stop());

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

