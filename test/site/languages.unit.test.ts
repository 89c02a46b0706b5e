import { describe, expect, it } from 'vitest';
import { baseRoute, defaultLanguage, languageOfRoute, languages, routeIn } from '../../contract/languages.ts';
import { isNotFoundRoute, notFoundRouteFor, pageFileOf, routeOfPageFile } from '../../scripts/paths.ts';
import { pageLanguage } from '../../site-generator/page-language.ts';
import { sitemapXml } from '../../site-generator/sitemap.ts';
import { headersFile } from '../../server/site/headers.ts';

const hi = languages.find((l) => l.code === 'hi')!;

describe('the language list and its routes', () => {
  it('English first, without prefix; Hindi under /hi', () => {
    expect(defaultLanguage).toMatchObject({ code: 'en', prefix: '', htmlLang: 'en-IN', ogLocale: 'en_IN', hreflang: 'en-IN', name: 'English', dir: 'ltr' });
    expect(hi).toMatchObject({ prefix: '/hi', htmlLang: 'hi', ogLocale: 'hi_IN', hreflang: 'hi-IN', name: 'हिन्दी' });
  });

  it('a route’s language, its base route and its twin', () => {
    expect(['/', '/features', '/history', '/hindi'].map((r) => languageOfRoute(r).code)).toEqual(['en', 'en', 'en', 'en']);
    expect(['/hi', '/hi/', '/hi/features', '/hi/embed/frame'].map((r) => languageOfRoute(r).code)).toEqual(['hi', 'hi', 'hi', 'hi']);
    expect(['/hi/', '/hi', '/hi/features', '/features'].map(baseRoute)).toEqual(['/', '/', '/features', '/features']);
    expect(routeIn(hi, '/')).toBe('/hi/');
    expect(routeIn(hi, '/about-us')).toBe('/hi/about-us');
    expect(routeIn(defaultLanguage, '/hi/')).toBe('/');
    expect(routeIn(defaultLanguage, '/hi/career')).toBe('/career');
  });

  it('maps a language’s routes to page files and back', () => {
    const pairs = [['/hi/', 'hi/index.html'], ['/hi/features', 'hi/features/index.html'], ['/hi/404', 'hi/404.html'], ['/404', '404.html'], ['/', 'index.html']];
    for (const [route, file] of pairs) {
      expect(pageFileOf(route!), route).toBe(file);
      expect(routeOfPageFile(file!), file).toBe(route);
    }
    expect(pageFileOf('/hi')).toBe('hi/index.html');
    expect([isNotFoundRoute('/hi/404'), isNotFoundRoute('/404'), isNotFoundRoute('/hi/features')]).toEqual([true, true, false]);
    expect([notFoundRouteFor('/hi/nope'), notFoundRouteFor('/nope'), notFoundRouteFor('/hindi')]).toEqual(['/hi/404', '/404', '/404']);
  });
});

describe('a page’s language context', () => {
  const pages = new Set(['/', '/hi/', '/features', '/hi/features', '/career', '/404', '/hi/404']);
  const context = (route: string) => pageLanguage(route, 'https://site.example', (r) => pages.has(r));

  it('a page in both languages: alternates both ways, x-default English; the switch names every language in its own, the current one marked', () => {
    const page = context('/hi/features');
    expect(page.lang).toBe('hi');
    expect(page.alternates).toEqual([
      { hreflang: 'en-IN', href: 'https://site.example/features' },
      { hreflang: 'hi-IN', href: 'https://site.example/hi/features' },
      { hreflang: 'x-default', href: 'https://site.example/features' },
    ]);
    expect(context('/features').alternates).toEqual(page.alternates);
    expect(page.ogLocaleAlternates).toEqual(['en_IN']);
    expect(page.languageLinks.slice(0, 2)).toEqual([
      { href: '/features', lang: 'en-IN', hreflang: 'en-IN', dir: 'ltr', name: 'English', current: false },
      { href: '/hi/features', lang: 'hi', hreflang: 'hi-IN', dir: 'ltr', name: 'हिन्दी', current: true },
    ]);
    // Every language of the list, in its own name; one without this page leads to its home page.
    expect(page.languageLinks.map((l) => l.name)).toEqual(languages.map((l) => l.name));
    expect(page.languageLinks.slice(2).map((l) => l.href)).toEqual(languages.slice(2).map((l) => `${l.prefix}/`));
    expect(context('/').languageLinks.slice(0, 2).map((l) => [l.href, l.current])).toEqual([['/', true], ['/hi/', false]]);
  });

  it('a page only one language has, and the not-found pages: no alternates; the switch leads to each language’s home page', () => {
    for (const route of ['/career', '/404', '/hi/404']) {
      expect(context(route).alternates, route).toEqual([]);
      expect(context(route).ogLocaleAlternates, route).toEqual([]);
    }
    expect(context('/career').languageLinks.map((l) => l.href)).toEqual(['/career', ...languages.slice(1).map((l) => `${l.prefix}/`)]);
    expect(context('/hi/404').languageLinks.map((l) => l.href)).toEqual(['/', ...languages.slice(1).map((l) => `${l.prefix}/`)]);
  });
});

describe('sitemap and _headers with two languages', () => {
  it('each URL with twins lists them and x-default', () => {
    const xml = sitemapXml('https://site.example', ['/', '/career', '/hi/'], '2026-11-22');
    expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    const links = '<xhtml:link rel="alternate" hreflang="en-IN" href="https://site.example/"/><xhtml:link rel="alternate" hreflang="hi-IN" href="https://site.example/hi/"/><xhtml:link rel="alternate" hreflang="x-default" href="https://site.example/"/>';
    expect(xml).toContain(`<url><loc>https://site.example/</loc><lastmod>2026-11-22</lastmod>${links}</url>`);
    expect(xml).toContain(`<url><loc>https://site.example/hi/</loc><lastmod>2026-11-22</lastmod>${links}</url>`);
    expect(xml).toContain('<url><loc>https://site.example/career</loc><lastmod>2026-11-22</lastmod></url>');
  });

  it('gives the Hindi pages the rules of the English ones, with and without the slash, and the Hindi 404 file', () => {
    const blocks = headersFile({ styleHashes: [], connectOrigins: [], routes: ['/', '/features', '/hi/', '/hi/features'] }, { hsts: false }).split(/\n(?=\/)/);
    const rules = (pattern: string) => blocks.find((b) => b.split('\n')[0] === pattern)?.split('\n').slice(1);
    for (const pattern of ['/hi', '/hi/', '/hi/features', '/hi/features/', '/hi/404.html']) expect(rules(pattern), pattern).toEqual(rules('/features'));
    expect(rules('/hi//')).toBeUndefined();
  });
});
