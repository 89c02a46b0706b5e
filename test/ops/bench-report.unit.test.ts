/**
 * bench/results.md as `npm run bench` writes it (scripts/bench/report.ts), from one made-up
 * Lighthouse run and a small built site: the notes appear once, under their own heading,
 * and "Page weight in the build" holds the byte table of every page.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { RunResult } from '../../scripts/bench/lighthouse.ts';
import { baselineLabel, benchReport, type Host } from '../../scripts/bench/report.ts';

const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-report-'));
afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));
const write = (file: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(dist, file)), { recursive: true });
  fs.writeFileSync(path.join(dist, file), text);
};
const page = '<!doctype html><title>x</title><script type="module" crossorigin src="/assets/loader-a.js"></script>';
write('index.html', page);
write('about-us/index.html', page);
write('404.html', page);
write('assets/loader-a.js', 'import("./vitals-b.js");');
write('assets/vitals-b.js', 'export const v = 1;');
write('widgets/society-registration.js', 'import "../assets/react-c.js";');
write('assets/react-c.js', 'export const r = "react.transitional.element";');

const run: RunResult = {
  scores: { performance: 100, accessibility: 100, 'best-practices': 100, seo: 100 },
  fcp: 900,
  lcp: 1000,
  tbt: 0,
  cls: 0,
  mainThread: { styleLayout: 120, other: 300 },
  requests: 4,
  transfer: { html: 9000, css: 0, js: 3800, other: 700 },
  failing: {},
  diagnostics: {},
  lighthouseVersion: '12.8.2',
  userAgent: 'test',
  throttling: { rttMs: 150, throughputKbps: 1638.4, cpuSlowdownMultiplier: 4, method: 'simulate', formFactor: 'mobile' },
};
const host: Host = {
  cpuModel: 'Test CPU', cores: 2, memoryGb: 8, node: 'v20.20.2', os: 'Linux 6', browser: 'Chrome/1', lighthouse: '12.8.2',
  loadBefore: [0.5, 0.4, 0.3], loadAfter: [1.5, 0.9, 0.5],
};
const notes = 'Kept by hand; a note about **the numbers**.\n';

const report = benchReport(
  { results: new Map([['/', [run, { ...run, lcp: 900, tbt: 30 }, { ...run, lcp: 1100, tbt: 20 }]], ['/about-us', [run]]]), reference: [{ ...run, lcp: 800, tbt: 10 }], runs: 3, retries: 0, startedAt: new Date(0), finishedAt: new Date(60_000), host },
  dist,
  ['/', '/about-us'],
  notes,
);
const section = (heading: string) => report.split(`\n## ${heading}\n`)[1]?.split('\n## ')[0] ?? '';

describe('bench/results.md', () => {
  it('has each section once, in order', () => {
    const headings = [...report.matchAll(/^## (.+)$/gm)].map((m) => m[1]);
    expect(headings).toEqual(['Targets', 'Per route (median)', 'Per language (median)', 'Main-thread work per load (median)', 'Spread across runs (min / median / max)', 'Audits below a full score', 'Not measured', 'Notes (bench/notes.md)', 'Page weight in the build', 'Widget entries with their chunks']);
  });

  it('copies bench/notes.md once, under its own heading', () => {
    expect(report.split(notes.trim()).length).toBe(2);
    expect(section('Notes (bench/notes.md)').trim()).toBe(notes.trim());
    expect(section('Page weight in the build')).not.toContain(notes.trim());
  });

  it('puts the byte table of every page, the not-found page included, under "Page weight in the build"', () => {
    const rows = section('Page weight in the build').split('\n').filter((line) => line.startsWith('| `'));
    expect(rows.map((r) => r.split(' | ')[0])).toEqual(['| `/`', '| `/about-us`', '| `/404`']);
    expect(section('Page weight in the build')).toContain('| Page | HTML raw | HTML gzip | HTML br | JS files | JS gzip | JS br | First screen br |');
    // The loader and the vitals reporter.
    for (const row of rows) expect(row.split(' | ')[4]).toBe('2');
  });

  it('reports the medians per route and the widget entries with their chunks', () => {
    expect(section('Per route (median)')).toContain('| `/bench-reference` (bare reference) | 100 | 100 | 100 | 100 | 0.90 s | 0.80 s | 1.00× | 10 ms | 0 ms | 0.000 | 4 |');
    expect(section('Per route (median)')).toContain('| `/` | 100 | 100 | 100 | 100 | 0.90 s | 1.00 s | 1.25× | 20 ms | 10 ms | 0.000 | 4 |');
    expect(section('Targets')).toContain('LCP ≤ 1.25× its LCP (0.80 s → ≤ 1.00 s) and TBT ≤ its TBT + 50 ms (10 ms → ≤ 60 ms)');
    expect(report).toContain('**Every route meets every target.**');
  });

  it('gives each language a row with its pages side by side, and the main thread\'s style & layout against the bare page\'s', () => {
    expect(section('Per language (median)')).toContain('| en (English) | 100 · 100 · 100 · 100, TBT 20 ms | 100 · 100 · 100 · 100, TBT 0 ms |');
    expect(section('Main-thread work per load (median)')).toContain('| `/` | 120 ms | 1.0× | 300 ms | 1.0× |');
  });

  it('measures a baseline build beside this one and says what its style & layout was against it, without judging it against the targets', () => {
    const withBaseline = benchReport(
      {
        results: new Map([
          ['/', [{ ...run, mainThread: { styleLayout: 60, other: 300 } }]],
          [baselineLabel('/'), [{ ...run, tbt: 400, mainThread: { styleLayout: 240, other: 300 } }]],
        ]),
        reference: [{ ...run, mainThread: { styleLayout: 20, other: 100 } }],
        runs: 1,
        retries: 0,
        startedAt: new Date(0),
        finishedAt: new Date(1),
        host: { ...host, busyCore: true },
      },
      dist,
      ['/'],
    );
    expect(withBaseline).toContain('| `/` | 60 ms | 3.0× | 300 ms | 3.0× | 0.3× |');
    expect(withBaseline).toContain('| `baseline:/` | 240 ms | 12.0× | 300 ms | 3.0× |  |');
    expect(withBaseline).toContain('**Every route meets every target.**');
    expect(withBaseline).toContain('one core kept busy throughout by a spinning process of the bench');
  });

  it('shows the spread of every route across its runs, and the machine with its load', () => {
    expect(section('Spread across runs (min / median / max)')).toContain('| `/` | 100 / 100 / 100 | 0.90 s / 0.90 s / 0.90 s | 0.90 s / 1.00 s / 1.10 s | 0 ms / 20 ms / 30 ms | 0.000 / 0.000 / 0.000 |');
    expect(report).toContain('- Machine: Test CPU, 2 cores, 8 GB, Linux 6; Node v20.20.2');
    expect(report).toContain('Lighthouse 12.8.2');
    expect(report).toContain('- Load average (1, 5, 15 min): 0.50, 0.40, 0.30 at the start, 1.50, 0.90, 0.50 at the end');
  });

  it('names a route whose LCP or TBT is past the bare page\'s allowance', () => {
    const slow = benchReport(
      { results: new Map([['/', [{ ...run, lcp: 1300, tbt: 61 }]]]), reference: [{ ...run, lcp: 800, tbt: 10 }], runs: 1, retries: 0, startedAt: new Date(0), finishedAt: new Date(1), host },
      dist,
      ['/'],
    );
    expect(slow).toContain('- `/`: LCP 1.30 s (target ≤ 1.00 s, 1.25× the bare page), TBT 61 ms (target ≤ 60 ms, the bare page + 50 ms)');
    expect(section('Widget entries with their chunks')).toMatch(/\| `widgets\/society-registration\.js` \| `society-registration\.js`, `react-c\.js` \|.*\| yes \|/);
  });
});
