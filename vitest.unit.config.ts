import os from 'node:os';
import { defineConfig } from 'vitest/config';
import LongestFirst from './test/setup/sequencer.ts';

export default defineConfig({
  test: {
    include: ['test/**/*.unit.test.ts'],
    environment: 'node',
    // Vitest's default is one worker fewer than the cores (one, on two): most of these files wait on a database, a socket or a child process.
    maxWorkers: Math.max(2, os.availableParallelism()),
    globalSetup: ['test/setup/postgres.ts'],
    setupFiles: ['test/setup/count-assertions.ts'],
    sequence: { sequencer: LongestFirst },
    testTimeout: 30_000,
    // Some suites start the service as a process (tsx compiles it first): slow on a busy machine.
    hookTimeout: 60_000,
  },
});
