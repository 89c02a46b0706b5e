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

/** The defaults of DIST_DIR and DATA_DIR, relative to the repository root. */
export const DEFAULT_DIST_DIR = 'dist';
export const DEFAULT_DATA_DIR = 'data';

/** The built site: `DIST_DIR` when set and not empty, else `dist/`. */
export function distDir(env: Env = process.env): string {
  return path.resolve(repoRoot, env.DIST_DIR || DEFAULT_DIST_DIR);
}

/**
 * What `vite build` makes for the service alone, beside the built site and never served
 * (`dist-server/` for `dist/`): the kit that draws the answers to a form sent without script
 * (site-generator/answer-kit-plugin.ts, server/answer-pages/).
 */
export const answerKitDir = (builtSite: string): string => `${builtSite.replace(/[\\/]+$/, '')}-server`;

/** The intake service's data folder: `DATA_DIR` when set and not empty, else `data/`. */
export function dataDir(env: Env = process.env): string {
  return path.resolve(repoRoot, env.DATA_DIR || DEFAULT_DATA_DIR);
}

