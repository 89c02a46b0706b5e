/**
 * Counts the assertions each test file makes (Vitest's own count: every `expect`, each
 * `expect.poll` once it settles) for the phase summary of `npm test` (test/run-suite.ts):
 * written, one line per file, into TEST_COUNTS_FILE when it is set.
 */
import fs from 'node:fs';
import { afterAll, afterEach, expect } from 'vitest';

const file = process.env.TEST_COUNTS_FILE;
let assertions = 0;

if (file) {
  afterEach(() => {
    assertions += expect.getState().assertionCalls;
  });
  afterAll(() => {
    fs.appendFileSync(file, `${assertions}\n`);
  });
}
