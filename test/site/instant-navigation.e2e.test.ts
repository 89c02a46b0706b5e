/**
 * The next page is already there, in Chromium on the real server:
 * - following a link after resting the pointer on it (the speculation rules' "moderate"
 *   signal) shows a prerendered page, for every page link of the header, footer and body
 *   of / and /hi/, and its LCP is counted from activation (and reported as such); a page
 *   whose LCP element is the drawing beside its title has it from the prerender;
 * - Back to any route restores it from the back/forward cache, a form with what was typed
 *   and a sent form with its confirmation;
 * - a visitor who saves data gets nothing prefetched or prerendered;
 * - a prerender that is never shown sends no vitals beacon and fetches no challenge and no
 *   widget (Chromium marks its requests `Sec-Purpose: prefetch;prerender`).
 * No timing is asserted: `npm run bench:instant` measures it. How the browser is driven:
 * scripts/bench/instant-browser.ts.
 */
import { createHash } from 'node:crypto';
import type { Browser, HTTPRequest, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultLanguage } from '../../contract/languages.ts';
import { isNotFoundRoute } from '../../scripts/paths.ts';
import { longestLanguage, oneLanguageRoutes, templatePagesIn } from '../helpers/page-sample.ts';
import { evaluateInTab, hoverAndClick, INSTRUMENT, launchInstantBrowser, readShownPage, tabSession, waitForTabUrl } from '../../scripts/bench/instant-browser.ts';
import { formValues } from '../helpers/fixtures.ts';
import { readDb, startServer, storedLeads } from '../helpers/server.ts';

const vitalsRows = (dataDir: string) =>
  readDb(dataDir, (db) => db.prepare('SELECT id, page, name, navigation_type FROM vitals ORDER BY id').all() as { id: number; page: string; name: string; navigation_type: string | null }[], 'vitals.db');

