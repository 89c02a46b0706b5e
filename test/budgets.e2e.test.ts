/**
 * Performance budgets, on the built site and in Chromium against the real server.
 * Bytes are stable, so they are asserted here; times are not, so they live in
 * `npm run bench` (bench/results.md).
 *
 * - Every page's first screen arrives in the first round trip (14 KB, headers included):
 *   test/site/first-round-trip.unit.test.ts, over dist/; here, no page links a stylesheet
 *   (one would block rendering).
 * - Pages without widgets load the loader and the vitals reporter only: under 3.2 KB of
 *   JavaScript in total, compressed as the server sends it.
 * - No page requests a script before its first paint (each page's scripts start from its
 *   starter at the first contentful paint), and a form the visitor is already in when the
 *   loader arrives is started, with what was typed.
 * - No page requests a React chunk before the visitor acts on a widget: scrolling to and
 *   past the forms of /, /career, /embed, /register and /embed/frame loads none; focusing a field does.
 * - Nothing shifts: every <img>, <iframe> and <video> has width and height, every inline
 *   <svg> is sized by attributes or a class, and Chromium measures no layout shift on
 *   load and scroll, on a phone-sized viewport (every page) and a desktop one (the English
 *   and Tamil pages), on Lighthouse's slow 4G and 4× CPU (test/helpers/phone-conditions.ts),
 *   before and after every image loads.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  NO_WIDGET_JS_BUDGET_BYTES,
  builtRoutes,
  pageFile,
  pageScripts,
  pageStylesheets,
  reactChunks,
  staticClosure,
} from '../scripts/bench/sizes.ts';
import { launchBrowser } from './helpers/browser.ts';
import { VALID_SOCIETY } from './helpers/fixtures.ts';
import { emulateSlowPhone } from './helpers/phone-conditions.ts';
import { defaultLanguage, languageOfRoute, routeIn } from '../contract/languages.ts';
import { isNotFoundRoute } from '../scripts/paths.ts';
import { STARTER_FALLBACK_MS } from '../scripts/build/deferred-scripts.ts';
import { embedPage, framePage, noticeLanguagePages, noticeListPage, routes as siteRoutes, twinRoutes, withTwins } from './helpers/routes.ts';
import { distDir, startServer } from './helpers/server.ts';

// Each list is followed by the pages' twins in the other languages (contract/languages.ts) that pages/ has.
const noWidgetBaseRoutes = ['/about-us', '/features', '/success-stories', '/privacy-policy', '/terms-of-service', noticeListPage.path];
// Chromium loads the English pages and every notice page; a twin in another language is held to
// its English page's scripts by the file comparison below ("loads no more JavaScript up front").
const noWidgetRoutes = [...noWidgetBaseRoutes, ...noticeLanguagePages()];
const formOf: Record<string, string> = { '/': 'society-registration', '/career': 'career-application' };
const formRoutes = withTwins(Object.keys(formOf)).map((route) => ({ route, form: formOf[routeIn(defaultLanguage, route)]! }));
const notFoundRoutes = withTwins(['/404']);
/** The URL that shows a route's page: a not-found page shows for an unknown path of its language. */
const urlPath = (route: string) => (isNotFoundRoute(route) ? route.replace(/404$/, 'no-such-page') : route);

let site: Awaited<ReturnType<typeof startServer>>;
let routes: string[];
let react: string[];
const vitalsChunk = /\/assets\/vitals-[\w-]+\.js$/;

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

