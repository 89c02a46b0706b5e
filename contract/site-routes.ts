/**
 * The mapping between a route (`/about-us`) and its page file (`about-us/index.html`, the
 * same under pages/ and dist/): the build writes the files, the service serves them.
 */
import { baseRoute, languageOfRoute, languages } from './languages.ts';

/** The route of the not-found page; its file is `404.html` (each language's: `/hi/404`, `hi/404.html`). */
export const NOT_FOUND_ROUTE = '/404';

/** The route of `routes` a path names, trailing slashes aside (`/hi` and `/hi/` are both the Hindi home, `/hi/`); undefined when none. */
export function routeOfPath(path: string, routes: ReadonlySet<string>): string | undefined {
  const bare = path.replace(/(.)\/+$/, '$1');
  return [bare, `${bare}/`].find((route) => routes.has(route));
}

/** The not-found page of any language ("/404", "/hi/404"): a page file, never a public route. */
export const isNotFoundRoute = (route: string): boolean => baseRoute(route) === NOT_FOUND_ROUTE;

/** The not-found route in the language of a route or URL path: "/hi/anything" → "/hi/404". */
export const notFoundRouteFor = (route: string): string => languageOfRoute(route).prefix + NOT_FOUND_ROUTE;

/**
 * A page's file relative to pages/ or dist/: "/" → index.html, "/about-us" → about-us/index.html,
 * "/404" → 404.html; the same under a language's folder ("/hi/" → hi/index.html, "/hi/404" → hi/404.html).
 */
export function pageFileOf(route: string): string {
  const clean = route.replace(/^\/+|\/+$/g, '');
  if (clean === '') return 'index.html';
  if (isNotFoundRoute(`/${clean}`)) return `${clean}.html`;
  return `${clean}/index.html`;
}

/** The clean URL of a page file relative to pages/ or dist/ (either separator): the inverse of pageFileOf. A language's home keeps its slash ("/hi/"). */
export function routeOfPageFile(relativeFile: string): string {
  const file = relativeFile.split('\\').join('/').replace(/^\/+/, '');
  if (file === 'index.html') return '/';
  const route = '/' + file.replace(/\/index\.html$|\.html$/, '');
  return languages.some((l) => l.prefix !== '' && l.prefix === route) ? route + '/' : route;
}
