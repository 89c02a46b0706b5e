import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.unit.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    // Some suites start the service as a process (tsx compiles it first): slow on a busy machine.
    hookTimeout: 60_000,
  },
});
