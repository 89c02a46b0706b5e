/**
 * Browser tests of the widgets, in Debian's Chromium, against the BUILT widget files
 * (what partners load): run the build first, e.g.
 *   DIST_DIR=/tmp/w-dist npx vite build
 *   DIST_DIR=/tmp/w-dist npx wtr --config web-test-runner.config.js
 * The built files are served under /built/ from DIST_DIR (default dist); the intake
 * calls go to the stub server in test/browser-stub/middleware.js.
 */
import fs from 'node:fs';
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { chromeLauncher } from '@web/test-runner-chrome';
import { a11ySnapshotPlugin } from '@web/test-runner-commands/plugins';
import { distDir, stubMiddleware } from './test/browser-stub/middleware.js';

const chromiumFlags = JSON.parse(fs.readFileSync(new URL('./scripts/chromium-flags.json', import.meta.url), 'utf8'));
const executablePath = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => p && fs.existsSync(p));
if (!executablePath) throw new Error('Chromium not found: install it (apt-get install chromium) or set CHROME_PATH');
if (!fs.existsSync(`${distDir}/widgets/society-registration.js`)) {
  throw new Error(`No built widgets in ${distDir}: run the build first (npm run build, or DIST_DIR=... npx vite build).`);
}

export default {
  files: ['test/**/*.browser.test.ts'],
  // `production`: the test libraries' own dependencies (lit, under @open-wc/testing) without dev-mode warnings.
  nodeResolve: { exportConditions: ['production'] },
  // One page at a time: a page in a background tab gets no animation frames or hover.
  concurrency: 1,
  browserStartTimeout: 60_000,
  testsFinishTimeout: 120_000,
  browsers: [
    chromeLauncher({
      launchOptions: {
        executablePath,
        args: chromiumFlags,
      },
    }),
  ],
  plugins: [esbuildPlugin({ ts: true, target: 'es2022' }), a11ySnapshotPlugin()],
  middleware: [stubMiddleware],
  testFramework: { config: { timeout: 20_000 } },
};
