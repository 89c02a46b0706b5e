/**
 * The languages of the site, the forms and the intake service, as data (docs/how-to-add-a-language.md).
 * The first row is the default language: no URL prefix, the x-default alternate, and
 * what the forms and the service speak when asked for none of these.
 */
export interface Language {
  /** Its catalogues' name (pages/i18n/<code>/, widgets/i18n/<code>.ts, contract/messages/<code>.ts, pages/i18n/notice/<code>.json). */
  code: string;
  /** Its routes' prefix: '' for the default language, else '/<code>' (its home page is '/<code>/'). */
  prefix: string;
  /** `<html lang>` of its pages. */
  htmlLang: string;
  /** `og:locale`. */
  ogLocale: string;
  /** `hreflang` of its alternates and of the language switch; JSON-LD `inLanguage`. */
  hreflang: string;
  /** Its own name in its own script: the language switch names it so on every page. */
  name: string;
  /** The direction of its script (`<html dir>`). */
  dir: 'ltr' | 'rtl';
  /** Its script's Unicode name (`\p{Script=…}`): the tests check that its pages are written in it. */
  script: string;
  /**
   * The height, in px, its /embed page gives the framed form's <iframe> snippet, when its
   * form is taller than the default (pages/embed/frame/form-options.ts): measured at 320 px
   * wide by test/embed-frame.e2e.test.ts, which names the height a language needs.
   */
  frameSnippetHeight?: number;
}

const rows = [
  { code: 'en', prefix: '', htmlLang: 'en-IN', ogLocale: 'en_IN', hreflang: 'en-IN', name: 'English', dir: 'ltr', script: 'Latin' },
  { code: 'hi', prefix: '/hi', htmlLang: 'hi', ogLocale: 'hi_IN', hreflang: 'hi-IN', name: 'हिन्दी', dir: 'ltr', script: 'Devanagari' },
  { code: 'mr', prefix: '/mr', htmlLang: 'mr', ogLocale: 'mr_IN', hreflang: 'mr-IN', name: 'मराठी', dir: 'ltr', script: 'Devanagari' },
  { code: 'ta', prefix: '/ta', htmlLang: 'ta', ogLocale: 'ta_IN', hreflang: 'ta-IN', name: 'தமிழ்', dir: 'ltr', script: 'Tamil', frameSnippetHeight: 1680 },
  { code: 'te', prefix: '/te', htmlLang: 'te', ogLocale: 'te_IN', hreflang: 'te-IN', name: 'తెలుగు', dir: 'ltr', script: 'Telugu', frameSnippetHeight: 1300 },
  { code: 'kn', prefix: '/kn', htmlLang: 'kn', ogLocale: 'kn_IN', hreflang: 'kn-IN', name: 'ಕನ್ನಡ', dir: 'ltr', script: 'Kannada', frameSnippetHeight: 1360 },
  { code: 'bn', prefix: '/bn', htmlLang: 'bn', ogLocale: 'bn_IN', hreflang: 'bn-IN', name: 'বাংলা', dir: 'ltr', script: 'Bengali', frameSnippetHeight: 1310 },
] as const satisfies readonly Language[];

/** A language's code: 'en', 'hi'. */
export type LanguageCode = (typeof rows)[number]['code'];

export const languages: readonly Language[] = rows;

/** The codes, in list order. */
export const LANGUAGE_CODES: readonly LanguageCode[] = rows.map((l) => l.code);

export const defaultLanguage: Language = languages[0]!;

export const isLanguageCode = (value: unknown): value is LanguageCode => (LANGUAGE_CODES as readonly unknown[]).includes(value);

/** "hi-IN", " HI " → 'hi'; undefined when its primary subtag is none of ours. */
export function languageOfTag(tag: string | null | undefined): LanguageCode | undefined {
  const primary = tag?.trim().toLowerCase().split('-')[0];
  return isLanguageCode(primary) ? primary : undefined;
}

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
