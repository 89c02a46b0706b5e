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
import { TEAM_DIR } from '../../server/site/headers.ts';
import { distDir, pagesDir, repoRoot } from '../paths.ts';
import { precompress } from './precompress.ts';

const TEAM_PAGE = path.join(pagesDir, TEAM_DIR, 'index.html');

export function teamAppPlugin(): Plugin {
  let outDir = distDir();
  let failed = false;
  return {
    name: 'team-app',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // A failed build still closes its bundle: then there is nothing to add to, and its own error must stay the one reported.
    buildEnd(error?: Error) {
      failed = !!error;
    },
    async closeBundle(error?: Error) {
      if (failed || error) return;
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
    },
  };
}