describe('what Chromium loads', () => {
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  beforeAll(async () => {
    browser = await launchBrowser({ viewport: { width: 1280, height: 800 } });
  });
  afterAll(() => browser?.close());

  /** A page with the HTTP cache off, so every script is fetched and measured. */
  async function freshPage() {
    const page = await browser.context.newPage();
    const cdp = await browser.context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    return page;
  }

  /** Every JS file a page requests, and (via sizes()) its encoded body size: the compressed bytes the server sent. */
  function trackScripts(page: Page) {
    const requested = new Set<string>();
    const measured: Promise<[string, number]>[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.endsWith('.js')) requested.add(pathname);
    });
    page.on('requestfinished', (request) => {
      const { pathname } = new URL(request.url());
      // A page closed before its sizes arrive yields NaN: never an unhandled rejection,
      // and never a silent pass of a budget comparison.
      if (pathname.endsWith('.js')) {
        measured.push(
          request.sizes().then(
            (s) => [pathname, s.responseBodySize] as [string, number],
            () => [pathname, Number.NaN] as [string, number],
          ),
        );
      }
    });
    return { requested, sizes: async () => new Map(await Promise.all(measured)) };
  }

  /** Loads a page and waits until it is idle and the vitals reporter has been fetched. */
  async function settle(page: Page, route: string) {
    const vitals = page.waitForResponse((r) => vitalsChunk.test(new URL(r.url()).pathname), { timeout: 15_000 });
    await page.goto(site.url + route, { waitUntil: 'load' });
    await vitals;
    await page.waitForLoadState('networkidle');
  }

  it.each(noWidgetRoutes)('%s loads only the loader and the vitals reporter, under 3.2 KB compressed, and no React', async (route) => {
    const page = await freshPage();
    const scripts = trackScripts(page);
    await settle(page, route);
    // Scroll to the end: a page without widgets must not start loading one anywhere.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForTimeout(300);
    await page.waitForLoadState('networkidle');
    const sizes = await scripts.sizes();
    await page.close();

    const files = [...scripts.requested];
    const names = files.filter((f) => !vitalsChunk.test(f)).map((f) => path.posix.basename(f).replace(/-[\w-]{8}\.js$/, '.js'));
    expect(names, `${route}: scripts besides the vitals reporter`).toEqual(['loader.js']);
    for (const chunk of react) expect(files, `${route} requested React`).not.toContain(chunk);
    expect([...sizes.keys()].sort(), `${route}: every script was measured`).toEqual([...files].sort());
    const total = [...sizes.values()].reduce((a, b) => a + b, 0);
    const detail = [...sizes].map(([f, n]) => `${path.posix.basename(f)} ${n} B`).join(' + ');
    expect(total, `${route}: ${detail}`).toBeLessThan(NO_WIDGET_JS_BUDGET_BYTES);
  });

  it.each(formRoutes)('$route requests no React chunk while the visitor scrolls to the form and past it, then does when a field gets focus', async ({ route, form }) => {
    const page = await freshPage();
    const scripts = trackScripts(page);
    await settle(page, route);
    const top = await page.locator(form).evaluate((el) => el.getBoundingClientRect().top);
    expect(top, `<${form}> starts more than two screens down at 1280×800`).toBeGreaterThan(2 * 800);
    // Scroll the way a reader does, the form (and the FAQ after it on /career) passing through the viewport, the mouse elsewhere.
    await page.mouse.move(5, 5);
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    for (let y = 0; y < height; y += 400) {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      await page.waitForTimeout(50);
    }
    await page.locator(form).evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await page.waitForTimeout(500);
    await page.waitForLoadState('networkidle');
    for (const chunk of react) expect([...scripts.requested], `${route} requested React without the visitor acting`).not.toContain(chunk);

    const reactRequested = page.waitForRequest((r) => react.includes(new URL(r.url()).pathname), { timeout: 10_000 });
    await page.locator(`${form} input:not([type="hidden"])`).first().focus();
    await reactRequested;
    await page.close();
  });

  it.each(['/embed', '/register', '/embed/frame'])('%s keeps its form free of React until the visitor interacts with it', async (route) => {
    const page = await freshPage();
    const scripts = trackScripts(page);
    await settle(page, route);
    const form = page.locator('society-registration');
    await form.scrollIntoViewIfNeeded();
    await page.waitForTimeout(500);
    for (const chunk of react) expect([...scripts.requested], `${route} requested React before any interaction`).not.toContain(chunk);
    const reactRequested = page.waitForRequest((r) => react.includes(new URL(r.url()).pathname), { timeout: 10_000 });
    await form.hover();
    await reactRequested;
    await page.close();
  });

  // One test per page: the site has over a hundred (seven languages, the notice in 23), more than one timeout's worth.
  it.each([...builtRoutes(distDir), ...notFoundRoutes])('paints %s before it requests a script', async (route) => {
    const page = await freshPage();
    await settle(page, urlPath(route));
    const early = await page.evaluate((fallback) => {
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]!.startTime;
      return performance
        .getEntriesByType('resource')
        // The starter's fallback may import them before a paint that a starved machine delays past it: that is by design.
        .filter((e) => new URL(e.name).pathname.endsWith('.js') && e.startTime < fcp && e.startTime < fallback)
        .map((e) => `${new URL(e.name).pathname} at ${Math.round(e.startTime)} ms, painted at ${Math.round(fcp)} ms`);
    }, STARTER_FALLBACK_MS);
    await page.close();
    expect(early, `${route}: scripts requested before the first paint`).toEqual([]);
  });

  it('starts the form a visitor is already in when the loader arrives late, keeping what was typed', async () => {
    const page = await freshPage();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/loader-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(site.url + '/', { waitUntil: 'domcontentloaded' });
    const name = page.locator('society-registration input[name="name"]');
    await name.fill(VALID_SOCIETY.name);
    await name.focus();
    const reactRequested = page.waitForRequest((r) => react.includes(new URL(r.url()).pathname), { timeout: 10_000 });
    release();
    await reactRequested;
    await page.waitForFunction(() => customElements.get('society-registration') !== undefined);
    await expect.poll(() => name.inputValue()).toBe(VALID_SOCIETY.name);
    expect(await name.evaluate((input) => (input.getRootNode() as ShadowRoot).activeElement === input)).toBe(true);
    await page.close();
  });

  /** Records layout shifts not caused by input, with the elements that moved, in window.__shifts. */
  async function recordShifts(page: Page) {
    await page.addInitScript(() => {
      const w = window as unknown as { __shifts: { value: number; at: number; sources: string[] }[] };
      w.__shifts = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: { node?: Node | null }[] })[]) {
          if (entry.hadRecentInput) continue;
          const sources = (entry.sources ?? []).map((s) => {
            const el = s.node instanceof Element ? s.node : s.node?.parentElement;
            return el ? `${el.localName}${el.id ? '#' + el.id : ''}${el.classList.length ? '.' + [...el.classList].join('.') : ''}` : '?';
          });
          w.__shifts.push({ value: entry.value, at: Math.round(entry.startTime), sources });
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
  }
  const CLS_ZERO = 0.001;
  const shiftsOf = (page: Page) => page.evaluate(() => (window as unknown as { __shifts: { value: number }[] }).__shifts);

  it('sees a layout shift when there is one (the detector works)', async () => {
    const page = await browser.context.newPage();
    await recordShifts(page);
    await page.goto(site.url + '/about-us', { waitUntil: 'load' });
    await page.evaluate(async () => {
      await new Promise((r) => setTimeout(r, 600)); // past the 500 ms of "recent input" grace
      const banner = document.createElement('div');
      banner.style.height = '200px';
      document.body.prepend(banner);
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    });
    await expect.poll(async () => (await shiftsOf(page)).length).toBeGreaterThan(0);
    await page.close();
  });

  // Lighthouse's slow 4G and 4× CPU on both sizes: on a slow network the browser paints what
  // has been parsed so far, so a layout that depends on what comes later moves on every
  // machine, not only on a busy one.
  // A phone takes every page. A desktop takes the English pages and their Tamil twins, whose
  // texts are the longest: its layout gives text more room, and each template is one layout.
  const everyPage = [...builtRoutes(distDir), ...notFoundRoutes];
  const noticeLanguage = new Set(noticeLanguagePages());
  const desktopPages = everyPage.filter((route) => !noticeLanguage.has(route) && ['en', 'ta'].includes(languageOfRoute(route).code));
  describe.each([
    { name: 'phone', width: 360, height: 640, pages: everyPage },
    { name: 'desktop', width: 1366, height: 900, pages: desktopPages },
  ])('no layout shift on load and scroll, $name viewport ($width×$height, slow 4G, 4× CPU)', (viewport) => {
    it.each(viewport.pages)('%s', async (route) => {
      // A first visit, as Lighthouse makes it: no outbox worker or history left by the tests before.
      const context = await browser.newContext({ viewport: { width: viewport.width, height: viewport.height } });
      const page = await context.newPage();
      await emulateSlowPhone(context, page);
      await recordShifts(page);
      await page.goto(site.url + urlPath(route), { waitUntil: 'load' });
      await page.waitForLoadState('networkidle');
      // Scroll down a screen at a time, letting lazy images and widgets load and mount on the way.
      for (let y = 0; ; y += viewport.height * 0.8) {
        const height = await page.evaluate((top) => {
          window.scrollTo(0, top);
          return document.documentElement.scrollHeight;
        }, y);
        await page.waitForLoadState('networkidle');
        if (y > height) break;
      }
      // Every image the page shows has loaded: the walk saw the page before and after each one.
      await expect
        .poll(() =>
          page.evaluate(() =>
            [...document.images].filter((img) => img.getClientRects().length > 0 && !(img.complete && img.naturalWidth > 0)).map((img) => img.src),
          ),
        )
        .toEqual([]);
      await page.waitForTimeout(300);
      const shifts = await shiftsOf(page);
      await context.close();
      // CLS 0 as Lighthouse reports it (three decimals); anything a visitor could notice is orders of magnitude above this line.
      const cls = shifts.reduce((sum, shift) => sum + shift.value, 0);
      expect(cls < CLS_ZERO ? [] : shifts, `${route}: layout shifts (value, time, elements)`).toEqual([]);
    }, 120_000);
  });
});
