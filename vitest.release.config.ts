import { defineConfig } from 'vitest/config';

/**
 * `npm run test:release` (.ci/run runs it after `npm test`, outside the suite's budget): the
 * artefacts as a server gets them, built and started here. Slow and heavy: one file at a time.
 */
export default defineConfig({
  test: {
    include: ['test/**/*.release.test.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 10 * 60_000,
    hookTimeout: 20 * 60_000,
    expect: { poll: { timeout: 30_000 } },
  },
});
