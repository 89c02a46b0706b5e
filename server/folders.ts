/**
 * The folders the service and the command-line tools work in. Relative environment
 * values are resolved against the repository root, never the working folder, so every
 * command agrees whatever folder it runs from.
 */
import path from 'node:path';

export const repoRoot = path.resolve(import.meta.dirname, '..');
/** The page sources: the service names their routes when there is no build. */
export const pagesDir = path.join(repoRoot, 'pages');

type Env = Record<string, string | undefined>;

/** The built site: `DIST_DIR` when set and not empty, else `dist/`. */
export function distDir(env: Env = process.env): string {
  return path.resolve(repoRoot, env.DIST_DIR || 'dist');
}

/** The intake service's data folder: `DATA_DIR` when set and not empty, else `data/`. */
export function dataDir(env: Env = process.env): string {
  return path.resolve(repoRoot, env.DATA_DIR || 'data');
}
