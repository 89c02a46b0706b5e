/**
 * Every page in every language (contract/languages.ts), on the built site and the real server:
 * each English page has its twin, and each twin found under pages/<code>/ is the same page in
 * its language: lang, mostly its own script, the same ids in the same order, alternates both
 * ways (x-default: English), a language switch to the twin; unknown paths under its prefix get
 * its not-found page with status 404; the sitemap lists both languages.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtRoutes } from '../scripts/bench/sizes.ts';
import { defaultLanguage, languageOfRoute, languages, routeIn } from '../contract/languages.ts';
import { pageFileOf, pagesDir } from '../scripts/paths.ts';
import { pageUrl } from '../scripts/build/sitemap.ts';
import { loadSiteConfig } from '../site.config.ts';
import { launchBrowser } from './helpers/browser.ts';
import { twinRoutes } from './helpers/routes.ts';
import { distDir, startServer } from './helpers/server.ts';

/** Letters of each language's script: its pages' visible text is mostly these. */
const scriptLetters: Record<string, RegExp> = { hi: /\p{Script=Devanagari}/u };
/** The framed form has no twin: it takes the language in its query (`/embed/frame?lang=hi`). */
const untwinned = new Set(['/embed/frame']);

const { siteUrl } = loadSiteConfig();
const englishRoutes = builtRoutes(distDir).filter((route) => languageOfRoute(route) === defaultLanguage && !untwinned.has(route));
const twins = twinRoutes(englishRoutes);
const otherLanguages = languages.filter((l) => l !== defaultLanguage);

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

interface Seen {
  status: number;
  lang: string | null;
  ids: string[];
  letters: string;
  alternates: Record<string, string>;
  switches: { href: string; hreflang: string | null; lang: string | null }[];
  ogLocale: string | null;
  ogLocaleAlternates: string[];
  inLanguage: string[];
}

async function visit(route: string): Promise<Seen> {
  const page: Page = await browser.context.newPage();
  const response = await page.goto(site.url + route);
  const seen = await page.evaluate(() => {
    const attr = (selector: string, name: string) => document.querySelector(selector)?.getAttribute(name) ?? null;
    return {
      lang: document.documentElement.getAttribute('lang'),
      ids: [...document.querySelectorAll('[id]')].map((el) => el.id),
      letters: (document.body.innerText.match(/\p{L}/gu) ?? []).join(''),
      alternates: Object.fromEntries(
        [...document.querySelectorAll('link[rel="alternate"][hreflang]')].map((l) => [l.getAttribute('hreflang'), l.getAttribute('href')]),
      ),
      switches: [...document.querySelectorAll('header a[hreflang]')].map((a) => ({
        href: a.getAttribute('href')!,
        hreflang: a.getAttribute('hreflang'),
        lang: a.getAttribute('lang'),
      })),
      ogLocale: attr('meta[property="og:locale"]', 'content'),
      ogLocaleAlternates: [...document.querySelectorAll('meta[property="og:locale:alternate"]')].map((m) => m.getAttribute('content')!),
      inLanguage: [...document.querySelectorAll('script[type="application/ld+json"]')]
        .map((s) => JSON.parse(s.textContent ?? '{}').inLanguage)
        .filter((v): v is string => typeof v === 'string'),
    };
  });
  await page.close();
  return { status: response?.status() ?? 0, ...seen };
}

