/**
 * What the build reads: every page it writes (page-templates.ts: each template in each
 * language, the notice pages) and every widget entry (one per registry tag,
 * widgets/<tag>/define.ts, built to dist/widgets/<tag>.js).
 */
import fs from 'node:fs';
import path from 'node:path';
import { widgetTags } from '../widgets/registry/names.ts';
import { pagesDir, widgetsDir } from '../scripts/paths.ts';
import { builtPages, isPublic, languageVariants, type BuiltPage } from './page-templates.ts';

/**
 * Rollup input name → absolute file, for every page ("page-home", "page-about-us", "page-404",
 * "page-hi", "page-hi/features"; a language's page is named by the file it becomes) and each
 * language's variant of a one-language route ("page-embed/frame.hi", for the service).
 */
export function pageInputs(): Record<string, string> {
  const name = (page: BuiltPage) => `page-${page.route === '/' ? 'home' : page.route.slice(1).replace(/\/$/, '')}${page.kind === 'site' && page.variant ? `.${page.language.code}` : ''}`;
  return Object.fromEntries([...builtPages(), ...languageVariants()].map((page) => [name(page), path.join(pagesDir, page.file)]));
}

/** Rollup input name → absolute file, for every custom element ("widget-<tag>"). */
export function widgetInputs(): Record<string, string> {
  return Object.fromEntries(widgetTags.map((tag) => [`widget-${tag}`, path.join(widgetsDir, tag, 'define.ts')]));
}

/** Routes listed in build-meta.json: every page of every language but the not-found pages. */
export function publicRoutes(): string[] {
  return builtPages()
    .filter(isPublic)
    .map((page) => page.route)
    .sort();
}

/**
 * Routes listed in the sitemap: public pages built in every language (not ONE_LANGUAGE_ROUTES)
 * and the notice pages, unless the template asks to stay out of search results (`noindex=true`
 * in its head partial call) or names another page as its canonical one (`canonicalOf=`).
 */
export function sitemapRoutes(): string[] {
  const outOfSearch = new Map<string, boolean>();
  const staysOut = (template: string) => {
    if (!outOfSearch.has(template)) outOfSearch.set(template, /\b(noindex=true|canonicalOf=)/.test(fs.readFileSync(path.join(pagesDir, template), 'utf8')));
    return outOfSearch.get(template)!;
  };
  return builtPages()
    .filter((page) => isPublic(page) && (page.kind === 'notice' || page.everyLanguage) && !staysOut(page.template))
    .map((page) => page.route)
    .sort();
}
