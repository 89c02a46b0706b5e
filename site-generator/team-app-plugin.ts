/**
 * The team's app (pages/team/index.html, widgets/team/) as a build of its own, after the
 * site's, into dist/team/ (its scripts and styles in dist/team/assets/): a bundle graph apart
 * from the site's, so none of its code or styles (and no chunk it would share, React's
 * included) is in any file a public page loads, and the public pages' budgets do not move.
 * It is no page of the site: not in the sitemap, build-meta.json or _headers; the service
 * serves it with its own headers (server/site/headers.ts teamHeaders).
 */
import fs from 'node:fs';
import path from 'node:path';
import { build, type Plugin } from 'vite';
import { TEAM_DIR } from '../server/site/headers.ts';
import { pagesDir, repoRoot } from '../scripts/paths.ts';
import { afterBuildPlugin } from './after-build.ts';
import { precompress } from './precompress.ts';

const TEAM_PAGE = path.join(pagesDir, TEAM_DIR, 'index.html');

export const teamAppPlugin = (): Plugin => afterBuildPlugin('team-app', buildTeamApp);

async function buildTeamApp(outDir: string): Promise<void> {
  const teamOut = path.join(outDir, TEAM_DIR);
  await build({
    configFile: false,
    root: path.dirname(TEAM_PAGE),
    base: `/${TEAM_DIR}/`,
    publicDir: false,
    envDir: repoRoot,
    logLevel: 'warn',
    resolve: { alias: [{ find: /^\/widgets\//, replacement: path.join(repoRoot, 'widgets') + '/' }] },
    server: { fs: { allow: [repoRoot] } },
    build: {
      outDir: teamOut,
      emptyOutDir: true,
      target: 'es2022',
      assetsDir: 'assets',
      assetsInlineLimit: 0,
      modulePreload: { polyfill: false },
      rollupOptions: { input: TEAM_PAGE },
    },
  });
  if (!fs.existsSync(path.join(teamOut, 'index.html'))) throw new Error(`team app: no ${path.join(teamOut, 'index.html')} built`);
  precompress(teamOut);
}
