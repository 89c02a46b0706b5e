import os from 'node:os';
import { defineConfig } from 'vitest/config';
import LongestFirst from './test/setup/sequencer.ts';

export default defineConfig({
  test: {
    include: ['test/**/*.e2e.test.ts'],
    environment: 'node',
    // Most of an e2e file's time is waiting: on a page, a server, a socket. Files run side by side in one shared Chromium.
    maxWorkers: Math.max(2, os.availableParallelism()),
    globalSetup: ['test/setup/postgres.ts', 'test/setup/chromium.ts'],
    setupFiles: ['test/setup/count-assertions.ts'],
    sequence: { sequencer: LongestFirst },
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // What a page does after a click takes its time here; a form's submit may also wait up
    // to about 2 s for its proof of work to be solved.
    expect: { poll: { timeout: 10_000 } },
  },
});
