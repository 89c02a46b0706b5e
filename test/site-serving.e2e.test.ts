import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from './helpers/server.ts';
import { routes } from './helpers/routes.ts';

let site: Awaited<ReturnType<typeof startServer>>;
beforeAll(async () => {
  site = await startServer({ site: true });
});
afterAll(() => site?.stop());

const get = (path: string, headers: Record<string, string> = {}) => fetch(site.url + path, { headers, redirect: 'manual' });

describe('the built site served by the local server', () => {
  for (const route of routes) {
    it(`${route.path} answers 200 with its heading and key figures`, async () => {
      const res = await get(route.path);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/text\/html/);
      const html = await res.text();
      const h1 = html.match(/<h1[^>]*>([\s\S]*?)<\/h1>/g) ?? [];
      expect(h1).toHaveLength(1);
      expect((h1[0] ?? '').replace(/<[^>]+>/g, '')).toMatch(route.heading);
      for (const text of route.mustContain) {
        if (typeof text === 'string') expect(html, `${route.path} should contain ${text}`).toContain(text);
        else expect(html, `${route.path} should match ${text}`).toMatch(text);
      }
      expect(html).toMatch(/<html lang="en-IN">/);
      expect(html).toMatch(/<meta name="description" content="[^"]{50,}">/);
      expect(html).toMatch(/<link rel="canonical" href="https?:\/\/[^"]+">/);
      expect(html).toMatch(/<meta property="og:title"/);
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
      expect(html).toContain('Oops! Page not found');
      expect(html).toContain('Return to Home');
      expect(html).toContain('noindex');
    }
  });

  it('sends security headers on every page, with a CSP that needs no unsafe-inline for scripts', async () => {
    for (const path of ['/', '/career', '/no-such-page']) {
      const res = await get(path);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toMatch(/script-src 'self'(;|$)/);
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
    const asset = html.match(/src="(\/assets\/[^"]+\.js)"/)?.[1];
    expect(asset).toBeTruthy();
    const res = await get(asset!);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const widget = await get('/widgets/society-registration.js');
    expect(widget.status).toBe(200);
    expect(widget.headers.get('cache-control')).toMatch(/max-age=300/);
    expect(widget.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('publishes robots.txt, sitemap.xml, a favicon and the _headers rules for static hosts, but not the build metadata', async () => {
    const robots = await (await get('/robots.txt')).text();
    expect(robots).toMatch(/Sitemap: https?:\/\/\S+\/sitemap\.xml/);
    const sitemap = await (await get('/sitemap.xml')).text();
    for (const route of routes) expect(sitemap).toContain(`${route.path === '/' ? '/' : route.path}</loc>`);
    expect(sitemap).not.toContain('/404');
    expect((await get('/favicon.svg')).status).toBe(200);
    expect((await get('/og-image.png')).status).toBe(200);
    expect((await get('/_headers')).status).toBe(404);
    expect((await get('/build-meta.json')).status).toBe(404);
  });

  it('puts the footer exactly on / and /career', async () => {
    for (const route of [...routes, { path: '/no-such-page', footer: false }]) {
      const html = await (await get(route.path)).text();
      expect((html.match(/<footer class="site-footer"/g) ?? []).length, route.path).toBe(route.footer ? 1 : 0);
    }
  });

  it('publishes JSON-LD with the spec values on / and /career, and an FAQPage on /career', async () => {
    for (const path of ['/', '/career']) {
      const html = await (await get(path)).text();
      const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]));
      const app = blocks.find((b) => b['@type'] === 'SoftwareApplication');
      expect(app, path).toBeTruthy();
      expect(Number(app.offers.price)).toBe(0);
      expect(app.offers.priceCurrency).toBe('INR');
      expect(Number(app.aggregateRating.ratingValue)).toBe(4.8);
      expect(Number(app.aggregateRating.ratingCount)).toBe(1500);
      expect(String(app.softwareVersion)).toBe('2.0');
      expect(app.dateModified).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(Math.abs(Date.parse(app.dateModified) - Date.now())).toBeLessThan(3 * 86_400_000);
      if (path === '/career') {
        const faq = blocks.find((b) => b['@type'] === 'FAQPage');
        expect(faq.mainEntity.length).toBeGreaterThanOrEqual(3);
        const summaries = [...html.matchAll(/<summary>([\s\S]*?)<\/summary>/g)].map((m) => m[1].trim());
        for (const q of faq.mainEntity) expect(summaries).toContain(q.name);
      }
    }
  });
});
