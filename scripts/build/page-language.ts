/**
 * What a page's template knows of its language (contract/languages.ts): `lang`, `language`,
 * `t` (the partials' strings, pages/i18n/<code>.json), `alternates` (hreflang links, x-default
 * to the default language) and `languageLinks` (the switch: the same page in each other
 * language, else that language's home page).
 */
import fs from 'node:fs';
import path from 'node:path';
import { defaultLanguage, languageOfRoute, languages, otherLanguages, routeIn, type Language } from '../../contract/languages.ts';
import { isNotFoundRoute, pagesDir } from '../paths.ts';
import { pageUrl } from './sitemap.ts';

export type Catalogue = { [key: string]: string | Catalogue };

/** Every key path of a catalogue ("footer.about"), sorted. */
const keysOf = (catalogue: Catalogue, prefix = ''): string[] =>
  Object.entries(catalogue)
    .flatMap(([key, value]) => (typeof value === 'string' ? [prefix + key] : keysOf(value, `${prefix}${key}.`)))
    .sort();

/** Every language's catalogue; the build fails when one lacks a key of the default language's, or has one more. */
export function loadCatalogues(dir = path.join(pagesDir, 'i18n')): Record<string, Catalogue> {
  const catalogues = Object.fromEntries(
    languages.map((l) => [l.code, JSON.parse(fs.readFileSync(path.join(dir, `${l.code}.json`), 'utf8')) as Catalogue]),
  );
  const expected = keysOf(catalogues[defaultLanguage.code]!);
  for (const { code } of languages) {
    const keys = keysOf(catalogues[code]!);
    const missing = expected.filter((k) => !keys.includes(k));
    const extra = keys.filter((k) => !expected.includes(k));
    if (missing.length || extra.length) {
      throw new Error(`pages/i18n/${code}.json: missing ${JSON.stringify(missing)}, unknown ${JSON.stringify(extra)} (the keys are those of ${defaultLanguage.code}.json)`);
    }
  }
  return catalogues;
}

export interface Alternate {
  hreflang: string;
  href: string;
}

export interface LanguageLink {
  href: string;
  /** The target language's html lang and hreflang, and its name and "read this page in …" label, in that language. */
  lang: string;
  hreflang: string;
  name: string;
  label: string;
}

export interface PageLanguage {
  lang: string;
  language: Language;
  t: Catalogue;
  alternates: Alternate[];
  /** `og:locale:alternate`: the og locales of the page's twins. */
  ogLocaleAlternates: string[];
  languageLinks: LanguageLink[];
}

/**
 * The language context of the page at `route`. `hasPage(route)` says whether a route has a
 * page; `siteUrl` makes the alternates absolute. The not-found pages have no alternates.
 */
export function pageLanguage(route: string, siteUrl: string, catalogues: Record<string, Catalogue>, hasPage: (route: string) => boolean): PageLanguage {
  const language = languageOfRoute(route);
  const twins = isNotFoundRoute(route) ? [] : languages.filter((l) => l !== language && hasPage(routeIn(l, route)));
  const alternates =
    twins.length === 0
      ? []
      : [
          ...languages.filter((l) => l === language || twins.includes(l)).map((l) => ({ hreflang: l.hreflang, href: pageUrl(siteUrl, routeIn(l, route)) })),
          { hreflang: 'x-default', href: pageUrl(siteUrl, routeIn(defaultLanguage, route)) },
        ];
  const languageLinks = otherLanguages(route).map((l) => ({
    href: twins.includes(l) ? routeIn(l, route) : routeIn(l, '/'),
    lang: l.htmlLang,
    hreflang: l.hreflang,
    name: l.name,
    label: String(catalogues[l.code]!.switchToThis),
  }));
  return { lang: language.code, language, t: catalogues[language.code]!, alternates, ogLocaleAlternates: twins.map((l) => l.ogLocale), languageLinks };
}
