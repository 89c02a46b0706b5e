/**
 * What a page's template knows of its language (contract/languages.ts): `lang`, `language`,
 * `alternates` (hreflang links, x-default to the default language), `ogLocaleAlternates`
 * and `languageLinks` (the language switch: the same page in every language, each named in
 * its own language; a language without the page links its home page).
 */
import { defaultLanguage, languageOfRoute, languages, routeIn, type Language } from '../contract/languages.ts';
import { isNotFoundRoute } from '../scripts/paths.ts';
import { pageUrl } from './sitemap.ts';

export interface Alternate {
  hreflang: string;
  href: string;
}

export interface LanguageLink {
  href: string;
  /** The target language's html lang, hreflang and direction, and its name in that language. */
  lang: string;
  hreflang: string;
  dir: string;
  name: string;
  /** This page's own language. */
  current: boolean;
}

export interface PageLanguage {
  lang: string;
  language: Language;
  alternates: Alternate[];
  /** `og:locale:alternate`: the og locales of the page in the other languages. */
  ogLocaleAlternates: string[];
  languageLinks: LanguageLink[];
}

/**
 * The language context of the page at `route`. `hasPage(route)` says whether a route has a
 * page; `siteUrl` makes the alternates absolute. The not-found pages have no alternates.
 */
export function pageLanguage(route: string, siteUrl: string, hasPage: (route: string) => boolean): PageLanguage {
  const language = languageOfRoute(route);
  const others = isNotFoundRoute(route) ? [] : languages.filter((l) => l !== language && hasPage(routeIn(l, route)));
  const alternates =
    others.length === 0
      ? []
      : [
          ...languages.filter((l) => l === language || others.includes(l)).map((l) => ({ hreflang: l.hreflang, href: pageUrl(siteUrl, routeIn(l, route)) })),
          { hreflang: 'x-default', href: pageUrl(siteUrl, routeIn(defaultLanguage, route)) },
        ];
  const languageLinks = languages.map((l) => ({
    href: others.includes(l) || (l === language && !isNotFoundRoute(route)) ? routeIn(l, route) : routeIn(l, '/'),
    lang: l.htmlLang,
    hreflang: l.hreflang,
    dir: l.dir,
    name: l.name,
    current: l === language,
  }));
  return { lang: language.code, language, alternates, ogLocaleAlternates: others.map((l) => l.ogLocale), languageLinks };
}
