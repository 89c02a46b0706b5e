/**
 * Chromium as a visitor moving between pages, for the speculation, back/forward-cache and
 * view-transition checks (test/site/instant-navigation.e2e.test.ts) and `npm run bench:instant`.
 *
 * What works here (Chromium 156, new headless, puppeteer-core 24):
 * - puppeteer-core with the site's usual flags: speculation rules and prerendering need no
 *   extra flag, and the back/forward cache is on (playwright-core launches Chromium with
 *   `--disable-back-forward-cache`, and its clicks do not activate a prerender).
 * - A prerender is activated in the same tab, but puppeteer's Page keeps pointing at the
 *   frame that was replaced ("detached Frame"). So every read goes through the tab's own
 *   DevTools session (Runtime.evaluate), which follows the activated page. A second
 *   session on the tab would make Chromium refuse to prerender from it.
 * - Every request of a prerendering page carries `Sec-Purpose: prefetch;prerender`, which
 *   is how the server side of a test tells a prerender's requests apart.
 */
import puppeteer, { type Browser, type CDPSession, type Page } from 'puppeteer-core';
import { chromiumArgs, chromiumPath } from '../chromium-path.ts';

export async function launchInstantBrowser(): Promise<Browser> {
  return puppeteer.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: chromiumArgs.filter((a) => a !== '--headless'),
    defaultViewport: { width: 1280, height: 800 },
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The tab's own DevTools session (puppeteer keeps it across a prerender's activation). */
export const tabSession = (page: Page): CDPSession => (page as unknown as { _client(): CDPSession })._client();

/** Evaluates an expression (awaiting a promise) in whatever document the tab shows now, retrying while it is being swapped. */
export async function evaluateInTab<T>(page: Page, expression: string): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      const { result, exceptionDetails } = await tabSession(page).send('Runtime.evaluate', { expression, returnByValue: true, awaitPromise: true });
      if (exceptionDetails) throw new Error(exceptionDetails.exception?.description ?? exceptionDetails.text);
      return result.value as T;
    } catch (error) {
      if (attempt >= 50) throw error;
      await sleep(100);
    }
  }
}

export const tabUrl = (page: Page) => evaluateInTab<string>(page, 'location.href');

/** Waits until the tab shows a document at `url` (after a click, a Back, an activation) that has finished loading. */
export async function waitForTabUrl(page: Page, url: string): Promise<void> {
  for (let attempt = 0; attempt < 150; attempt++) {
    const state = await evaluateInTab<{ href: string; ready: string }>(page, '({ href: location.href, ready: document.readyState })').catch(() => undefined);
    if (state && state.href === url && state.ready === 'complete') return;
    await sleep(100);
  }
  throw new Error(`the tab never showed ${url} (it shows ${await tabUrl(page).catch(() => '?')})`);
}

export interface ShownPage {
  href: string;
  /** The navigation entry's type: navigate, reload, back_forward, prerender is `navigate` with activationStart > 0. */
  type: string;
  activationStart: number;
  /** Whether the page was shown again from the back/forward cache (its `pageshow` had `persisted`). */
  restored: boolean;
  /** Largest contentful paint, counted from activation (from the start for a page that was not prerendered); null when none. */
  lcp: { time: number; element: string } | null;
  fcp: number | null;
}

/**
 * Facts about the page the tab shows: its navigation entry, LCP and FCP from activation
 * (the page's own buffered entries), and whether it came from the back/forward cache
 * (recorded by INSTRUMENT, installed before it is left).
 */
export function readShownPage(page: Page): Promise<ShownPage> {
  return evaluateInTab<ShownPage>(
    page,
    `new Promise((resolve) => {
      const nav = performance.getEntriesByType('navigation')[0];
      const from = nav.activationStart || 0;
      let last = null;
      try { new PerformanceObserver((l) => { last = l.getEntries().at(-1); }).observe({ type: 'largest-contentful-paint', buffered: true }); } catch {}
      const started = performance.now();
      const settle = () => {
        const fcp = performance.getEntriesByName('first-contentful-paint')[0];
        // Until the page has painted (up to 10 s), then 300 ms more for a later, larger paint.
        if (!fcp && performance.now() - started < 10000) return setTimeout(settle, 50);
        setTimeout(() => resolve({
          href: location.href,
          type: nav.type,
          activationStart: from,
          restored: !!window.__restoredFromBfcache,
          lcp: last ? { time: Math.max(0, last.startTime - from), element: last.element ? last.element.localName + (last.element.id ? '#' + last.element.id : '') : '' } : null,
          fcp: fcp ? Math.max(0, fcp.startTime - from) : null,
        }), 300);
      };
      settle();
    })`,
  );
}

/** Marks the current document so a later `readShownPage` can tell a back/forward-cache restore. */
export const INSTRUMENT = `addEventListener('pageshow', (e) => { if (e.persisted) window.__restoredFromBfcache = true; })`;

/**
 * The visitor rests the pointer on the link (the "moderate" signal), waits `dwellMs` (long
 * enough for a prerender to finish loading: the test waits on the server for it instead),
 * then clicks it. Resolves when the tab shows the link's page.
 */
export async function hoverAndClick(page: Page, selector: string, url: string, waitBeforeClick: () => Promise<void>): Promise<void> {
  const link = await page.$(selector);
  if (!link) throw new Error(`no link ${selector} on ${page.url()}`);
  await link.scrollIntoView();
  await link.hover();
  await waitBeforeClick();
  await link.click();
  await waitForTabUrl(page, url);
}
