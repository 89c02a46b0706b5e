/**
 * What the build reads: every page file under pages/ (each one route; a language's pages
 * under pages/<code>/, see contract/languages.ts) and every widget
 * entry (one per registry tag, widgets/<tag>/define.ts, built to dist/widgets/<tag>.js).
 */
import fs from 'node:fs';
import path from 'node:path';
import { widgetTags } from '../../widgets/registry/names.ts';
import { isNotFoundRoute, pagesDir, routeOfPageFile, widgetsDir } from '../paths.ts';
import { TEAM_DIR } from '../../server/site-headers.ts';

/** Page files relative to pages/, with forward slashes. Partials are not pages, nor is the team's app (built apart: team-app-plugin.ts). */
function pageFiles(): string[] {
  return (fs.readdirSync(pagesDir, { recursive: true }) as string[])
    .map((entry) => entry.split(path.sep).join('/'))
    .filter((file) => file.endsWith('.html') && !file.startsWith('partials/') && !file.startsWith(`${TEAM_DIR}/`));
}

/** Rollup input name → absolute file, for every page ("page-home", "page-about-us", "page-404", "page-hi", "page-hi/features"). */
export function pageInputs(): Record<string, string> {
  return Object.fromEntries(
    pageFiles().map((file) => {
      const route = routeOfPageFile(file);
      return [`page-${route === '/' ? 'home' : route.slice(1).replace(/\/$/, '')}`, path.join(pagesDir, file)];
    }),
  );
}

/** Rollup input name → absolute file, for every custom element ("widget-<tag>"). */
export function widgetInputs(): Record<string, string> {
  return Object.fromEntries(widgetTags.map((tag) => [`widget-${tag}`, path.join(widgetsDir, tag, 'define.ts')]));
}

/** Routes listed in build-meta.json: every page of every language but the not-found pages. */
export function publicRoutes(): string[] {
  return pageFiles()
    .map(routeOfPageFile)
    .filter((route) => !isNotFoundRoute(route))
    .sort();
}

/** Routes listed in the sitemap: public routes whose page neither asks to stay out of search results (`noindex=true` in its head partial call) nor names another page as its canonical one (`canonicalOf=`: the framed form, whose page is /register). */
export function sitemapRoutes(): string[] {
  const inputs = pageInputs();
  return Object.entries(inputs)
    .filter(([, file]) => !/\b(noindex=true|canonicalOf=)/.test(fs.readFileSync(file, 'utf8')))
    .map(([, file]) => routeOfPageFile(path.relative(pagesDir, file)))
    .filter((route) => !isNotFoundRoute(route))
    .sort();
}
