/**
 * The pages show the product and end with the footer (issue 12):
 * - the landing hero and /features show drawings of the app (SVG files in phone frames), each
 *   with alt text that says what it shows and an intrinsic size, drawn at that aspect ratio;
 *   the desktop heroes of /features, /about-us and /success-stories hold one too;
 * - every route, the 404 page included, has the site footer.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { defaultLanguage, routeIn } from '../../contract/languages.ts';
import { launchBrowser } from '../helpers/browser.ts';
import { withTwins } from '../helpers/routes.ts';
import { startServer } from '../helpers/server.ts';

let site: Awaited<ReturnType<typeof startServer>>;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
beforeAll(async () => {
  site = await startServer({ site: true });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

const phone = { width: 360, height: 640 };
const desktop = { width: 1366, height: 900 };

/** Every drawing in `scope`, brought into view (some load lazily), checked one by one; returns their alt texts. */
async function expectDrawings(scope: Locator, atLeast: number, where: string) {
  const drawings = scope.locator('img[src$=".svg"]');
  const count = await drawings.count();
  expect(count, `${where}: drawings of the app`).toBeGreaterThanOrEqual(atLeast);
  const alts: string[] = [];
  for (let i = 0; i < count; i++) {
    const img = drawings.nth(i);
    await img.scrollIntoViewIfNeeded();
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0), { message: `${where}: drawing ${i} loads` }).toBe(true);
    const facts = await img.evaluate((el: HTMLImageElement) => ({
      alt: el.alt,
      width: Number(el.getAttribute('width')),
      height: Number(el.getAttribute('height')),
      box: el.getBoundingClientRect().toJSON() as DOMRect,
    }));
    expect(facts.alt.length, `${where}: drawing ${i} says what it shows`).toBeGreaterThan(40);
    expect(facts.width > 0 && facts.height > 0, `${where}: drawing ${i} has width and height attributes`).toBe(true);
    expect(facts.box.width, `${where}: drawing ${i} is shown`).toBeGreaterThan(100);
    expect(facts.box.height / facts.box.width, `${where}: drawing ${i} keeps its aspect ratio`).toBeCloseTo(facts.height / facts.width, 1);
    alts.push(facts.alt);
  }
  return alts;
}

/** GET with Brotli accepted, body left compressed: the bytes as sent. */
function rawGet(url: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; bytes: number }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': 'br' } }, (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes }));
      })
      .on('error', reject);
  });
}

