/**
 * What a browser checks on a page it has loaded once (test/site/crawl-*.e2e.test.ts): each
 * check reads the page as it is and says what is wrong, so a crawl runs them all on a single
 * load. Waits are on the page's own events (images decoded, animation frames, responses),
 * never on the clock.
 */
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { defaultLanguage, languageOfRoute } from '../../contract/languages.ts';
import { loadSiteCatalogue } from '../../site-generator/catalogues.ts';
import { isNotFoundRoute } from '../../scripts/paths.ts';
import { headingLevels, overlappingText } from './page-checks.ts';

/** The address that shows a built route: a not-found page shows for an unknown path of its language. */
export const urlPath = (route: string): string => (isNotFoundRoute(route) ? route.replace(/404$/, 'no-such-page') : route);

export const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

/** Records layout shifts not caused by input, with the elements that moved, in window.__shifts. */
export async function recordShifts(page: Page) {
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

/** CLS 0 as Lighthouse reports it (three decimals); anything a visitor could notice is orders of magnitude above this line. */
const CLS_ZERO = 0.001;

/** The layout shifts recorded so far, when they add up to more than Lighthouse's 0; else none. */
export async function layoutShifts(page: Page): Promise<{ value: number; at: number; sources: string[] }[]> {
  const shifts = await page.evaluate(() => (window as unknown as { __shifts: { value: number; at: number; sources: string[] }[] }).__shifts);
  return shifts.reduce((sum, s) => sum + s.value, 0) < CLS_ZERO ? [] : shifts;
}

/** Two animation frames: whatever the last change started has been laid out and painted. */
export const nextPaint = (page: Page) => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

/**
 * Waits until every image the page shows in or near the viewport has loaded and decoded
 * (a lazy one starts once it nears the viewport, so this waits a frame first to let it start).
 */
export async function imagesInViewSettled(page: Page) {
  await nextPaint(page);
  await page.evaluate(async () => {
    const near = (img: HTMLImageElement) => {
      const r = img.getBoundingClientRect();
      return img.getClientRects().length > 0 && r.bottom > -innerHeight && r.top < 2 * innerHeight;
    };
    const loaded = (img: HTMLImageElement) =>
      img.complete
        ? Promise.resolve()
        : new Promise((resolve) => {
            img.addEventListener('load', resolve, { once: true });
            img.addEventListener('error', resolve, { once: true });
          });
    await Promise.all([...document.images].filter(near).map((img) => loaded(img).then(() => img.decode().catch(() => undefined))));
  });
  await nextPaint(page);
}

/**
 * Scrolls down a screen (80 % of one) at a time to the end, letting lazy images load and
 * settle on the way, then back to the top: the page as a reader sees it from top to bottom.
 * Returns the images the page shows that have not loaded (none, on a good page). Each jump is
 * instant, as a finger's scroll is: the site's CSS scrolls smoothly, which on a slowed CPU would
 * still be on its way when the next step looks.
 */
export async function walkThePage(page: Page): Promise<string[]> {
  const step = Math.round(page.viewportSize()!.height * 0.8);
  for (let y = 0; ; y += step) {
    const height = await page.evaluate((top) => {
      window.scrollTo({ top, behavior: 'instant' });
      return document.documentElement.scrollHeight;
    }, y);
    await imagesInViewSettled(page);
    if (y > height) break;
  }
  const unloaded = await page.evaluate(() =>
    [...document.images]
      .filter((img) => img.getClientRects().length > 0 && !(img.complete && img.naturalWidth > 0))
      .map((img) => `${new URL(img.src).pathname} (${img.complete ? 'broken' : 'not loaded'}, at ${Math.round(img.getBoundingClientRect().left)},${Math.round(img.getBoundingClientRect().top + scrollY)})`),
  );
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  await nextPaint(page);
  return unloaded;
}

/** Fails unless the element's whole box lies inside the first viewport of an unscrolled page. */
export async function expectInFirstScreen(page: Page, locator: Locator, what: string) {
  const viewport = page.viewportSize()!;
  const box = await locator.boundingBox();
  expect(box, `${what} is rendered`).not.toBeNull();
  const { x, y, width, height } = box!;
  expect(await page.evaluate(() => window.scrollY), 'the page is not scrolled').toBe(0);
  expect(x >= 0 && y >= 0 && x + width <= viewport.width && y + height <= viewport.height, `${what}: box ${JSON.stringify(box)} inside ${viewport.width}×${viewport.height}`).toBe(true);
}

/** The header's strings in a route's language (pages/i18n/<code>/layout.json). */
export const headerText = (route: string) => {
  const texts = loadSiteCatalogue(languageOfRoute(route).code);
  return { registerFree: texts.get('layout.registerFree')!, mainNav: texts.get('layout.mainNav')! };
};

/** How far a page scrolls sideways (0 or less: not at all). */
export const sidewaysOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** Layout at the current viewport: no sideways scrolling, no text over other text. */
export async function expectLaidOut(page: Page, where: string) {
  expect(await sidewaysOverflow(page), `${where} scrolls sideways`).toBeLessThanOrEqual(0);
  expect(await overlappingText(page), `${where}: overlapping text`).toEqual([]);
}

/** axe's WCAG 2.2 A/AA violations, once no animation is running (a toast is measured at its final colours). */
export async function axeViolations(page: Page): Promise<string[]> {
  await page.waitForFunction(
    () => {
      const roots: (Document | ShadowRoot)[] = [document];
      for (const element of document.querySelectorAll('*')) if (element.shadowRoot) roots.push(element.shadowRoot);
      return roots.every((root) => root.getAnimations().every((animation) => animation.playState !== 'running'));
    },
    undefined,
    { timeout: 5_000 },
  );
  const results = await new AxeBuilder({ page }).withTags(WCAG).analyze();
  return results.violations.map((v) => `${v.id}: ${v.help} → ${v.nodes.map((n) => n.target.join(' ')).slice(0, 4).join(', ')}`);
}

/**
 * Headings in order from one h1 (no level skipped), one banner, one main, a navigation (a
 * notice page: its own bar, no navigation); the framed form: its h1 then the form's h2, and a main.
 */
export async function expectDocumentOutline(page: Page, route: string, framed: boolean, notice: boolean) {
  const levels = await headingLevels(page);
  if (framed) {
    expect(levels.map((h) => h.level), `${route}: its h1, then the form`).toEqual([1, 2]);
    expect(await page.getByRole('main').count()).toBe(1);
    return;
  }
  expect(levels[0]?.level, `${route}: the first heading is its h1`).toBe(1);
  for (let i = 1; i < levels.length; i++) {
    expect(levels[i]!.level - levels[i - 1]!.level, `${route}: heading "${levels[i]!.text}" after "${levels[i - 1]!.text}"`).toBeLessThanOrEqual(1);
  }
  expect(await page.getByRole('banner').count(), `${route}: one banner`).toBe(1);
  expect(await page.getByRole('main').count(), `${route}: one main`).toBe(1);
  if (!notice) expect(await page.getByRole('navigation').count(), `${route}: a navigation`).toBeGreaterThanOrEqual(1);
}

/** Every drawing of the app the page shows: it says what it shows, has its intrinsic size, is drawn at that aspect ratio and wide enough to read. */
export async function expectDrawingsDrawn(page: Page, scope: string, where: string): Promise<string[]> {
  const drawings = await page.locator(`${scope} img[src$=".svg"]`).evaluateAll((imgs) =>
    (imgs as HTMLImageElement[])
      .filter((img) => img.getClientRects().length > 0)
      .map((img) => ({ alt: img.alt, width: Number(img.getAttribute('width')), height: Number(img.getAttribute('height')), box: img.getBoundingClientRect().toJSON() as DOMRect, loaded: img.complete && img.naturalWidth > 0 })),
  );
  for (const [i, d] of drawings.entries()) {
    expect(d.loaded, `${where}: drawing ${i} loaded`).toBe(true);
    expect(d.alt.length, `${where}: drawing ${i} says what it shows`).toBeGreaterThan(40);
    expect(d.width > 0 && d.height > 0, `${where}: drawing ${i} has width and height attributes`).toBe(true);
    expect(d.box.width, `${where}: drawing ${i} is shown`).toBeGreaterThan(100);
    expect(d.box.height / d.box.width, `${where}: drawing ${i} keeps its aspect ratio`).toBeCloseTo(d.height / d.width, 1);
  }
  return drawings.map((d) => d.alt);
}

/** Every request a page makes, and the JavaScript files with the compressed bytes the server sent for each. */
export function trackRequests(page: Page) {
  const urls: string[] = [];
  const scripts = new Set<string>();
  const measured: Promise<[string, number]>[] = [];
  page.on('request', (request) => {
    urls.push(request.url());
    const { pathname } = new URL(request.url());
    if (pathname.endsWith('.js')) scripts.add(pathname);
  });
  page.on('requestfinished', (request) => {
    const { pathname } = new URL(request.url());
    // A page closed before its sizes arrive yields NaN: never an unhandled rejection, never a silent pass.
    if (pathname.endsWith('.js')) measured.push(request.sizes().then((s) => [pathname, s.responseBodySize] as [string, number], () => [pathname, Number.NaN] as [string, number]));
  });
  return { urls, scripts, sizes: async () => new Map(await Promise.all(measured)) };
}

/** The scripts a page requested before its first contentful paint (its starter's fallback timer aside: a starved machine may paint after it, by design). */
export function scriptsBeforeFirstPaint(page: Page, fallbackMs: number): Promise<string[]> {
  return page.evaluate(async (fallback) => {
    // The paint's entry is queued once the frame is shown, which on a busy machine may come after load: wait for it.
    const fcp = await new Promise<number | undefined>((resolve) => {
      new PerformanceObserver((list) => {
        const entry = list.getEntriesByName('first-contentful-paint')[0];
        if (entry) resolve(entry.startTime);
      }).observe({ type: 'paint', buffered: true });
      setTimeout(() => resolve(undefined), 30_000);
    });
    if (fcp === undefined) return ['no first-contentful-paint entry'];
    return performance
      .getEntriesByType('resource')
      .filter((e) => new URL(e.name).pathname.endsWith('.js') && e.startTime < fcp && e.startTime < fallback)
      .map((e) => `${new URL(e.name).pathname} at ${Math.round(e.startTime)} ms, painted at ${Math.round(fcp)} ms`);
  }, fallbackMs);
}

/** A screenshot of the whole page for people to look at (English pages), under test-output/screens. */
export async function keepScreenshot(page: Page, route: string, name: string) {
  if (languageOfRoute(route) !== defaultLanguage) return;
  const file = `${route === '/' ? 'home' : route.slice(1).replace(/\//g, '_')}-${name}.png`;
  await page.screenshot({ path: path.resolve(import.meta.dirname, '../../test-output/screens', file), fullPage: true });
}
