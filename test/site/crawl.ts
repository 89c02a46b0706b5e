/**
 * The crawl: a browser loads each page of a sample (test/helpers/page-sample.ts) once, as a
 * first visit on Lighthouse's slow 4G and 4× CPU, and checks on that one load everything a
 * browser can tell about a page; test/site/page-structure.unit.test.ts checks every page's
 * markup with a parser. The crawl's files (crawl-*.e2e.test.ts) each take a part of the sample
 * in one profile, so that the test runner spreads them over the cores.
 *
 * Phone (360×640), on every sampled page:
 * - the first screen: a header at most 64 px tall, its brand and call to action whole; the
 *   headline, "Register free" (and on / and /career their own lead action) inside the first
 *   viewport; the navigation folded; nothing marked below the fold shown in it (nor on
 *   Lighthouse's 412×823 phone), and no below-fold block shorter than a third of a screen;
 * - no script requested before the first paint; no drawing loaded up front but the landing
 *   hero's, and the desktop-only hero drawings not downloaded at all;
 * - no layout shift while it loads and a reader scrolls it to the end, every image loaded;
 * - what it loads: without a form, the loader and the vitals reporter only, under 3.2 KB
 *   compressed; with one, no React until the visitor acts on the form, then React;
 * - no request beyond the site's own address;
 * - drawings that say what they show, at their aspect ratio;
 * - no sideways scrolling and no overlapping text, as a phone shows it and at 200 % zoom of a
 *   1280 px window (640×400 CSS px at twice the density);
 * - axe finds no WCAG 2.2 A/AA violation; headings in order; landmarks.
 * Desktop (1366×900), on the English pages and those of the longest text:
 * - the header one row at 1366 and 960 px, its links and the language switch in the bar;
 * - no layout shift on load and scroll; drawings beside the heroes' text;
 * - no sideways scrolling and no overlapping text at 1280×800; axe.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseRoute, defaultLanguage, languageOfRoute } from '../../contract/languages.ts';
import { NOTICE_LANGUAGES, noticeRoute } from '../../contract/notice-languages.ts';
import { NO_WIDGET_JS_BUDGET_BYTES, pageScripts, reactChunks } from '../../scripts/bench/sizes.ts';
import { STARTER_FALLBACK_MS } from '../../site-generator/deferred-scripts.ts';
import { isNotFoundRoute, pageFileOf } from '../../scripts/paths.ts';
import { launchBrowser } from '../helpers/browser.ts';
import {
  axeViolations,
  expectDocumentOutline,
  expectDrawingsDrawn,
  expectLaidOut,
  headerText,
  keepScreenshot,
  layoutShifts,
  nextPaint,
  recordShifts,
  scriptsBeforeFirstPaint,
  trackRequests,
  urlPath,
  walkThePage,
} from '../helpers/crawl.ts';
import { belowFoldBlocksShorterThan, cutInHeader, shownBelowTheFold } from '../helpers/page-checks.ts';
import { emulateSlowPhone } from '../helpers/phone-conditions.ts';
import { distDir, startServer } from '../helpers/server.ts';

const vitalsChunk = /\/assets\/vitals-[\w-]+\.js$/;
/** A built script's name without its content hash: /assets/loader-Ab12Cd34.js → loader.js. */
const scriptName = (file: string) => file.split('/').pop()!.replace(/-[\w-]{8}\.js$/, '.js');
/** The form each route holds, by its route in English. */
const formOf: Record<string, string> = {
  '/': 'society-registration',
  '/career': 'career-application',
  '/embed': 'society-registration',
  '/register': 'society-registration',
  '/embed/frame': 'society-registration',
};
/** Forms far down their page, which the reader scrolls past before acting on them; the others are started by the pointer resting on them. */
const formFarDown = new Set(['/', '/career']);
/** The header's "Register free" is every route's primary action; these English pages also lead with their own. */
const leadActions: Record<string, string> = { '/': 'Register Your Society', '/career': 'Apply Now' };
/** Heroes with a drawing beside the title on a desktop, left out (and not downloaded) on a phone. */
const desktopHeroDrawing = new Set(['/features', '/about-us', '/success-stories']);
/** What Lighthouse's mobile run shows first (a Moto G Power's screen, in CSS pixels). */
const lighthousePhone = { width: 412, height: 823 };

