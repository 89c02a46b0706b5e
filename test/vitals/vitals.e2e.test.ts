/**
 * Field vitals end to end: a real visit in Chromium → the loader fetches the web-vitals
 * reporter once the page is idle after load → it sends TTFB at once (the funnel's page view)
 * and the rest in one beacon when the page is left → the real server answers POST /vitals
 * with 204 and stores the metrics.
 */
import type http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, Response } from 'playwright-core';
import { launchBrowser } from '../helpers/browser.ts';
import { readDb, startServer } from '../helpers/server.ts';

let site: Awaited<ReturnType<typeof startServer>>;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
beforeAll(async () => {
  site = await startServer({ site: true, env: { VITALS_RATE_LIMIT_MAX: '1000' } });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

interface Row {
  page: string;
  name: string;
  value: number;
  rating: string | null;
  navigation_type: string | null;
}
const storedVitals = (): Row[] =>
  readDb(site.dataDir, (db) => db.prepare('SELECT page, name, value, rating, navigation_type FROM vitals ORDER BY id').all() as Row[], 'vitals.db');

const vitalsChunk = /\/assets\/vitals-[\w-]+\.js$/;

describe('web-vitals field data', () => {
  it('fetches the reporter only after load, once the page is idle', async () => {
    const page = await browser.context.newPage();
    const chunk = page.waitForResponse((r) => vitalsChunk.test(new URL(r.url()).pathname), { timeout: 15_000 });
    await page.goto(`${site.url}/features`, { waitUntil: 'load' });
    await chunk;
    const timing = await page.evaluate(() => {
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      const entry = performance.getEntriesByType('resource').find((e) => /\/assets\/vitals-/.test(e.name));
      return { loadEventEnd: nav.loadEventEnd, requested: entry?.startTime ?? -1 };
    });
    expect(timing.requested, 'the reporter is requested after the load event').toBeGreaterThanOrEqual(timing.loadEventEnd);
    await page.close({ runBeforeUnload: true });
    // Its beacon lands before the next test watches for one.
    await expect.poll(() => storedVitals().some((r) => r.page === '/features'), { timeout: 10_000 }).toBe(true);
  });

  /** The reporter module has run (importing it again resolves once it has) and its observers have had a task to take the buffered entries. */
  async function moduleRan(page: Page, chunk: Response) {
    // A string: Vitest would rewrite an import() written in a function.
    await page.evaluate(`import(${JSON.stringify(chunk.url())}).then(() => new Promise((resolve) => setTimeout(resolve, 0)))`);
  }

  /**
   * The browser has timed the first interaction (its first-input entry, always kept, exists)
   * and web-vitals has taken it into INP: it does so in an idle callback, and one still
   * pending when the page is hidden comes after INP's final report, so that INP would be lost
   * (on a quiet machine the next navigation comes first). Ours is queued after web-vitals' own.
   */
  function interactionTimed(page: Page) {
    return page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          new PerformanceObserver((_list, observer) => {
            observer.disconnect();
            setTimeout(() => requestIdleCallback(() => resolve()), 0);
          }).observe({ type: 'first-input', buffered: true });
        }),
    );
  }

  it('sends TTFB of a visit at once and LCP, CLS, FCP and INP in one beacon when the page is left, and the server stores them', async () => {
    const page = await browser.context.newPage();
    // A beacon sent while its page unloads reaches neither Playwright's request events nor
    // the page's CDP session, so it is watched where it arrives: the server (headers and
    // status only; the body is the server's to read, and what it stored is checked below).
    const beacons: { method: string; contentType?: string; status?: number }[] = [];
    const watch = (req: http.IncomingMessage, res: http.ServerResponse) => {
      // This visit's beacons only (not those of the page it goes on to).
      if (req.url !== '/vitals' || new URL(req.headers.referer ?? 'http://x/').pathname !== '/about-us') return;
      const beacon: (typeof beacons)[number] = { method: req.method ?? '', contentType: req.headers['content-type'] };
      beacons.push(beacon);
      res.on('finish', () => (beacon.status = res.statusCode));
    };
    site.app.server.on('request', watch);
    const chunk = page.waitForResponse((r) => vitalsChunk.test(new URL(r.url()).pathname), { timeout: 15_000 });
    await page.goto(`${site.url}/about-us`, { waitUntil: 'load' });
    await moduleRan(page, await chunk);
    // The load's TTFB goes at once: the beacon the funnel counts a view from, even if the last one is lost.
    await expect.poll(() => beacons.map((b) => b.status), { timeout: 10_000 }).toEqual([204]);
    // An interaction, so there is an INP to report.
    await page.locator('h1').first().click();
    await page.keyboard.press('Tab');
    await interactionTimed(page);
    // Leaving the page hides it: the queue is flushed with navigator.sendBeacon.
    await page.goto(`${site.url}/privacy-policy`, { waitUntil: 'load' });

    // The TTFB row is there already; the second beacon's rows are stored in the service's next write batch.
    const rowsOfVisit = () => storedVitals().filter((r) => r.page === '/about-us');
    await expect.poll(() => rowsOfVisit().map((r) => r.name).sort(), { timeout: 10_000 }).toEqual(['CLS', 'FCP', 'INP', 'LCP', 'TTFB']);
    await expect.poll(() => beacons[1]?.status).toBeDefined();
    const rows = rowsOfVisit();
    for (const row of rows) {
      expect(row.value, row.name).toBeGreaterThanOrEqual(0);
      expect(['good', 'needs-improvement', 'poor'], row.name).toContain(row.rating);
      expect(row.navigation_type, row.name).toBe('navigate');
    }
    expect(rows.find((r) => r.name === 'CLS')?.value, 'no layout shift on /about-us').toBe(0);

    // What went over the wire: two beacons (at load, when left), text/plain (so no CORS preflight), answered 204.
    site.app.server.off('request', watch);
    const sent = { method: 'POST', contentType: expect.stringMatching(/^text\/plain/), status: 204 };
    expect(beacons).toEqual([sent, sent]);
    await page.close();
  });

  it('reports a page left without any interaction too (no INP then)', async () => {
    const page = await browser.context.newPage();
    const chunk = page.waitForResponse((r) => vitalsChunk.test(new URL(r.url()).pathname), { timeout: 15_000 });
    await page.goto(`${site.url}/terms-of-service`, { waitUntil: 'load' });
    await moduleRan(page, await chunk);
    await page.close({ runBeforeUnload: true });
    await expect
      .poll(() => storedVitals().filter((r) => r.page === '/terms-of-service').map((r) => r.name).sort(), { timeout: 10_000 })
      .toEqual(['CLS', 'FCP', 'LCP', 'TTFB']);
  });
});
