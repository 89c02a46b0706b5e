/**
 * Every page in every language (contract/languages.ts), on the built site and the real server.
 * Each page's template is built once per language (scripts/build/page-templates.ts); each
 * language's page is the same page as the English one: the same element tree (every
 * element, its attributes and their values but the language's texts and links, the forms'
 * shadow roots included), its `lang`, at least 90% of its main text's letters in its own script
 * (code, web and email addresses, text marked as another language and the brand aside), alternates to
 * every language (x-default: English), a language switch naming every language in its own
 * name and leading to the same page; unknown paths under its prefix get its not-found page
 * with status 404; the sitemap lists every language.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseRoute, defaultLanguage, languages, routeIn } from '../../contract/languages.ts';
import { builtPages } from '../../scripts/build/page-templates.ts';
import { pageUrl } from '../../scripts/build/sitemap.ts';
import { loadSiteConfig } from '../../site.config.ts';
import { launchBrowser } from '../helpers/browser.ts';
import { startServer } from '../helpers/server.ts';

const { siteUrl, brandName } = loadSiteConfig();
/** The routes built in every language, each with its page in every other language. */
const everyLanguage = builtPages().filter((p) => p.kind === 'site' && p.everyLanguage && p.language === defaultLanguage);
const otherLanguages = languages.filter((l) => l !== defaultLanguage);
const pairs = otherLanguages.flatMap((language) => everyLanguage.map((p) => ({ english: p.route, route: routeIn(language, p.route), language })));
const isNotFound = (route: string) => baseRoute(route) === '/404';

