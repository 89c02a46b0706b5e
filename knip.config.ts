import type { KnipConfig } from 'knip';

/**
 * `npm run lint:unused`: code that nothing uses (files, exports, types) and dependencies that are
 * used but not listed, or listed but not used, fail `npm test`. It runs twice: `knip` over
 * everything, then `knip --production` over what ships and what an operator runs (the patterns
 * marked `!`), so that code only the tests call is reported too.
 * Entries are what runs without being imported: the build's plugins (vite.config.ts's, and the
 * service through vite.server.config.ts), the CLIs and benches, each widget and page script (the pages and the
 * build name them by path), the team's app, the pre-render and the answer kit (loaded by path at
 * build), the tests and their stub server, the test clock a spawned service is started with (by
 * path, node --import), the files served as written. An export used only in its own file is not
 * dead. Unused locals, imports and parameters are the compiler's (tsconfig.json: noUnusedLocals,
 * noUnusedParameters).
 */
const config: KnipConfig = {
  entry: [
    'vite.config.ts!',
    'server/main.ts!',
    'widgets/i18n/*.ts!',
    'widgets/team/i18n/*.ts!',
    'widgets/*/define.ts!',
    'widgets/registry/prerender.tsx!',
    'widgets/registry/answer-kit.tsx!',
    'widgets/team/main.tsx!',
    'widgets/page-scripts/*.ts!',
    'widgets/lead-form/outbox-sw.ts!',
    'pages/**/*.ts!',
    'scripts/*.ts!',
    'public/embed/*.js!',
    'test/**/*.test.ts',
    'test/setup/*.ts',
    'test/helpers/service-clock.ts',
    'test/helpers/fake-systemctl.mjs',
    'test/browser-stub/*.js',
    'web-test-runner.config.js',
  ],
  // Production: what ships and what an operator runs. The benchmarks are entries (what they call is used) but their
  // own exports are not checked there: they share their budgets with the tests. The runner is plain JavaScript.
  project: ['**/*.{ts,tsx,js}!', '**/*.mjs', '!dist/**', '!test/**!', '!scripts/bench{,-*}.ts!', '!scripts/bench/**!'],
  // The builds are production entries above; knip's Vite plugin would take them as development configs.
  vite: false,
  ignoreExportsUsedInFile: true,
  // Debian's programs the tests drive (scripts/test-env.sh checks they are installed), not npm packages.
  ignoreBinaries: ['java', 'podman', 'promtool', 'prometheus', 'Xvfb', 'WebKitWebDriver', 'chattr'],
  include: ['files', 'dependencies', 'devDependencies', 'optionalPeerDependencies', 'unlisted', 'binaries', 'unresolved', 'exports', 'nsExports', 'types', 'nsTypes', 'enumMembers', 'namespaceMembers', 'duplicates'],
};

export default config;
