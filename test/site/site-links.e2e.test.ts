import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../helpers/browser.ts';
import { startServer } from '../helpers/server.ts';
import { routes } from '../helpers/routes.ts';

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

const allPaths = [...routes.map((r) => r.path), '/embed'];

describe('pages in a real browser', () => {
  it('logs the unknown path with console.error on the 404 page', async () => {
    const page = await browser.context.newPage();
    const errors: string[] = [];
    page.on('console', (msg) => msg.type() === 'error' && errors.push(msg.text()));
    const res = await page.goto(`${site.url}/no/such/place?x=1`);
    expect(res?.status()).toBe(404);
    await expect.poll(() => errors).toContain('404 Error: User attempted to access non-existent route: /no/such/place');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Oops! Page not found');
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await page.waitForURL(`${site.url}/`);
    await page.close();
  });

  it('resolves every internal link and anchor on every page', async () => {
    const page = await browser.context.newPage();
    const checked = new Map<string, number>();
    for (const path of allPaths) {
      await page.goto(site.url + path);
      const links = await page.$$eval('a[href]', (as) =>
        as.map((a) => ({ href: (a as HTMLAnchorElement).href, raw: a.getAttribute('href')!, target: a.getAttribute('target'), rel: a.getAttribute('rel') })),
      );
      expect(links.length, path).toBeGreaterThan(3);
      for (const link of links) {
        const url = new URL(link.href);
        if (url.protocol === 'mailto:' || url.protocol === 'tel:') continue;
        if (url.origin !== site.url) {
          expect(link.target, `${path}: external ${link.raw} opens in a new tab`).toBe('_blank');
          expect(link.rel, `${path}: external ${link.raw}`).toContain('noopener');
          expect(link.rel, `${path}: external ${link.raw}`).toContain('noreferrer');
          continue;
        }
        const target = url.pathname;
        if (!checked.has(target)) checked.set(target, (await fetch(site.url + target)).status);
        expect(checked.get(target), `${path} links to ${link.raw}`).toBe(200);
        if (url.hash) {
          const id = decodeURIComponent(url.hash.slice(1));
          const html = await (await fetch(site.url + target)).text();
          expect(html.includes(`id="${id}"`), `${path} links to ${link.raw}: #${id} exists on ${target}`).toBe(true);
        }
      }
    }
    await page.close();
  });

  it('makes no request beyond 127.0.0.1 while any page loads and scrolls', async () => {
    const page = await browser.context.newPage();
    const paths = [...allPaths, '/no-such-page'];
    const foreign: string[] = [];
    /** The page's own requests besides its document, by page: the listener sees what a page fetches. */
    const own: Record<string, number> = {};
    let current = '';
    page.on('request', (req) => {
      const url = new URL(req.url());
      if (!url.protocol.startsWith('http')) return;
      if (url.hostname !== '127.0.0.1') foreign.push(req.url());
      else if (req.resourceType() !== 'document') own[current] = (own[current] ?? 0) + 1;
    });
    for (const path of paths) {
      current = path;
      await page.goto(site.url + path, { waitUntil: 'load' });
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await page.waitForTimeout(300);
    }
    expect(paths.filter((path) => !own[path]), 'pages whose requests the listener did not see').toEqual([]);
    expect(foreign).toEqual([]);
    await page.close();
  });
});