let site: Awaited<ReturnType<typeof startServer>>;
let browser: Browser;
beforeAll(async () => {
  site = await startServer({ site: true });
  browser = await launchInstantBrowser();
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const isPrerenderRequest = (request: HTTPRequest) => /\bprerender\b/.test(request.headers()['sec-purpose'] ?? '');

/** A fresh tab that records every request it (and any prerender it starts) makes. */
async function openTab(path: string, options: { saveData?: 'header' | 'navigator' } = {}) {
  const page = await browser.newPage();
  const requests: HTTPRequest[] = [];
  page.on('request', (request) => requests.push(request));
  const consoleErrors: string[] = [];
  page.on('console', (message) => message.type() === 'error' && consoleErrors.push(message.text()));
  const session = tabSession(page);
  const prerenders = new Map<string, string>();
  const failures = new Map<string, string>();
  /** Speculation rule sets Chromium took from the page: with none, nothing can be prerendered. */
  const ruleSets: string[] = [];
  await session.send('Preload.enable');
  session.on('Preload.ruleSetUpdated', (event) => ruleSets.push(event.ruleSet.id));
  session.on('Preload.prerenderStatusUpdated', (event) => {
    // A prerender is of the document: a link's fragment does not count.
    const url = event.key.url.replace(/#.*$/, '');
    prerenders.set(url, event.status);
    if (event.status === 'Failure') failures.set(url, `${event.prerenderStatus ?? ''} ${event.disallowedMojoInterface ?? ''}`.trim());
  });
  // `navigator`: navigator.connection.saveData alone (what a static host's page can see);
  // `header`: every request says Save-Data: on and the page cannot tell (only the service can).
  if (options.saveData === 'navigator') await session.send('Emulation.setDataSaverOverride', { dataSaverEnabled: true });
  if (options.saveData === 'header') await page.setExtraHTTPHeaders({ 'Save-Data': 'on' });
  await page.goto(site.url + path, { waitUntil: 'load' });
  // The loader adds the rules once the page has painted (and not at all while saving data).
  if (!options.saveData) await page.waitForSelector('head > script[type="speculationrules"]', { timeout: 30_000 });
  /** Resolves once Chromium reports the prerender of `url` ready; rejects with its reason when it failed. */
  const prerendered = async (url: string) => {
    for (let i = 0; i < 300; i++) {
      if (prerenders.get(url) === 'Ready') return;
      if (failures.has(url)) throw new Error(`prerender of ${url} failed: ${failures.get(url)}`);
      await sleep(50);
    }
    throw new Error(`no prerender of ${url} (status ${prerenders.get(url) ?? 'none'})`);
  };
  return { page, requests, prerenders, prerendered, consoleErrors, ruleSets };
}

interface PageLink {
  region: 'header' | 'main' | 'footer';
  href: string;
  /** In the header's language switch, a <details> the visitor opens first. */
  inSwitch: boolean;
}

/** Links of a page to other pages of this site (not to files, not to the framed form, not within the page itself). */
function pageLinksOf(page: Page): Promise<PageLink[]> {
  return page.evaluate(() => {
    const seen = new Set<string>();
    const links: { region: 'header' | 'main' | 'footer'; href: string; inSwitch: boolean }[] = [];
    for (const region of ['header', 'main', 'footer'] as const) {
      for (const a of document.querySelectorAll<HTMLAnchorElement>(`body > ${region} a[href], body ${region}.site-${region} a[href], #main a[href]`)) {
        const place = a.closest('header') ? 'header' : a.closest('footer') ? 'footer' : 'main';
        if (place !== region) continue;
        const url = new URL(a.href);
        if (url.origin !== location.origin || url.pathname === location.pathname) continue;
        if (/\.[^/]*$/.test(url.pathname) || url.pathname.endsWith('/embed/frame') || a.hasAttribute('download')) continue;
        const href = a.getAttribute('href')!;
        if (seen.has(region + href)) continue;
        seen.add(region + href);
        links.push({ region, href, inSwitch: a.closest('.language-switch') !== null });
      }
    }
    return links;
  });
}

const linkSelector = ({ region, href }: PageLink) => `${region === 'main' ? '#main' : region} a[href="${href}"]`;

describe('speculation rules: hover, then click', () => {
  for (const from of ['/', '/hi/']) {
    it(`every page link of ${from} (header, body, footer) opens a prerendered page, its LCP counted from activation`, async () => {
      const probe = await openTab(from);
      const links = await pageLinksOf(probe.page);
      await probe.page.close();
      // The header's and footer's page links at least; the body's where it has any.
      expect(links.filter((l) => l.region === 'header').length).toBeGreaterThanOrEqual(4);
      expect(links.filter((l) => l.region === 'footer').length).toBeGreaterThanOrEqual(4);
      expect(links.filter((l) => l.region === 'main').length).toBeGreaterThanOrEqual(1);

      const shown: string[] = [];
      for (const link of links) {
        const tab = await openTab(from);
        const target = new URL(link.href, site.url + from).href;
        if (link.inSwitch) await tab.page.click('header .language-switch summary');
        await hoverAndClick(tab.page, linkSelector(link), target, () => tab.prerendered(target.replace(/#.*$/, '')));
        const page = await readShownPage(tab.page);
        expect(page.activationStart, `${link.region} ${link.href}: activationStart`).toBeGreaterThan(0);
        expect(page.lcp, `${link.region} ${link.href}: an LCP entry after activation`).not.toBeNull();
        shown.push(`${link.region} ${link.href}`);
        await tab.page.close();
      }
      expect(shown.length).toBe(links.length);
    }, 600_000);
  }

  it.each(['/about-us', '/features', '/success-stories', '/hi/about-us', '/hi/features', '/hi/success-stories'])(
    '%s, prerendered at 1280×800: the drawing beside its title (its LCP element) arrived before the page was shown',
    async (route) => {
      const from = route.startsWith('/hi/') ? '/hi/' : '/';
      const tab = await openTab(from);
      const target = site.url + route;
      const drawingFetched = () => tab.requests.some((r) => isPrerenderRequest(r) && /\/assets\/committee-[\w-]+\.svg$/.test(r.url()) && r.response() !== null);
      await hoverAndClick(tab.page, `header a[href="${route}"]`, target, async () => {
        await tab.prerendered(target);
        // A lazy image in a prerender waits for the activation; only the preload fetches it before.
        for (let i = 0; i < 100 && !drawingFetched(); i++) await sleep(50);
      });
      const shown = await evaluateInTab<{ activationStart: number; lcp: string; fetchedBefore: boolean }>(
        tab.page,
        `new Promise((resolve) => new PerformanceObserver((list) => {
          const nav = performance.getEntriesByType('navigation')[0];
          const lcp = list.getEntries().at(-1);
          const fetched = lcp.element && lcp.element.currentSrc ? performance.getEntriesByName(lcp.element.currentSrc)[0] : undefined;
          resolve({ activationStart: nav.activationStart, lcp: lcp.element ? lcp.element.localName : '', fetchedBefore: !!fetched && fetched.responseEnd < nav.activationStart });
        }).observe({ type: 'largest-contentful-paint', buffered: true }))`,
      );
      expect(shown.activationStart, 'activationStart').toBeGreaterThan(0);
      expect(shown.lcp, 'the LCP element').toBe('img');
      expect(shown.fetchedBefore, 'the LCP image was fetched by the prerender').toBe(true);
      await tab.page.close();
    },
    120_000,
  );

  it('reports a prerendered page’s vitals as navigation type "prerender", LCP counted from activation', async () => {
    const seen = Math.max(0, ...vitalsRows(site.dataDir).map((r) => r.id));
    const tab = await openTab('/');
    const target = site.url + '/about-us';
    await hoverAndClick(tab.page, 'header a[href="/about-us"]', target, () => tab.prerendered(target));
    // The vitals module arrives once the page is idle after load and sends the page's TTFB at once: then it listens, and leaving the page (hidden) sends the rest.
    // A busy machine may take a while to reach the idle moment: the wait is on the request, not a time.
    await expect.poll(() => tab.requests.some((r) => new URL(r.url()).pathname === '/vitals' && r.method() === 'POST'), { timeout: 45_000 }).toBe(true);
    await evaluateInTab(tab.page, `location.href = '/features'`);
    await expect
      .poll(() => vitalsRows(site.dataDir).filter((r) => r.id > seen && r.page === '/about-us' && r.name === 'LCP').map((r) => r.navigation_type), { timeout: 45_000 })
      .toEqual(['prerender']);
    await tab.page.close();
  });

  it.each(['navigator', 'header'] as const)('speculates nothing for a visitor who asks to save data (%s)', async (saveData) => {
    const tab = await openTab('/', { saveData });
    // The loader has run (it arrives after the first paint): importing it again resolves once it has.
    await expect.poll(() => tab.requests.find((r) => /\/assets\/loader-[\w-]+\.js$/.test(r.url()))?.url(), { timeout: 30_000 }).toBeTruthy();
    const loader = tab.requests.find((r) => /\/assets\/loader-[\w-]+\.js$/.test(r.url()))!.url();
    await tab.page.evaluate(`import(${JSON.stringify(loader)})`);
    const rulesRequest = tab.requests.find((r) => r.url().endsWith('/speculation.json'));
    if (saveData === 'header') {
      // Only the service can tell from the request: it answers with no rules.
      await expect.poll(() => rulesRequest?.response()?.status()).toBe(204);
    } else {
      expect(rulesRequest, 'the loader asked for no rules').toBeUndefined();
    }
    expect(await tab.page.$$eval('script[type="speculationrules"]', (s) => s.length)).toBe(0);
    // Chromium took no rule set from the page, so resting the pointer on a link can start nothing.
    expect(tab.ruleSets, 'speculation rule sets').toEqual([]);
    for (const href of ['/about-us', '/features', '/career']) {
      const link = await tab.page.$(`header a[href="${href}"]`);
      await link!.hover();
    }
    expect(tab.prerenders.size, `prerenders: ${[...tab.prerenders.keys()].join(', ')}`).toBe(0);
    expect(tab.requests.filter((r) => r.headers()['sec-purpose']).map((r) => r.url())).toEqual([]);
    await tab.page.close();
  });

  it('adds the rules as an inline script that the page’s CSP allows by its hash, after the first paint', async () => {
    const tab = await openTab('/');
    const rules = await tab.page.$eval('head > script[type="speculationrules"]', (s) => s.textContent);
    expect(rules).toBe(await (await fetch(site.url + '/speculation.json')).text());
    const csp = (await fetch(site.url + '/')).headers.get('content-security-policy') ?? '';
    expect(csp).toContain(`'sha256-${createHash('sha256').update(rules).digest('base64')}'`);
    // Fetched after the page painted: the document was the first and only request before it.
    const paint = await tab.page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]!.startTime);
    const fetchedAt = await tab.page.evaluate(() => performance.getEntriesByName(new URL('/speculation.json', location.href).href)[0]!.startTime);
    expect(fetchedAt).toBeGreaterThan(paint);
    expect(tab.consoleErrors).toEqual([]);
    await tab.page.close();
  });

  it('a prerender that is never shown sends no beacon and fetches no challenge and no widget', async () => {
    for (const from of ['/about-us', '/hi/about-us']) {
      const tab = await openTab(from);
      const home = from.startsWith('/hi/') ? '/hi/' : '/';
      const career = `${home === '/' ? '' : '/hi'}/career`;
      // Two prerenders of pages with a form (one reached through the link to its form), left waiting longer than the starter's fallback timer.
      for (const href of [home === '/' ? '/#registration' : '/hi/#registration', career]) {
        const link = await tab.page.$(`a[href="${href}"]`);
        if (!link) continue;
        await link.hover();
        await tab.prerendered(new URL(href, site.url).href.replace(/#.*$/, ''));
      }
      expect(tab.prerenders.size).toBeGreaterThanOrEqual(1);
      // Ready: the prerender has loaded. Its starter sets no timer before activation (test/build/build-output.unit.test.ts runs it on a test clock).
      const fromPrerender = tab.requests.filter(isPrerenderRequest).map((r) => new URL(r.url()).pathname);
      expect(fromPrerender.length, 'the prerender fetched its document').toBeGreaterThan(0);
      expect(fromPrerender.filter((p) => /altcha|challenge|\/vitals$|\/widgets\/|\/assets\/.*\.js$/.test(p)), 'no script, challenge or beacon').toEqual([]);
      await tab.page.close();
    }
  }, 120_000);
});

describe('back/forward cache', () => {
  // Whether Chromium keeps a page is decided by its template, headers and scripts, not by its language: each template in English and in the longest text, and the notice in each direction.
  const routes = [...templatePagesIn([defaultLanguage, longestLanguage]), ...oneLanguageRoutes, '/notice/en', '/notice/ur'].filter((route) => !isNotFoundRoute(route));

  it.each(routes)('Back to %s restores it from the back/forward cache', async (route) => {
    const page = await browser.newPage();
    const documents: string[] = [];
    page.on('request', (r) => r.resourceType() === 'document' && documents.push(new URL(r.url()).pathname));
    const reasons: string[] = [];
    tabSession(page).on('Page.backForwardCacheNotUsed', (event) => reasons.push(...event.notRestoredExplanations.map((e) => e.reason)));
    await page.goto(site.url + route, { waitUntil: 'load' });
    await evaluateInTab(page, INSTRUMENT);
    const other = route === '/privacy-policy' ? '/terms-of-service' : '/privacy-policy';
    await evaluateInTab(page, `location.href = ${JSON.stringify(other)}`);
    await waitForTabUrl(page, site.url + other);
    expect(documents, 'the same listener saw both documents requested').toEqual(expect.arrayContaining([route, other]));
    const before = documents.length;
    await evaluateInTab(page, 'history.back()');
    await waitForTabUrl(page, site.url + route);
    const shown = await readShownPage(page);
    expect(reasons, 'why Chromium did not use the back/forward cache').toEqual([]);
    expect(shown.restored, 'pageshow with persisted').toBe(true);
    expect(shown.type).toBe('navigate'); // the entry of the document as first loaded: restored, not loaded again
    expect(documents.slice(before), 'no new document request').toEqual([]);
    await page.close();
  });

  /** Leaves the tab's page for another, comes Back, and says whether the back/forward cache restored it (with Chromium's reasons if not). */
  async function leaveAndComeBack(page: Page, route: string, other: string): Promise<{ restored: boolean; reasons: string[] }> {
    const reasons: string[] = [];
    const listener = (event: { notRestoredExplanations: { reason: string }[] }) => reasons.push(...event.notRestoredExplanations.map((e) => e.reason));
    tabSession(page).on('Page.backForwardCacheNotUsed', listener);
    await evaluateInTab(page, INSTRUMENT);
    await evaluateInTab(page, `location.href = ${JSON.stringify(other)}`);
    await waitForTabUrl(page, site.url + other);
    await evaluateInTab(page, 'history.back()');
    await waitForTabUrl(page, site.url + route);
    const { restored } = await readShownPage(page);
    tabSession(page).off('Page.backForwardCacheNotUsed', listener);
    return { restored, reasons };
  }

  const registrationState = (page: Page) =>
    evaluateInTab<{ values: string[]; confirmation: string | null; form: boolean }>(
      page,
      `(() => {
        const root = document.querySelector('society-registration').shadowRoot;
        return {
          values: [...root.querySelectorAll('[part~="input"]')].map((c) => c.value),
          confirmation: root.querySelector('.confirmation h2')?.textContent ?? null,
          form: !!root.querySelector('form'),
        };
      })()`,
    );

  /** The element has taken over its pre-rendered form (defined, it renders at once): its submit is the widget's, not the browser's own post. */
  const submitLive = (page: Page) => evaluateInTab<boolean>(page, `!!document.querySelector('society-registration:defined')`);

  it('a form comes back with what was typed, and a sent form with its confirmation, not a form ready to send again', async () => {
    const page = await browser.newPage();
    await page.goto(site.url + '/', { waitUntil: 'load' });
    const values = formValues('society');
    // Typed once the element has taken over (acting on the form starts it): a keystroke sent
    // while the pre-rendered form is being replaced could land in the field focused before.
    await page.focus('society-registration >>> input[name="name"]');
    await expect.poll(() => submitLive(page), { message: 'the element took over its pre-rendered form', timeout: 30_000 }).toBe(true);
    for (const [name, value] of Object.entries(values)) await page.type(`society-registration >>> input[name="${name}"]`, value);
    const typed = await registrationState(page);
    expect(typed.values).toEqual(Object.values(values));

    const back = await leaveAndComeBack(page, '/', '/about-us');
    expect(back.reasons).toEqual([]);
    expect(back.restored).toBe(true);
    expect(await registrationState(page)).toEqual(typed);

    // Sent, then left and come back to: the confirmation, as it was.
    const posts: string[] = []; // what became of the send, told when the confirmation does not come
    page.on('request', (r) => r.method() === 'POST' && posts.push(`${r.url()} sent`));
    page.on('response', (r) => r.request().method() === 'POST' && posts.push(`${r.url()} ${r.status()}`));
    page.on('requestfailed', (r) => posts.push(`${r.url()} failed: ${r.failure()?.errorText}`));
    await expect.poll(() => submitLive(page), { message: 'the restored form can be sent', timeout: 30_000 }).toBe(true);
    await evaluateInTab(page, `document.querySelector('society-registration').shadowRoot.querySelector('button[type="submit"]').click()`);
    await expect
      .poll(async () => (await registrationState(page)).confirmation, { timeout: 60_000 })
      .toBe('Registration Successful!')
      .catch(async (error: Error) => {
        const shown = await evaluateInTab<string>(page, `document.querySelector('society-registration').shadowRoot.textContent + ' | toasts: ' + document.querySelector('toast-host')?.shadowRoot?.textContent`);
        throw new Error(`${error.message}\nPOSTs: ${JSON.stringify(posts)}\nform: ${shown.slice(-400)}`);
      });
    const sent = await leaveAndComeBack(page, '/', '/features');
    expect(sent.reasons).toEqual([]);
    expect(sent.restored).toBe(true);
    const after = await registrationState(page);
    expect(after.confirmation).toBe('Registration Successful!');
    expect(after.form).toBe(false);
    expect(storedLeads(site.dataDir)).toHaveLength(1);
    await page.close();
  }, 180_000);
});

