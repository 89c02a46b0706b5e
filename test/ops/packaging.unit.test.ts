/**
 * Issue 41, items 1 and 9: what the release is made of agrees with itself. Every npm script
 * that runs through scripts/run.mjs names a file vite.server.config.ts compiles (so a server
 * without tsx has it), and each compiled entry has its script; one Node line everywhere
 * (.nvmrc, engines, the Dockerfile's base, Renovate's constraint); the version the service
 * reports is the newest in CHANGELOG.md.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVICE_ENTRIES } from '../../vite.server.config.ts';
import { VERSION } from '../../server/ops/version.ts';
import { ROOT } from '../helpers/server.ts';

const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');
const pkg = JSON.parse(read('package.json')) as { version: string; engines: { node: string }; scripts: Record<string, string> };

describe('the compiled service and its npm scripts', () => {
  it('each script run through scripts/run.mjs names a compiled entry, and each entry has its script', () => {
    const runs = Object.entries(pkg.scripts).flatMap(([name, script]) => [...script.matchAll(/node scripts\/run\.mjs (\S+)/g)].map((m) => [name, m[1]!] as const));
    const files: string[] = Object.values(SERVICE_ENTRIES);
    for (const [name, file] of runs) expect(files, `npm run ${name}`).toContain(file);
    expect(new Set(runs.map(([, file]) => file))).toEqual(new Set(files));
    expect(pkg.scripts.serve).toBe('exec node scripts/run.mjs server/main.ts');
    expect(pkg.scripts.build).toContain('vite build --config vite.server.config.ts');
  });
});

describe('one Node line', () => {
  it('.nvmrc, engines, the Dockerfile\'s default base and Renovate\'s constraint are Node 20', () => {
    expect(read('.nvmrc').trim()).toBe('20');
    expect(pkg.engines.node).toBe('^20.19');
    expect(read('Dockerfile')).toMatch(/^ARG BASE=docker\.io\/library\/node:20-bookworm-slim$/m);
    const renovate = JSON.parse(read('renovate.json')) as { constraints: { node: string }; constraintsFiltering: string };
    expect(renovate.constraints.node).toBe(pkg.engines.node);
    expect(renovate.constraintsFiltering).toBe('strict');
  });
});

describe('the version', () => {
  it('is package.json\'s, the newest release of CHANGELOG.md, as the service reports it', () => {
    expect(VERSION).toBe(pkg.version);
    expect(read('CHANGELOG.md').match(/^## (\d+\.\d+\.\d+)/m)?.[1]).toBe(pkg.version);
  });
});