describe('drawings of the product', () => {
  for (const viewport of [phone, desktop]) {
    it(`the landing hero shows the guard's entry and the resident's approval, ${viewport.width}×${viewport.height}`, async () => {
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      await page.goto(site.url + '/');
      const alts = await expectDrawings(page.locator('.hero'), 2, '/ hero');
      expect(alts.join(' ')).toMatch(/guard/i);
      expect(alts.join(' ')).toMatch(/Approve/);
      expect(alts.join(' ')).toContain('Ramesh Kumar');
      await context.close();
    });

    it(`/features shows the app beside its core features, ${viewport.width}×${viewport.height}`, async () => {
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      await page.goto(site.url + '/features');
      const core = page.locator('section', { has: page.getByRole('heading', { name: 'Six tools that run the daily life of a society' }) });
      const alts = await expectDrawings(core, 3, '/features core features');
      expect(alts.join(' ')).toContain('₹2,500 due 5 Oct');
      expect(alts.join(' ')).toContain('water supply is off 10am–1pm');
      await context.close();
    });
  }

  it('fills the empty half of the desktop hero on /features, /about-us and /success-stories; phones skip those copies', async () => {
    for (const viewport of [desktop, phone]) {
      for (const path of ['/features', '/about-us', '/success-stories']) {
        // A fresh context each time: an empty cache, so "not fetched" means not downloaded.
        const context = await browser.newContext({ viewport });
        const page = await context.newPage();
        const requested: string[] = [];
        page.on('request', (r) => requested.push(r.url()));
        await page.goto(site.url + path, { waitUntil: 'networkidle' });
        const hero = page.locator('.hero').first();
        if (viewport === desktop) {
          await expectDrawings(hero, 1, `${path} hero`);
          const [text, drawing] = await Promise.all([hero.locator('h1').boundingBox(), hero.locator('img').boundingBox()]);
          expect(drawing!.x, `${path}: the drawing sits beside the text`).toBeGreaterThan(text!.x + text!.width / 2);
        } else {
          expect(await hero.locator('img').isVisible(), `${path}: no hero drawing on a phone`).toBe(false);
          const heroSrc = await hero.locator('img').evaluate((el: HTMLImageElement) => new URL(el.getAttribute('src')!, location.href).href);
          expect(requested, `${path}: the hidden hero drawing is not downloaded`).not.toContain(heroSrc);
        }
        await context.close();
      }
    }
  });

  // When Chromium fetches a lazy image follows its estimate of the network, which a loaded machine
  // may not have yet: the test checks what the page decides instead. Every drawing waits for the
  // visitor (loading="lazy"); only the landing page's hero holds drawings, the others have none in the first screen.
  it.each(withTwins(['/', '/features', '/about-us', '/success-stories']))(
    'on Lighthouse’s phone (412×823) only the landing page draws the app up front; every drawing is lazy: %s',
    async (path) => {
      // Each SVG image costs main-thread work; outside the first screen it cannot add blocking time.
      const expected = routeIn(defaultLanguage, path) === '/' ? 2 : 0;
      const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
      const page = await context.newPage();
      await page.goto(site.url + path, { waitUntil: 'load' });
      const eager = await page.locator('img[src$=".svg"]:not([loading="lazy"])').count();
      expect(eager, `${path}: drawings without loading="lazy"`).toBe(0);
      const shown = await page.locator('img[src$=".svg"]').evaluateAll((imgs) =>
        imgs
          .filter((img) => img.getClientRects().length > 0)
          .map((img) => ({ inHero: !!img.closest('.hero'), inFirstScreen: img.getBoundingClientRect().top < innerHeight })),
      );
      if (expected) expect(shown.filter((d) => d.inHero).length, `${path}: drawings in the hero`).toBe(expected);
      else expect(shown.filter((d) => d.inFirstScreen).length, `${path}: drawings in the first screen`).toBe(0);
      await context.close();
    },
  );

  it('serves each drawing as a small, cacheable SVG file', async () => {
    const html = await (await fetch(site.url + '/features')).text();
    const sources = [...new Set([...html.matchAll(/<img src="([^"]+\.svg)"/g)].map((m) => m[1]))];
    expect(sources.length).toBeGreaterThanOrEqual(4);
    for (const src of sources) {
      const res = await rawGet(site.url + src);
      expect(res.status, src).toBe(200);
      expect(res.headers['content-type'], src).toMatch(/^image\/svg\+xml/);
      expect(res.headers['content-encoding'], src).toBe('br');
      expect(res.headers['cache-control'], `${src} is hashed and cached for good`).toBe('public, max-age=31536000, immutable');
      expect(res.bytes, `${src}: ${res.bytes} B as sent`).toBeLessThan(1536);
    }
  });
});

describe('the footer', () => {
  it('ends every route, the 404 page included, with the site footer', async () => {
    const page = await browser.context.newPage();
    const paths = ['/', '/features', '/success-stories', '/about-us', '/career', '/privacy-policy', '/terms-of-service', '/embed', '/no-such-page'];
    const missing: string[] = [];
    for (const path of paths) {
      await page.goto(site.url + path);
      const footer = page.getByRole('contentinfo');
      const ok =
        (await footer.count()) === 1 &&
        (await footer.getByRole('navigation', { name: 'Quick links' }).count()) === 1 &&
        (await footer.getByText('Available on Google Play Store soon!').count()) === 1 &&
        (await footer.getByRole('link', { name: 'Privacy Policy' }).count()) === 1;
      if (!ok) missing.push(path);
    }
    await page.close();
    expect(missing, 'routes without the site footer').toEqual([]);
  });
});
