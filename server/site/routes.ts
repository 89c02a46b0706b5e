import fs from 'node:fs';
import path from 'node:path';
import { languages, routeIn } from '../../contract/languages.ts';
import { NOT_FOUND_ROUTE, routeOfPageFile } from '../../contract/site-routes.ts';
import { pagesDir } from '../folders.ts';
import type { BuildMeta } from './headers.ts';

/**
 * The built site's routes, as a beacon and a form's page may name them: dist/build-meta.json's,
 * else each page template's route under pages/ in every language of the site; plus /404.
 */
export function siteRoutes(distDir: string): Set<string> {
  let routes: string[];
  try {
    routes = (JSON.parse(fs.readFileSync(path.join(distDir, 'build-meta.json'), 'utf8')) as BuildMeta).routes;
  } catch {
    routes = (fs.readdirSync(pagesDir, { recursive: true }) as string[])
      .filter((f) => f.endsWith('.html') && !f.split(path.sep).includes('partials') && !f.includes('['))
      .map(routeOfPageFile)
      .flatMap((route) => languages.map((language) => routeIn(language, route)));
  }
  return new Set([...routes, NOT_FOUND_ROUTE]);
}
