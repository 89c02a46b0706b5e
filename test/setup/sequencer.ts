/**
 * The order test files start in: longest first, so the two workers finish together and a
 * page-level defect fails early. Vitest orders by the last run's durations when it has them
 * (a fresh clone has none, and then runs files in the order it found them: the crawl last);
 * here the crawl's parts and the other sweeps lead, then the rest by size.
 */
import fs from 'node:fs';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** The longest files of each layer, longest first. */
const FIRST = [
  /\/crawl-[^/]+\.e2e\.test\.ts$/,
  /\/instant-navigation\.e2e\.test\.ts$/,
  /\/language-promotion\.unit\.test\.ts$/,
  /\/html-validity\.unit\.test\.ts$/,
  /\/(acknowledgement-email|store)[^/]*\.unit\.test\.ts$/,
];

const weight = (spec: TestSpecification) => {
  const lead = FIRST.findIndex((pattern) => pattern.test(spec.moduleId));
  return (lead === -1 ? 0 : (FIRST.length - lead) * 1e9) + fs.statSync(spec.moduleId).size;
};

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return [...files].sort((a, b) => weight(b) - weight(a));
  }
}
