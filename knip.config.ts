import type { KnipConfig } from 'knip';

/**
 * `npm run lint:unused`: code that nothing uses (files, exports, types) fails `npm test`.
 * Entries are what runs without being imported: the service (an input of vite.server.config.ts), the CLIs and benches, each
 * widget and page script (the pages and the build name them by path), the team's app, the
 * pre-render and the answer kit (loaded by path at build), the tests and their stub server, the test clock a spawned
 * service is started with (by path, node --import), the files served as written. An
 * export used only in its own file is not dead. Unused locals, imports and parameters are the
 * compiler's (tsconfig.json: noUnusedLocals, noUnusedParameters); dependencies are npm's business.
 */
const config: KnipConfig = {
  entry: [
    'widgets/*/define.ts',
    'widgets/registry/prerender.tsx',
    'widgets/registry/answer-kit.tsx',
    'widgets/team/main.tsx',
    'widgets/page-scripts/*.ts',
    'widgets/lead-form/outbox-sw.ts',
    'pages/**/*.ts',
    'scripts/*.ts',
    'test/**/*.test.ts',
    'test/setup/*.ts',
    'test/helpers/service-clock.ts',
    'test/browser-stub/*.js',
    'web-test-runner.config.js',
    'public/embed/*.js',
  ],
  project: ['**/*.{ts,tsx,js}', '!dist/**'],
  ignoreExportsUsedInFile: true,
  include: ['files', 'exports', 'nsExports', 'types', 'nsTypes', 'enumMembers', 'namespaceMembers', 'duplicates', 'unresolved'],
};

export default config;
