/**
 * The site's languages, as data: adding one is a row here, a catalogue of the partials'
 * strings in pages/i18n/<code>.json and its pages in pages/<code>/. The first row is the
 * default language: no URL prefix, the x-default alternate.
 */
export interface Language {
  /** Catalogue name (pages/i18n/<code>.json) and page folder (pages/<code>/). */
  code: string;
  /** Its routes' prefix: '' for the default language, else '/<code>' (its home page is '/<code>/'). */
  prefix: string;
  /** `<html lang>` of its pages. */
  htmlLang: string;
  /** `og:locale`. */
  ogLocale: string;
  /** `hreflang` of its alternates and of the language switch; JSON-LD `inLanguage`. */
  hreflang: string;
  /** Its own name, the language switch's visible label on the other language's pages. */
  name: string;
}

export const languages: readonly Language[] = [
  { code: 'en', prefix: '', htmlLang: 'en-IN', ogLocale: 'en_IN', hreflang: 'en-IN', name: 'English' },
  { code: 'hi', prefix: '/hi', htmlLang: 'hi', ogLocale: 'hi_IN', hreflang: 'hi-IN', name: 'हिन्दी' },
];

export const defaultLanguage: Language = languages[0]!;

/** The language of a route or URL path: the one whose prefix starts it ("/hi/", "/hi/features" → hi), else the default. */
export function languageOfRoute(route: string): Language {
  return languages.find((l) => l.prefix !== '' && (route === l.prefix || route.startsWith(l.prefix + '/'))) ?? defaultLanguage;
}

/** A route without its language prefix: "/hi/features" → "/features", "/hi/" → "/". */
export function baseRoute(route: string): string {
  const { prefix } = languageOfRoute(route);
  return route.slice(prefix.length) || '/';
}

/** The same page in another language: routeIn(hi, "/features") → "/hi/features", routeIn(hi, "/") → "/hi/", routeIn(en, "/hi/career") → "/career". */
export function routeIn(language: Language, route: string): string {
  return language.prefix + baseRoute(route);
}

/** The other languages than a route's own, in list order. */
export const otherLanguages = (route: string): Language[] => languages.filter((l) => l !== languageOfRoute(route));
