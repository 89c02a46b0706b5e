/**
 * Where things are, for the build, the CLIs, the bench and the tests: the repository's
 * folders (the service's own in server/folders.ts) and the route ↔ page file mapping
 * (contract/site-routes.ts).
 */
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from '../server/folders.ts';

export { dataDir, distDir, pagesDir, repoRoot } from '../server/folders.ts';
export { isNotFoundRoute, NOT_FOUND_ROUTE, notFoundRouteFor, pageFileOf, routeOfPageFile } from '../contract/site-routes.ts';

export const widgetsDir = path.join(repoRoot, 'widgets');
export const stylesDir = path.join(repoRoot, 'styles');
export const publicDir = path.join(repoRoot, 'public');

/**
 * Where `npm run backup` writes and `npm run restore` reads: `BACKUP_DIR` when set (relative:
 * from the repository root), else the user's state folder (`$XDG_STATE_HOME/societydesk/backups`,
 * `~/.local/state/societydesk/backups`), outside the repository, so neither a fresh checkout
 * nor `git clean` takes the backups with it.
 */
export function backupDir(): string {
  if (process.env.BACKUP_DIR) return path.resolve(repoRoot, process.env.BACKUP_DIR);
  return path.join(process.env.XDG_STATE_HOME || path.join(os.homedir(), '.local', 'state'), 'societydesk', 'backups');
}