describe('every page in every language', () => {
  it('finds the English routes in the build', () => {
    expect(englishRoutes).toContain('/');
    expect(englishRoutes).toContain('/features');
  });

  for (const language of otherLanguages) {
    it(`every English route has its ${language.code} twin under pages/${language.code}/, and a ${language.code} not-found page`, () => {
      const missing = [...englishRoutes, '/404'].map((route) => pageFileOf(routeIn(language, route))).filter((file) => !fs.existsSync(path.join(pagesDir, file)));
      expect(missing, `pages missing under pages/`).toEqual([]);
    });
  }

  it.each(twins)('$path: the same page as $twinOf, in its language, each linking to the other', async ({ path: route, twinOf, language }) => {
    const [twin, english] = await Promise.all([visit(route), visit(twinOf)]);
    expect(twin.status).toBe(200);
    expect(twin.lang).toBe(language.htmlLang);
    expect(english.lang).toBe(defaultLanguage.htmlLang);

    const own = [...twin.letters].filter((c) => scriptLetters[language.code]!.test(c)).length;
    expect(own / twin.letters.length, `${route}: share of ${language.code} letters in the visible text`).toBeGreaterThan(0.5);

    // A section, heading or anchor added in one language and not the other fails here.
    expect(twin.ids, `${route} has the ids of ${twinOf}, in order`).toEqual(english.ids);

    const expected = {
      [defaultLanguage.hreflang]: pageUrl(siteUrl, twinOf),
      [language.hreflang]: pageUrl(siteUrl, route),
      'x-default': pageUrl(siteUrl, twinOf),
    };
    expect(twin.alternates).toEqual(expected);
    expect(english.alternates).toEqual(expected);

    expect(twin.switches).toEqual([{ href: twinOf, hreflang: defaultLanguage.hreflang, lang: defaultLanguage.htmlLang }]);
    expect(english.switches).toContainEqual({ href: route, hreflang: language.hreflang, lang: language.htmlLang });

    expect([twin.ogLocale, twin.ogLocaleAlternates]).toEqual([language.ogLocale, [defaultLanguage.ogLocale]]);
    expect(english.ogLocale).toBe(defaultLanguage.ogLocale);
    expect(english.ogLocaleAlternates).toContain(language.ogLocale);
    expect(twin.inLanguage.every((l) => l === language.hreflang)).toBe(true);
    expect(twin.inLanguage.length).toBe(english.inLanguage.length);
  });

  it.each(twins)('$path is served with the same kind of headers as $twinOf', async ({ path: route, twinOf }) => {
    const varying = new Set(['date', 'etag', 'last-modified', 'content-length', 'keep-alive', 'connection']);
    const headersOf = async (p: string) => {
      const res = await fetch(site.url + p, { headers: { 'accept-encoding': 'br' } });
      return Object.fromEntries([...res.headers].filter(([name]) => !varying.has(name)));
    };
    expect(await headersOf(route)).toEqual(await headersOf(twinOf));
  });

  for (const language of otherLanguages) {
    it(`an unknown path under ${language.prefix}/ answers its ${language.code} not-found page with status 404; so does the page's own route`, async () => {
      for (const unknown of [`${language.prefix}/no-such-page`, `${language.prefix}/features/no-such-page`, `${language.prefix}/404`]) {
        const seen = await visit(unknown);
        expect(seen.status, unknown).toBe(404);
        expect(seen.lang, unknown).toBe(language.htmlLang);
        expect(seen.switches.map((s) => s.href), unknown).toEqual(['/']);
      }
      const english = await visit('/no-such-page');
      expect([english.status, english.lang]).toEqual([404, defaultLanguage.htmlLang]);
    });
  }

  it('lists both languages in the sitemap, each URL with its alternates', async () => {
    const sitemap = await (await fetch(site.url + '/sitemap.xml')).text();
    for (const { path: route, twinOf, language } of twins) {
      const entry = sitemap.split('<url>').find((u) => u.startsWith(`<loc>${pageUrl(siteUrl, route)}</loc>`));
      expect(entry, `${route} in the sitemap`).toBeDefined();
      expect(entry).toContain(`<xhtml:link rel="alternate" hreflang="${defaultLanguage.hreflang}" href="${pageUrl(siteUrl, twinOf)}"/>`);
      expect(entry).toContain(`<xhtml:link rel="alternate" hreflang="${language.hreflang}" href="${pageUrl(siteUrl, route)}"/>`);
      expect(entry).toContain(`<xhtml:link rel="alternate" hreflang="x-default" href="${pageUrl(siteUrl, twinOf)}"/>`);
    }
    expect(twins.length, 'at least one twin to check').toBeGreaterThan(0);
  });
});
