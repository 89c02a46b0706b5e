import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../helpers/server.ts';
import { loadSiteConfig } from '../../site.config.ts';
import { pageText, textsOf } from '../helpers/page-text.ts';
import { embedPage, noticeLanguagePages, noticeListPage, notFoundPage, routes, withTwins } from '../helpers/routes.ts';
import { cspHash } from '../../site-generator/csp-hash.ts';
import { scriptHashes, starterImports } from '../../site-generator/deferred-scripts.ts';

let site: Awaited<ReturnType<typeof startServer>>;
beforeAll(async () => {
  site = await startServer({ site: true });
});
afterAll(() => site?.stop());

const { siteUrl } = loadSiteConfig();
const get = (path: string, headers: Record<string, string> = {}) => fetch(site.url + path, { headers, redirect: 'manual' });

describe('the built site served by the local server', () => {
  for (const route of routes) {
    it(`${route.path} answers 200 with its heading and key figures`, async () => {
      const res = await get(route.path);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      const html = await res.text();
      expect(textsOf(html, 'h1')).toEqual([route.h1]);
      const text = pageText(html);
      for (const phrase of route.says) expect(text, `${route.path} says "${phrase}"`).toContain(phrase);
      expect(html).toMatch(/<html lang="en-IN">/);
      expect(html).toMatch(/<meta name="description" content="[^"]{50,}">/);
      expect(html).toContain(`<link rel="canonical" href="${siteUrl}${route.path}">`);
      expect(html).toMatch(/<meta property="og:title" content="[^"]{10,}">/);
      expect(html).toMatch(/<meta name="twitter:card" content="summary_large_image">/);
    });
  }

  it('serves clean URLs with and without a trailing slash', async () => {
    for (const path of ['/about-us', '/about-us/', '/career', '/career/']) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
    }
  });

  it('answers an unknown path with the 404 page and status 404', async () => {
    for (const path of ['/no-such-page', '/a/b/c', '/about-us/nope']) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      const html = await res.text();
      expect(textsOf(html, 'h1')).toEqual([notFoundPage.h1]);
      expect(pageText(html)).toContain('Return to Home');
      expect(html).toContain('<meta name="robots" content="noindex">');
    }
  });

  it('sends security headers on every page, with a CSP that needs no unsafe-inline for scripts', async () => {
    for (const path of ['/', '/career', '/no-such-page']) {
      const res = await get(path);
      const csp = res.headers.get('content-security-policy') ?? '';
      // Its own files, and the hash of each inline script the page runs (its starter, and the
      // speculation rules its loader adds) and no other.
      const starters = scriptHashes(await res.clone().text());
      expect(starters, `${path} has one starter`).toHaveLength(1);
      const rules = cspHash(await (await get('/speculation.json')).text());
      expect(csp).toContain(`script-src 'self' ${[...starters, rules].map((h) => `'${h}'`).join(' ')};`);
      expect(csp).not.toContain('unsafe-inline');
      expect(csp).toContain("frame-ancestors 'none'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
    }
  });

  it('compresses with Brotli and gzip, caches hashed assets for a year and revalidates HTML', async () => {
    const br = await get('/', { 'accept-encoding': 'br' });
    expect(br.headers.get('content-encoding')).toBe('br');
    const gz = await get('/', { 'accept-encoding': 'gzip' });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(br.headers.get('cache-control')).toBe('no-cache');
    const html = await (await get('/')).text();
    const asset = starterImports(html)[0];
    expect(asset).toMatch(/^\/assets\/loader-[\w-]{8}\.js$/);
    const res = await get(asset!);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const widget = await get('/widgets/society-registration.js');
    expect(widget.status).toBe(200);
    expect(widget.headers.get('cache-control')).toBe('public, max-age=300, stale-while-revalidate=86400');
    expect(widget.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('publishes robots.txt, sitemap.xml, a favicon and the _headers rules for static hosts, but not the build metadata', async () => {
    const robots = await (await get('/robots.txt')).text();
    expect(robots).toContain(`Sitemap: ${siteUrl}/sitemap.xml`);
    const sitemap = await (await get('/sitemap.xml')).text();
    const listed = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(listed.sort()).toEqual([...withTwins([...routes, embedPage, noticeListPage].map((r) => r.path)), ...noticeLanguagePages()].map((path) => siteUrl + (path === '/' ? '/' : path)).sort());
    const icon = await get('/favicon.ico');
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)$/);
    expect([...new Uint8Array(await icon.arrayBuffer()).slice(0, 4)]).toEqual([0, 0, 1, 0]); // an icon file
    expect((await get('/og-image.png')).status).toBe(200);
    expect((await get('/_headers')).status).toBe(404);
    expect((await get('/build-meta.json')).status).toBe(404);
  });

  it('puts the footer once on every page, the 404 page included', async () => {
    for (const path of [...routes.map((r) => r.path), '/no-such-page']) {
      const html = await (await get(path)).text();
      expect((html.match(/<footer class="site-footer[ "]/g) ?? []).length, path).toBe(1);
    }
  });

  it('publishes JSON-LD with the spec values on / and /career, and an FAQPage on /career', async () => {
    for (const path of ['/', '/career']) {
      const html = await (await get(path)).text();
      const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!));
      const app = blocks.find((b) => b['@type'] === 'SoftwareApplication');
      expect(app?.name, path).toBe(loadSiteConfig().brandName);
      expect(Number(app.offers.price)).toBe(0);
      expect(app.offers.priceCurrency).toBe('INR');
      expect(Number(app.aggregateRating.ratingValue)).toBe(4.8);
      expect(Number(app.aggregateRating.ratingCount)).toBe(1500);
      expect(String(app.softwareVersion)).toBe('2.0');
      expect(app.dateModified).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(Math.abs(Date.parse(app.dateModified) - Date.now())).toBeLessThan(3 * 86_400_000);
      if (path === '/career') {
        const faq = blocks.find((b) => b['@type'] === 'FAQPage');
        // The same questions as the page's accordion, in its order.
        const accordion = html.slice(html.indexOf('<faq-accordion'), html.indexOf('</faq-accordion>'));
        expect(faq.mainEntity.map((q: { name: string }) => q.name)).toEqual(textsOf(accordion, 'summary'));
        expect(faq.mainEntity).toHaveLength(6);
      }
    }
  });
});
