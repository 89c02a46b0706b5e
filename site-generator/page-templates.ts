/**
 * Which pages the build writes, and from which template. One template per route under
 * pages/ (`features/index.html` is /features); the build writes it once per row of the
 * language list (contract/languages.ts): /features, /hi/features, … No page file exists per
 * language: a language's pages exist only in the build (and, in `npm run dev`, in the dev
 * server), each from its route's template and that language's catalogue (pages/i18n/<code>/).
 *
 * Two kinds of template stand outside that loop:
 * - ONE_LANGUAGE_ROUTES: built once, at their own route, in the default language (the
 *   framed form, which takes its language from its query; an app page);
 * - `[code].html`: built once per notice language at `<folder>/<code>`
 *   (pages/notice/[code].html → /notice/ta, contract/notice-languages.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { defaultLanguage, languages, routeIn, type Language } from '../contract/languages.ts';
import { NOTICE_LANGUAGES, type NoticeLanguage } from '../contract/notice-languages.ts';
import { isNotFoundRoute, pageFileOf, pagesDir, routeOfPageFile } from '../scripts/paths.ts';
import { TEAM_DIR } from '../server/site/headers.ts';

/**
 * Routes whose template is built once, in the default language, and never listed in the
 * sitemap: not pages a visitor reads in a language of the site. /embed/frame takes its
 * form's language from its query (`?lang=hi`).
 */
export const ONE_LANGUAGE_ROUTES: readonly string[] = ['/embed/frame'];

/** Folders under pages/ that hold no page templates; the team's app is built apart (team-app-plugin.ts). */
const NOT_TEMPLATES = new Set(['partials', 'i18n', 'screens', TEAM_DIR]);

/** A template that is built once per notice language: `notice/[code].html`. */
const PER_NOTICE_LANGUAGE = /(^|\/)\[code\]\.html$/;

export type BuiltPage =
  | {
      kind: 'site';
      /** Its clean URL: '/hi/features'. */
      route: string;
      /** Its file, relative to pages/ (where its template is, or would be) and dist/: 'hi/features/index.html'. */
      file: string;
      /** Its template, relative to pages/: 'features/index.html'. */
      template: string;
      language: Language;
      /** Built in every language (false: ONE_LANGUAGE_ROUTES). */
      everyLanguage: boolean;
      /**
       * A one-language route's page in another language (languageVariants): served by the
       * service at the route itself for `?lang=<code>` (the framed form), never a page of its own.
       */
      variant?: true;
    }
  | { kind: 'notice'; route: string; file: string; template: string; notice: NoticeLanguage };

/** Every template under pages/, relative to it with forward slashes. */
export function templateFiles(dir = pagesDir): string[] {
  return (fs.readdirSync(dir, { recursive: true }) as string[])
    .map((entry) => entry.split(path.sep).join('/'))
    .filter((file) => file.endsWith('.html') && !NOT_TEMPLATES.has(file.split('/')[0]!))
    .sort();
}

/** Every page the build writes, templates read afresh: each site template in each language, the notice pages. */
export function builtPages(noticeCodes: readonly string[] = noticeLanguagesWithText()): BuiltPage[] {
  const pages: BuiltPage[] = [];
  for (const template of templateFiles()) {
    if (PER_NOTICE_LANGUAGE.test(template)) {
      const folder = template.replace(PER_NOTICE_LANGUAGE, '$1');
      for (const notice of NOTICE_LANGUAGES.filter((l) => noticeCodes.includes(l.code))) {
        const route = `/${folder}${notice.code}`;
        pages.push({ kind: 'notice', route, file: pageFileOf(route), template, notice });
      }
      continue;
    }
    const base = routeOfPageFile(template);
    const everyLanguage = !ONE_LANGUAGE_ROUTES.includes(base);
    for (const language of everyLanguage ? languages : [defaultLanguage]) {
      const route = routeIn(language, base);
      pages.push({ kind: 'site', route, file: pageFileOf(route), template, language, everyLanguage });
    }
  }
  return pages;
}

/**
 * The pages of ONE_LANGUAGE_ROUTES in every other language of the list, each from the same
 * template and the language's catalogue: the framed form's page, which the service serves at
 * /embed/frame in the language of its `?lang=` (site-generator/answer-kit-plugin.ts). The build
 * makes them for the service alone: no file in dist/, no route, not in the sitemap.
 */
export function languageVariants(): BuiltPage[] {
  return templateFiles()
    .filter((template) => ONE_LANGUAGE_ROUTES.includes(routeOfPageFile(template)))
    .flatMap((template) =>
      languages
        .filter((language) => language !== defaultLanguage)
        .map((language) => ({
          kind: 'site' as const,
          route: routeOfPageFile(template),
          file: variantFile(template, language.code),
          template,
          language,
          everyLanguage: false,
          variant: true as const,
        })),
    );
}

/** The file a one-language route's page is built into in another language: embed/frame/index.html → embed/frame/index.hi.html. */
export const variantFile = (template: string, code: string): string => template.replace(/\.html$/, `.${code}.html`);

/** The notice catalogues, one file per language of the notice: pages/i18n/notice/<code>.json. */
export const noticeCatalogueDir = path.join(pagesDir, 'i18n', 'notice');

/** The notice languages whose catalogue exists (test/notice-languages.unit.test.ts names the missing ones). */
export function noticeLanguagesWithText(): string[] {
  const present = fs.existsSync(noticeCatalogueDir) ? fs.readdirSync(noticeCatalogueDir) : [];
  return NOTICE_LANGUAGES.map((l) => l.code).filter((code) => present.includes(`${code}.json`));
}

/** The page the build writes at `file` (absolute, or relative to pages/). */
export function builtPageOfFile(pages: BuiltPage[], file: string): BuiltPage | undefined {
  const relative = (path.isAbsolute(file) ? path.relative(pagesDir, file) : file).split(path.sep).join('/');
  return pages.find((page) => page.file === relative);
}

/** Pages listed in build-meta.json and named by the vitals: every page but the not-found ones. */
export const isPublic = (page: BuiltPage): boolean => !isNotFoundRoute(page.route);
