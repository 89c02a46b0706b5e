import fs from 'node:fs';
import path from 'node:path';

export const pagesDir = path.resolve(import.meta.dirname, '../../pages');

/** Every page template, as a Rollup input name → absolute file. Partials are not pages. */
export function pageInputs(): Record<string, string> {
  const inputs: Record<string, string> = {};
  for (const entry of fs.readdirSync(pagesDir, { recursive: true }) as string[]) {
    const file = entry.split(path.sep).join('/');
    if (!file.endsWith('.html') || file.startsWith('partials/')) continue;
    const name = file === 'index.html' ? 'home' : file.replace(/\/index\.html$|\.html$/, '');
    inputs[`page-${name}`] = path.join(pagesDir, file);
  }
  return inputs;
}

/** The clean URL of a page file: pages/about-us/index.html → /about-us, pages/index.html → /. */
export function routeOf(file: string): string {
  const rel = path.relative(pagesDir, file).split(path.sep).join('/');
  if (rel === 'index.html') return '/';
  return '/' + rel.replace(/\/index\.html$|\.html$/, '');
}

/** Routes of every page but the 404 page (header rules, budgets, bench). */
export function publicRoutes(): string[] {
  return Object.values(pageInputs())
    .map(routeOf)
    .filter((route) => route !== '/404')
    .sort();
}

/** Routes listed in the sitemap: pages that do not ask to stay out of search results (`noindex=true` in their head), so neither the 404 page nor the framed form. */
export function sitemapRoutes(): string[] {
  return Object.values(pageInputs())
    .filter((file) => !/\bnoindex=true\b/.test(fs.readFileSync(file, 'utf8')))
    .map(routeOf)
    .sort();
}