export function crawl(profile: 'phone' | 'desktop', pages: string[]) {
  let site: Awaited<ReturnType<typeof startServer>>;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let react: string[];
  beforeAll(async () => {
    site = await startServer({ site: true });
    browser = await launchBrowser();
    react = reactChunks(distDir).map((f) => '/' + f);
    expect(react.length, 'a built chunk containing React (else "no React" would pass for the wrong reason)').toBeGreaterThan(0);
  });
  afterAll(async () => {
    await browser?.close();
    await site?.stop();
  });

  const viewport = profile === 'phone' ? { width: 360, height: 640 } : { width: 1366, height: 900 };

  describe(`${profile} ${viewport.width}×${viewport.height}, slow 4G and 4× CPU, a first visit`, () => {
    it.each(pages)('%s', async (route) => {
      const base = baseRoute(route);
      const english = languageOfRoute(route) === defaultLanguage;
      const framed = route === '/embed/frame';
      const notice = route.startsWith('/notice/');
      const form = formOf[base];
      const where = `${route} (${profile})`;

      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      const cdp = await emulateSlowPhone(context, page);
      await recordShifts(page);
      const requests = trackRequests(page);
      const vitalsLoaded = page.waitForResponse((r) => vitalsChunk.test(new URL(r.url()).pathname), { timeout: 30_000 });
      const response = await page.goto(site.url + urlPath(route), { waitUntil: 'load' });
      expect(response?.status(), where).toBe(isNotFoundRoute(route) ? 404 : 200);
      if (notice) {
        const dir = NOTICE_LANGUAGES.find((l) => noticeRoute(l.code) === route)!.dir;
        expect(await page.evaluate(() => getComputedStyle(document.body).direction), `${where}: written ${dir}`).toBe(dir);
      }

      // The first screen, before any scroll: read in one go (each call to a page at 4× CPU is slow).
      if (!framed && !notice) {
        const { registerFree, mainNav } = headerText(route);
        const lead = english ? leadActions[base] : undefined;
        const seen = await readFirstScreen(page, { registerFree, mainNav, lead });
        const inside = (box: Box | null) => !!box && box.x >= 0 && box.y >= 0 && box.x + box.width <= viewport.width && box.y + box.height <= viewport.height;
        expect(seen.scrollY, `${where}: the page is not scrolled`).toBe(0);
        expect(inside(seen.headline), `${where}: the headline ${JSON.stringify(seen.headline)} inside the first screen`).toBe(true);
        expect(inside(seen.registerFree), `${where}: "${registerFree}" ${JSON.stringify(seen.registerFree)} inside the first screen`).toBe(true);
        expect(seen.registerFreeWhole, `${where}: "${registerFree}" shown whole`).toBe(true);
        if (lead) expect(inside(seen.lead), `${where}: "${lead}" ${JSON.stringify(seen.lead)} inside the first screen`).toBe(true);
        if (profile === 'phone') {
          expect(seen.header.height, `${where}: header height`).toBeLessThanOrEqual(64);
          expect(seen.navigationShown, `${where}: navigation folded behind the Menu`).toBe(false);
        } else {
          expectOneRow(seen, where);
        }
      }
      const drawings = await page.locator('img[src$=".svg"]').evaluateAll((imgs) =>
        (imgs as HTMLImageElement[]).map((img) => ({ lazy: img.loading === 'lazy', shown: img.getClientRects().length > 0, inHero: !!img.closest('.hero'), inFirstScreen: img.getBoundingClientRect().top < innerHeight })),
      );
      expect(drawings.filter((d) => !d.lazy).length, `${where}: drawings without loading="lazy"`).toBe(0);
      if (profile === 'phone') {
        // Each SVG image costs main-thread work: only the landing page draws the app up front.
        if (base === '/') expect(drawings.filter((d) => d.shown && d.inHero).length, `${where}: drawings in the hero`).toBe(2);
        else expect(drawings.filter((d) => d.shown && d.inFirstScreen).length, `${where}: drawings in the first screen`).toBe(0);
      }
      expect(await scriptsBeforeFirstPaint(page, STARTER_FALLBACK_MS), `${where}: scripts requested before the first paint`).toEqual([]);

      // A reader scrolls to the end: nothing moves, every image loads, no widget starts.
      await vitalsLoaded;
      expect(await walkThePage(page), `${where}: images shown but not loaded`).toEqual([]);
      expect(await layoutShifts(page), `${where}: layout shifts (value, time, elements)`).toEqual([]);

      for (const chunk of react) expect([...requests.scripts], `${where} requested React before the visitor acted`).not.toContain(chunk);
      if (!form) {
        // Its own scripts (the loader, and the not-found page's) and the vitals reporter, nothing else.
        const own = pageScripts(fs.readFileSync(path.join(distDir, pageFileOf(route)), 'utf8')).map(scriptName).sort();
        const sizes = await requests.sizes();
        const names = [...requests.scripts].filter((f) => !vitalsChunk.test(f)).map(scriptName).sort();
        expect(names, `${where}: scripts besides the vitals reporter`).toEqual(own);
        expect(own, `${where}: the loader`).toContain('loader.js');
        expect([...sizes.keys()].sort(), `${where}: every script measured`).toEqual([...requests.scripts].sort());
        const total = [...sizes.values()].reduce((a, b) => a + b, 0);
        // The budget of a page with no script of its own (the not-found page has one: it tells the console).
        if (own.length === 1) expect(total, `${where}: ${[...sizes].map(([f, n]) => `${f} ${n} B`).join(' + ')}`).toBeLessThan(NO_WIDGET_JS_BUDGET_BYTES);
      }
      expect(requests.urls.filter((u) => u.startsWith('http') && new URL(u).origin !== site.url), `${where}: requests beyond the site`).toEqual([]);
      await expectDrawingsDrawn(page, 'body', where);
      if (desktopHeroDrawing.has(base)) {
        const hero = page.locator('.hero').first();
        if (profile === 'phone') {
          expect(await hero.locator('img').isVisible(), `${where}: no hero drawing on a phone`).toBe(false);
          const src = await hero.locator('img').evaluate((img: HTMLImageElement) => new URL(img.getAttribute('src')!, location.href).href);
          expect(requests.urls, `${where}: the hidden hero drawing is not downloaded`).not.toContain(src);
        } else {
          const [text, drawing] = await Promise.all([hero.locator('h1').boundingBox(), hero.locator('img').boundingBox()]);
          expect(drawing!.x, `${where}: the drawing sits beside the text`).toBeGreaterThan(text!.x + text!.width / 2);
        }
      }
      if (english && base === '/') {
        const alts = await expectDrawingsDrawn(page, '.hero', where);
        expect(alts.join(' ')).toMatch(/guard/i);
        expect(alts.join(' ')).toMatch(/Approve/);
        expect(alts.join(' ')).toContain('Ramesh Kumar');
      }
      if (english && base === '/features') {
        const core = page.locator('section', { has: page.getByRole('heading', { name: 'Six tools that run the daily life of a society' }) });
        const alts = await core.locator('img[src$=".svg"]').evaluateAll((imgs) => (imgs as HTMLImageElement[]).map((img) => img.alt));
        expect(alts.length, `${where}: the app beside its core features`).toBeGreaterThanOrEqual(3);
        expect(alts.join(' ')).toContain('₹2,500 due 5 Oct');
        expect(alts.join(' ')).toContain('water supply is off 10am–1pm');
      }

      // The rest at full speed: layout, accessibility, then the form as a visitor starts it.
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
      if (profile === 'phone') {
        await expectLaidOut(page, `${where} at 360 px`);
        expect(await axeViolations(page), `${where}: axe`).toEqual([]);
        await expectDocumentOutline(page, route, framed, notice);
        await keepScreenshot(page, route, 'phone-360');
        // 200 % zoom of a 1280 px window: 640×400 CSS pixels at twice the density.
        await cdp.send('Emulation.setDeviceMetricsOverride', { width: 640, height: 400, deviceScaleFactor: 2, mobile: false });
        await nextPaint(page);
        await expectLaidOut(page, `${where} at 200 % zoom`);
        await cdp.send('Emulation.clearDeviceMetricsOverride');
        if (!framed && !notice) expect(await cutInHeader(page), `${where}: the brand and the call to action whole, nothing past the bar`).toEqual([]);
        // Last, as it resizes the page (a block skipped at one width keeps the height it had at another until it is near):
        // the first round trip carries the page up to its first below-the-fold block (scripts/bench/sizes.ts): nothing from
        // there on shows in the first screen, here or on Lighthouse's phone; no such block so short that laying it out late
        // (a fast scroll reaching it first) moves what follows into view.
        for (const size of [viewport, lighthousePhone]) {
          await page.setViewportSize(size);
          await page.evaluate(() => scrollTo(0, 0));
          expect(await shownBelowTheFold(page), `${where} at ${size.width}×${size.height}: shown from below the fold`).toEqual([]);
          expect(await belowFoldBlocksShorterThan(page, 1 / 3), `${where} at ${size.width}×${size.height}: short below-fold blocks`).toEqual([]);
        }
        await page.setViewportSize(viewport);
      } else {
        expect(await belowFoldBlocksShorterThan(page, 1 / 3), `${where}: short below-fold blocks`).toEqual([]);
        await page.setViewportSize({ width: 1280, height: 800 });
        await nextPaint(page);
        await expectLaidOut(page, `${where} at 1280 px`);
        expect(await axeViolations(page), `${where}: axe`).toEqual([]);
        await keepScreenshot(page, route, 'desktop-1280');
        if (!framed && !notice) {
          await page.setViewportSize({ width: 960, height: 800 });
          await nextPaint(page);
          expectOneRow(await readFirstScreen(page, headerText(route)), `${where} at 960 px`);
        }
      }

      if (form) {
        const reactRequested = page.waitForRequest((r) => react.includes(new URL(r.url()).pathname), { timeout: 15_000 });
        if (formFarDown.has(base)) await page.locator(`${form} input:not([type="hidden"])`).first().focus();
        else await page.locator(form).hover();
        await reactRequested;
      }
      await context.close();

    }, 120_000);
  });
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The first screen as the page lays it out: the header and what it must show, found as a reader finds them (by their text). */
function readFirstScreen(page: Page, texts: { registerFree: string; mainNav: string; lead?: string }) {
  return page.evaluate(({ registerFree, mainNav, lead }) => {
    const box = (el: Element | null | undefined) => {
      if (!el) return null;
      const r = el.getBoundingClientRect();
      return { x: r.x, y: r.y, width: r.width, height: r.height };
    };
    const banner = document.querySelector('body > header')!;
    const byText = (root: Element | null, text: string) => [...(root?.querySelectorAll('a') ?? [])].find((a) => a.textContent.replace(/\s+/g, ' ').trim() === text);
    const register = byText(banner, registerFree);
    const shown = [...banner.querySelectorAll('a')].filter((a) => a.checkVisibility() && !a.closest('.visually-hidden, .skip-link'));
    return {
      scrollY: window.scrollY,
      header: box(banner)!,
      headline: box(document.querySelector('h1')),
      registerFree: box(register),
      registerFreeWhole: !!register && register.scrollWidth <= register.clientWidth,
      lead: lead ? box(byText(document.querySelector('main'), lead)) : null,
      navigationShown: !!document.querySelector(`nav[aria-label="${mainNav}"]`)?.checkVisibility(),
      links: shown.map((a) => ({ text: a.textContent.trim(), box: box(a)! })),
      languageSwitch: box(banner.querySelector('.language-switch summary')),
    };
  }, texts);
}

/** A desktop header: one row (at most 80 px), each visible link of it and the language switch inside the bar. */
function expectOneRow(seen: Awaited<ReturnType<typeof readFirstScreen>>, where: string) {
  const bottom = seen.header.y + seen.header.height;
  expect(seen.header.height, `${where}: the header is one row`).toBeLessThanOrEqual(80);
  for (const link of seen.links) expect(link.box.y + link.box.height, `${where}: ${link.text} sits in the bar`).toBeLessThanOrEqual(bottom);
  expect(seen.languageSwitch, `${where}: a language switch`).not.toBeNull();
  expect(seen.languageSwitch!.y + seen.languageSwitch!.height, `${where}: the language switch sits in the bar`).toBeLessThanOrEqual(bottom);
}
