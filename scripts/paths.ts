/**
 * Where things are, for the build, the server, the CLIs, the bench and the tests:
 * the repository's folders, the built site, and the mapping between a route
 * (`/about-us`) and its page file (`about-us/index.html`, the same under pages/ and dist/).
 * Relative environment values are resolved against the repository root, never the
 * working folder, so every command agrees whatever folder it runs from.
 */
import path from 'node:path';

export const repoRoot = path.resolve(import.meta.dirname, '..');
export const pagesDir = path.join(repoRoot, 'pages');
export const widgetsDir = path.join(repoRoot, 'widgets');
export const stylesDir = path.join(repoRoot, 'styles');
export const publicDir = path.join(repoRoot, 'public');

type Env = Record<string, string | undefined>;

/** The built site: `DIST_DIR` when set and not empty, else `dist/`. */
export function distDir(env: Env = process.env): string {
  return path.resolve(repoRoot, env.DIST_DIR || 'dist');
}

/** The intake service's data folder: `DATA_DIR` when set and not empty, else `data/`. */
export function dataDir(env: Env = process.env): string {
  return path.resolve(repoRoot, env.DATA_DIR || 'data');
}

/** The route of the not-found page; its file is `404.html`. */
export const NOT_FOUND_ROUTE = '/404';

/** A page's file relative to pages/ or dist/: "/" → index.html, "/about-us" → about-us/index.html, "/404" → 404.html. */
export function pageFileOf(route: string): string {
  const clean = route.replace(/^\/+|\/+$/g, '');
  if (clean === '') return 'index.html';
  if (`/${clean}` === NOT_FOUND_ROUTE) return '404.html';
  return `${clean}/index.html`;
}

/** The clean URL of a page file relative to pages/ or dist/ (either separator): the inverse of pageFileOf. */
export function routeOfPageFile(relativeFile: string): string {
  const file = relativeFile.split(path.sep).join('/').replace(/^\/+/, '');
  if (file === 'index.html') return '/';
  return '/' + file.replace(/\/index\.html$|\.html$/, '');
}
