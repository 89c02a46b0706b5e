/**
 * A build's first error names its real cause: with one catalogue key deleted, `vite build`
 * fails, and the first error line it prints names the catalogue file and the key, not what a
 * later step (the answer kit, the team's app) finds missing after the failed bundle. The build
 * runs for real, on a scratch copy of the sources (the repository's own files stay untouched).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../scripts/paths.ts';

/** What the build does not read: the scratch copy leaves them out (node_modules is linked). */
const NOT_BUILD_INPUTS = new Set(['.git', 'node_modules', 'dist', 'dist-server', 'server-build', 'test', 'docs', 'bench', 'deploy', 'data', 'backups', 'test-output', '.tmp']);
const CATALOGUE = 'pages/i18n/ta/features.json';
const KEY = ['hero', 'title'] as const;

let scratch: string;
let output: string;
let exitCode: number | null;

beforeAll(async () => {
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'first-error-'));
  for (const entry of fs.readdirSync(repoRoot)) {
    if (!NOT_BUILD_INPUTS.has(entry)) fs.cpSync(path.join(repoRoot, entry), path.join(scratch, entry), { recursive: true });
  }
  fs.symlinkSync(path.join(repoRoot, 'node_modules'), path.join(scratch, 'node_modules'), 'dir');

  const file = path.join(scratch, CATALOGUE);
  const catalogue = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, Record<string, string>>;
  const section = catalogue[KEY[0]] ?? {};
  expect(section[KEY[1]], 'the key to delete is in the catalogue').toBeTypeOf('string');
  delete section[KEY[1]];
  fs.writeFileSync(file, JSON.stringify(catalogue, null, 2));

  const env = { ...process.env };
  delete env.DIST_DIR;
  const build = spawn(process.execPath, [path.join(repoRoot, 'node_modules/vite/bin/vite.js'), 'build'], { cwd: scratch, env });
  const chunks: Buffer[] = [];
  build.stdout.on('data', (c: Buffer) => chunks.push(c));
  build.stderr.on('data', (c: Buffer) => chunks.push(c));
  exitCode = await new Promise((resolve) => build.on('close', resolve));
  output = Buffer.concat(chunks).toString('utf8');
}, 120_000);

afterAll(() => {
  if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
});

describe('a build with a catalogue key deleted', () => {
  it('fails, and its first error line names the catalogue file and the key', () => {
    expect(exitCode, output).not.toBe(0);
    const firstError = output.split('\n').find((line) => /^\w*Error: /.test(line));
    expect(firstError, output).toMatch(new RegExp(`^Error: missing ${CATALOGUE}, "${KEY.join('.')}"`));
  });

  it('reports no error of a later step (the answer kit, the team app) on top of it', () => {
    expect(output).not.toMatch(/answer kit:|team app:|made no page/);
    expect(fs.existsSync(path.join(scratch, 'dist-server')), 'no answer kit built for a failed build').toBe(false);
  });
});