let site: Awaited<ReturnType<typeof startServer>>;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
/** The pages as served, before any script changes them (a copy button unhidden, a form taken over). */
let asServed: BrowserContext;
beforeAll(async () => {
  site = await startServer({ site: true });
  browser = await launchBrowser();
  asServed = await browser.newContext({ javaScriptEnabled: false });
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

interface Seen {
  status: number;
  lang: string | null;
  /** The element tree, one line per element: depth, tag and the attributes that do not carry the language. */
  tree: string[];
  letters: string;
  alternates: Record<string, string>;
  switches: { href: string; hreflang: string | null; lang: string | null; name: string; current: boolean }[];
  ogLocale: string | null;
  ogLocaleAlternates: string[];
  inLanguage: string[];
}

/** Attributes whose values are the page's language (its texts, its links' language prefix, the switch's current language). */
const LANGUAGE_ATTRIBUTES = ['lang', 'hreflang', 'aria-label', 'alt', 'title', 'content', 'placeholder', 'data-done', 'data-failed', 'aria-current', 'download'];

async function visit(route: string): Promise<Seen> {
  const page: Page = await asServed.newPage();
  const response = await page.goto(site.url + route);
  const prefixes = otherLanguages.map((l) => l.prefix);
  const seen = await page.evaluate(
    ([ignored, prefixes]) => {
      const attr = (selector: string, name: string) => document.querySelector(selector)?.getAttribute(name) ?? null;
      // A link in another language leads to the same route: compare it without the language's
      // prefix, and without its query (a mail's subject, a message to share: texts).
      const sameRoute = (link: string) => {
        const href = link.split('?')[0]!;
        for (const prefix of prefixes) {
          if (href === prefix || href === `${prefix}/`) return '/';
          if (href.startsWith(`${prefix}/`)) return href.slice(prefix.length);
        }
        return href;
      };
      const tree: string[] = [];
      const walk = (node: Element | ShadowRoot, depth: number) => {
        for (const el of node.children) {
          if (el.localName === 'script' || el.localName === 'style' || el.closest('.language-switch ul')) continue;
          const attrs = [...el.attributes]
            // The no-script form's hidden `lang` field carries the page's language: a text of the language, not of the tree.
            .filter((a) => !ignored.includes(a.name) && !(a.name === 'value' && el.getAttribute('name') === 'lang'))
            .map((a) => `${a.name}=${a.name === 'href' || a.name === 'src' ? sameRoute(a.value) : a.value}`)
            .sort();
          tree.push(`${depth} ${el.localName} ${attrs.join(' ')}`);
          if (el.shadowRoot) walk(el.shadowRoot, depth + 1);
          walk(el, depth + 1);
        }
      };
      walk(document.body, 0);
      /** The main text as read: code (a snippet to paste), web and email addresses (no language's) and what is marked as another language (the notice's languages, each named in its own) left out. */
      const mainText = () => {
        const copy = document.querySelector('main')!.cloneNode(true) as HTMLElement;
        const own = document.documentElement.lang;
        copy.querySelectorAll('pre, code, textarea').forEach((el) => el.remove());
        copy.querySelectorAll('[lang]').forEach((el) => el.getAttribute('lang') !== own && el.remove());
        document.body.append(copy);
        const text = copy.innerText;
        copy.remove();
        return text.replace(/https?:\/\/\S+|\S+@\S+/g, '');
      };
      return {
        lang: document.documentElement.getAttribute('lang'),
        tree,
        letters: (mainText().match(/\p{L}/gu) ?? []).join(''),
        alternates: Object.fromEntries(
          [...document.querySelectorAll('link[rel="alternate"][hreflang]')].map((l) => [l.getAttribute('hreflang'), l.getAttribute('href')]),
        ),
        switches: [...document.querySelectorAll('header .language-switch a')].map((a) => ({
          href: a.getAttribute('href')!,
          hreflang: a.getAttribute('hreflang'),
          lang: a.getAttribute('lang'),
          name: a.textContent!,
          current: a.hasAttribute('aria-current'),
        })),
        ogLocale: attr('meta[property="og:locale"]', 'content'),
        ogLocaleAlternates: [...document.querySelectorAll('meta[property="og:locale:alternate"]')].map((m) => m.getAttribute('content')!),
        inLanguage: [...document.querySelectorAll('script[type="application/ld+json"]')]
          .map((s) => JSON.parse(s.textContent ?? '{}').inLanguage)
          .filter((v): v is string => typeof v === 'string'),
      };
    },
    [LANGUAGE_ATTRIBUTES, prefixes] as const,
  );
  await page.close();
  return { status: response?.status() ?? 0, ...seen };
}

/** The share of a page's letters in a script. */
function shareInScript(letters: string, script: string): number {
  const own = [...letters].filter((c) => new RegExp(`\\p{Script=${script}}`, 'u').test(c)).length;
  return own / letters.length;
}

describe('every page in every language', () => {
  it('finds every route built in every language', () => {
    expect(everyLanguage.map((p) => p.route)).toEqual(expect.arrayContaining(['/', '/features', '/privacy-policy', '/terms-of-service', '/404', '/notice']));
    expect(pairs.length).toBe(everyLanguage.length * otherLanguages.length);
  });

  it.each(pairs)('$route: the same page as $english, in its language, each linking to every language', async ({ route, english: englishRoute, language }) => {
    const [page, english] = await Promise.all([visit(route), visit(englishRoute)]);
    const status = isNotFound(route) ? 404 : 200;
    expect([page.status, english.status]).toEqual([status, status]);
    expect(page.lang).toBe(language.htmlLang);
    expect(english.lang).toBe(defaultLanguage.htmlLang);

    // A section, card, link, field or class added, dropped or changed in one language and not the other fails here.
    expect(page.tree, `${route} has the element tree of ${englishRoute}`).toEqual(english.tree);

    // The brand as written or as styled in capitals; other names of things people use in English (WhatsApp, QR, RWA) count against.
    const letters = page.letters.replace(new RegExp(brandName.replace(/\P{L}/gu, ''), 'giu'), '');
    expect(shareInScript(letters, language.script), `${route}: share of ${language.script} letters in the main text`).toBeGreaterThanOrEqual(0.9);

    // The switch: every language, in its own name, leading to this page in that language.
    const switches = languages.map((l) => ({
      href: isNotFound(route) ? routeIn(l, '/') : routeIn(l, englishRoute),
      hreflang: l.hreflang,
      lang: l.htmlLang,
      name: l.name,
    }));
    expect(page.switches).toEqual(switches.map((s, i) => ({ ...s, current: languages[i] === language })));
    expect(english.switches).toEqual(switches.map((s, i) => ({ ...s, current: languages[i] === defaultLanguage })));

    if (isNotFound(route)) {
      expect([page.alternates, english.alternates]).toEqual([{}, {}]);
      return;
    }
    const expected = Object.fromEntries([
      ...languages.map((l) => [l.hreflang, pageUrl(siteUrl, routeIn(l, englishRoute))]),
      ['x-default', pageUrl(siteUrl, englishRoute)],
    ]);
    expect(page.alternates).toEqual(expected);
    expect(english.alternates).toEqual(expected);
    expect([page.ogLocale, page.ogLocaleAlternates]).toEqual([language.ogLocale, languages.filter((l) => l !== language).map((l) => l.ogLocale)]);
    expect(english.ogLocale).toBe(defaultLanguage.ogLocale);
    expect(english.ogLocaleAlternates).toContain(language.ogLocale);
    expect(page.inLanguage.every((l) => l === language.hreflang)).toBe(true);
    expect(page.inLanguage.length).toBe(english.inLanguage.length);
  });

  it.each(pairs.filter((p) => !isNotFound(p.route)))('$route is served with the same kind of headers as $english', async ({ route, english }) => {
    const varying = new Set(['date', 'etag', 'last-modified', 'content-length', 'keep-alive', 'connection']);
    const headersOf = async (p: string) => {
      const res = await fetch(site.url + p, { headers: { 'accept-encoding': 'br' } });
      return Object.fromEntries([...res.headers].filter(([name]) => !varying.has(name)));
    };
    expect(await headersOf(route)).toEqual(await headersOf(english));
  });

  for (const language of otherLanguages) {
    it(`an unknown path under ${language.prefix}/ answers its ${language.code} not-found page with status 404; so does the page's own route`, async () => {
      for (const unknown of [`${language.prefix}/no-such-page`, `${language.prefix}/features/no-such-page`, `${language.prefix}/404`, `${language.prefix}/embed/frame`]) {
        const seen = await visit(unknown);
        expect(seen.status, unknown).toBe(404);
        expect(seen.lang, unknown).toBe(language.htmlLang);
        expect(seen.switches.map((s) => s.href), unknown).toEqual(languages.map((l) => routeIn(l, '/')));
      }
      const english = await visit('/no-such-page');
      expect([english.status, english.lang]).toEqual([404, defaultLanguage.htmlLang]);
    });
  }

  it('lists every language in the sitemap, each URL with its alternates', async () => {
    const sitemap = await (await fetch(site.url + '/sitemap.xml')).text();
    const listed = pairs.filter(({ route }) => !isNotFound(route) && sitemap.includes(`<loc>${pageUrl(siteUrl, route)}</loc>`));
    expect(listed.length, 'pages in the sitemap').toBeGreaterThan(0);
    for (const { route, english } of pairs.filter((p) => !isNotFound(p.route))) {
      const entry = sitemap.split('<url>').find((u) => u.startsWith(`<loc>${pageUrl(siteUrl, english)}</loc>`));
      const own = sitemap.split('<url>').find((u) => u.startsWith(`<loc>${pageUrl(siteUrl, route)}</loc>`));
      // A page out of search results (noindex) is out in every language.
      expect(Boolean(own), `${route} listed as ${english} is`).toBe(Boolean(entry));
      if (!own) continue;
      for (const l of languages) expect(own).toContain(`<xhtml:link rel="alternate" hreflang="${l.hreflang}" href="${pageUrl(siteUrl, routeIn(l, english))}"/>`);
      expect(own).toContain(`<xhtml:link rel="alternate" hreflang="x-default" href="${pageUrl(siteUrl, english)}"/>`);
    }
    expect(sitemap).not.toContain('/embed/frame');
  });

  it('never redirects by Accept-Language', async () => {
    for (const route of ['/', '/features']) {
      const res = await fetch(site.url + route, { headers: { 'accept-language': 'hi-IN,hi;q=0.9' }, redirect: 'manual' });
      expect(res.status, route).toBe(200);
      expect(await res.text()).toContain(`<html lang="${defaultLanguage.htmlLang}"`);
    }
  });
});
