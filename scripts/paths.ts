/**
 * Where things are, for the build, the CLIs, the bench and the tests: the repository's
 * folders (the service's own in server/folders.ts) and the route ↔ page file mapping
 * (contract/site-routes.ts).
 */
import path from 'node:path';
import { repoRoot } from '../server/folders.ts';

export { dataDir, distDir, pagesDir, repoRoot } from '../server/folders.ts';
export { isNotFoundRoute, NOT_FOUND_ROUTE, notFoundRouteFor, pageFileOf, routeOfPageFile } from '../contract/site-routes.ts';

export const widgetsDir = path.join(repoRoot, 'widgets');
export const stylesDir = path.join(repoRoot, 'styles');
export const publicDir = path.join(repoRoot, 'public');
