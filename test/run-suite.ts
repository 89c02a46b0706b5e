/**
 * `npm test` and `npm run test:quick`: the suite's phases in order, each timed, then a
 * summary of every phase with its time, its tests and its assertions, per layer.
 *
 *   npm test              environment, static checks (typecheck, lint, unused code) beside the
 *                         build, then unit, browser and end-to-end tests
 *   npm run test:quick    the build, then the unit and browser layers (while working)
 *
 * Stops at the first phase that fails. Vitest's own counts come from its JSON report; the
 * assertions a file makes from test/setup/count-assertions.ts; "checks in source" counts the
 * `expect(…)` call sites of the layer's files, which a rewrite that drops a check would lower.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

interface Phase {
  name: string;
  command: string[];
  /** Vitest layer whose JSON report and assertion counts this phase writes. */
  vitest?: 'unit' | 'e2e';
  /** The layer's file suffix, for the count of checks in source. */
  layer?: 'unit' | 'browser' | 'e2e';
}

interface Result {
  name: string;
  ok: boolean;
  seconds: number;
  files?: number;
  tests?: number;
  assertions?: number;
  checks?: number;
  output?: string;
}

const root = path.resolve(import.meta.dirname, '..');
const bin = (name: string) => path.join(root, 'node_modules/.bin', name);
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'test-run-'));
const quick = process.argv.includes('--quick');

const vitest = (layer: 'unit' | 'e2e'): Phase => ({
  name: `${layer} tests`,
  command: [bin('vitest'), 'run', '--config', `vitest.${layer}.config.ts`, '--reporter=default', '--reporter=json', `--outputFile.json=${path.join(scratch, `${layer}.json`)}`],
  vitest: layer,
  layer,
});
const browser: Phase = { name: 'browser tests', command: [bin('wtr'), '--config', 'web-test-runner.config.js'], layer: 'browser' };
const staticChecks: Phase[] = [
  { name: 'typecheck', command: [bin('tsc'), '--noEmit'] },
  { name: 'lint', command: [bin('eslint'), '.'] },
  { name: 'unused code', command: [bin('knip')] },
  { name: 'unused in production', command: [bin('knip'), '--production'] },
  // The site, the answer kit and the compiled service (server-build/, which compiled-service.e2e runs): package.json's build.
  { name: 'build', command: ['npm', 'run', '--silent', 'build'] },
];

const plan: (Phase | Phase[])[] = quick
  ? [staticChecks.find((p) => p.name === 'build')!, vitest('unit'), browser]
  : [{ name: 'environment', command: ['bash', 'scripts/test-env.sh'] }, staticChecks, vitest('unit'), browser, vitest('e2e')];

/** Runs a phase; its output goes to the terminal as it comes, or is kept to be printed at its end when others run beside it. */
function run(phase: Phase, keepOutput: boolean): Promise<Result> {
  const started = performance.now();
  const env: NodeJS.ProcessEnv = { ...process.env, FORCE_COLOR: process.stdout.isTTY ? '1' : '0' };
  if (phase.vitest) env.TEST_COUNTS_FILE = path.join(scratch, `${phase.vitest}.counts`);
  return new Promise((resolve) => {
    const child = spawn(phase.command[0]!, phase.command.slice(1), { cwd: root, env, stdio: ['ignore', keepOutput ? 'pipe' : 'inherit', keepOutput ? 'pipe' : 'inherit'] });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code) => resolve({ name: phase.name, ok: code === 0, seconds: (performance.now() - started) / 1000, output, ...counts(phase, output) }));
  });
}

/** What a test phase ran: files, tests, assertions made, and checks in its source. */
function counts(phase: Phase, output: string): Partial<Result> {
  if (!phase.layer) return {};
  const checks = checksInSource(phase.layer);
  if (phase.vitest) {
    const report = path.join(scratch, `${phase.vitest}.json`);
    const countsFile = path.join(scratch, `${phase.vitest}.counts`);
    const json = fs.existsSync(report) ? (JSON.parse(fs.readFileSync(report, 'utf8')) as { numTotalTestSuites: number; numTotalTests: number; testResults: unknown[] }) : undefined;
    const assertions = fs.existsSync(countsFile)
      ? fs.readFileSync(countsFile, 'utf8').split('\n').filter(Boolean).reduce((sum, n) => sum + Number(n), 0)
      : undefined;
    return { files: json?.testResults.length, tests: json?.numTotalTests, assertions, checks };
  }
  // @web/test-runner's summary: "12/12 test files | 93 passed, 0 failed".
  const summary = /(\d+)\/\d+ test files \| (\d+) passed, (\d+) failed/.exec(output.replace(/\x1b\[[0-9;]*m/g, ''));
  return { files: summary ? Number(summary[1]) : undefined, tests: summary ? Number(summary[2]) + Number(summary[3]) : undefined, checks };
}

/** `expect(`, `expect.poll(`, `expect.soft(`… call sites in the layer's test files and the suites they share (`*.unit.suite.ts`: one suite run by a file per store). */
function checksInSource(layer: 'unit' | 'browser' | 'e2e'): number {
  const files = (fs.readdirSync(path.join(root, 'test'), { recursive: true }) as string[]).filter((f) => f.endsWith(`.${layer}.test.ts`) || f.endsWith(`.${layer}.suite.ts`));
  return files.reduce((sum, f) => sum + (fs.readFileSync(path.join(root, 'test', f), 'utf8').match(/\bexpect(?:\.\w+)?\(/g) ?? []).length, 0);
}

const began = performance.now();
const results: Result[] = [];
for (const step of plan) {
  const phases = Array.isArray(step) ? step : [step];
  const done = await Promise.all(
    phases.map(async (phase) => {
      const result = await run(phase, phases.length > 1);
      if (phases.length > 1) process.stdout.write(`\n── ${phase.name} (${result.seconds.toFixed(1)} s, ${result.ok ? 'ok' : 'FAILED'})\n${result.output ?? ''}`);
      return result;
    }),
  );
  results.push(...done);
  if (done.some((r) => !r.ok)) break;
}
fs.rmSync(scratch, { recursive: true, force: true });

const cell = (n: number | undefined) => (n === undefined ? '' : n.toLocaleString('en-US'));
const rows = results.map((r) => [r.name, r.ok ? 'ok' : 'FAILED', `${Math.floor(r.seconds / 60)}:${String(Math.round(r.seconds % 60)).padStart(2, '0')}`, cell(r.files), cell(r.tests), cell(r.assertions), cell(r.checks)]);
const header = ['phase', 'result', 'time', 'files', 'tests', 'assertions', 'checks in source'];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
const total = (performance.now() - began) / 1000;
console.log(`\n${line(header)}\n${rows.map(line).join('\n')}\n${'total'.padEnd(widths[0]!)}  ${' '.repeat(widths[1]!)}  ${`${Math.floor(total / 60)}:${String(Math.round(total % 60)).padStart(2, '0')}`.padStart(widths[2]!)}`);
process.exitCode = results.every((r) => r.ok) && results.length === plan.flat().length ? 0 : 1;
