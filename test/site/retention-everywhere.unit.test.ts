/**
 * One retention for every place that states it: a build with LEAD_RETENTION_DAYS=730 says
 * "24 months" on both privacy pages and in the collection notice of both forms, in both
 * languages, and the default build says "12 months" in the same places (so the check can fail);
 * the notice pages (/notice/<code>) give it in days: 730, and 365 by default.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noticeRoute } from '../../contract/notice-languages.ts';
import { pageFileOf } from '../../contract/site-routes.ts';
import { noticeLanguagesWithText } from '../../site-generator/page-templates.ts';
import { distDir, ROOT, tempDir } from '../helpers/server.ts';

const run = promisify(execFile);
let customDist: string;
beforeAll(async () => {
  customDist = path.join(tempDir('retention-build-'), 'dist');
  await run(process.execPath, [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'error'], {
    cwd: ROOT,
    env: { ...process.env, DIST_DIR: customDist, LEAD_RETENTION_DAYS: '730' },
    maxBuffer: 64 * 1024 * 1024,
  });
}, 300_000);
afterAll(() => fs.rmSync(customDist, { recursive: true, force: true }));

/** A built page's text, shadow roots' templates included (the pre-rendered forms). */
const textOf = (dist: string, route: string) =>
  fs.readFileSync(path.join(dist, pageFileOf(route)), 'utf8').replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

const places = [
  { route: '/privacy-policy', period: { 365: '12 months', 730: '24 months' } },
  { route: '/hi/privacy-policy', period: { 365: '12 महीने', 730: '24 महीने' } },
  { route: '/', period: { 365: 'for 12 months', 730: 'for 24 months' } }, // the society form
  { route: '/career', period: { 365: 'for 12 months', 730: 'for 24 months' } },
  { route: '/hi/', period: { 365: '12 महीने तक', 730: '24 महीने तक' } },
  { route: '/hi/career', period: { 365: '12 महीने तक', 730: '24 महीने तक' } },
];

describe('LEAD_RETENTION_DAYS reaches every notice', () => {
  it.each(places)('$route states the configured retention', ({ route, period }) => {
    const custom = textOf(customDist, route);
    expect(custom).toContain(period[730]);
    expect(custom).not.toContain(period[365]);
    const standard = textOf(distDir, route);
    expect(standard).toContain(period[365]);
    expect(standard).not.toContain(period[730]);
  });
});

describe('LEAD_RETENTION_DAYS reaches the notice in every language', () => {
  /** The retention paragraph of a built notice page, as text. */
  const retentionOf = (dist: string, route: string) => /<p id="retention">(.*?)<\/p>/s.exec(fs.readFileSync(path.join(dist, pageFileOf(route)), 'utf8'))![1]!;

  it.each(noticeLanguagesWithText().map(noticeRoute))('%s states the configured retention in days', (route) => {
    expect(retentionOf(customDist, route)).toMatch(/\b730\b/);
    expect(retentionOf(customDist, route)).not.toMatch(/\b365\b/);
    expect(retentionOf(distDir, route)).toMatch(/\b365\b/);
  });
});
