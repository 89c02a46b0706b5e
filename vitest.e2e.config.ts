import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.e2e.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // One browser at a time on a 2-core machine.
    fileParallelism: false,
    // What a page does after a click takes its time here; a form's submit may also wait up
    // to about 2 s for its proof of work to be solved.
    expect: { poll: { timeout: 10_000 } },
  },
});
