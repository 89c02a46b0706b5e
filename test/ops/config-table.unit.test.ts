import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SETTINGS } from '../../server/config.ts';
import { SITE_SETTINGS } from '../../site.config.ts';
import {
  BUILD_TIME_MARKERS,
  configTable,
  OPERATIONS_DOC,
  RUN_TIME_MARKERS,
  tableIn,
  withConfigTables,
  withTable,
} from '../../scripts/config-table.ts';
import { repoRoot } from '../../scripts/paths.ts';

const source = (dir: string): string[] =>
  (fs.readdirSync(path.join(repoRoot, dir), { recursive: true }) as string[])
    .filter((f) => f.endsWith('.ts'))
    .map((f) => fs.readFileSync(path.join(repoRoot, dir, f), 'utf8'));

const names = (texts: string[], pattern: RegExp): Set<string> =>
  new Set(texts.flatMap((text) => [...text.matchAll(pattern)].map((m) => (m[1] ?? m[2])!)));

const doc = fs.readFileSync(OPERATIONS_DOC, 'utf8');

describe('the configuration tables of docs/operations.md (npm run docs:config)', () => {
  it('are the tables generated from server/config.ts and site.config.ts', () => {
    for (const markers of [RUN_TIME_MARKERS, BUILD_TIME_MARKERS]) {
      expect(doc).toContain(markers.start);
      expect(doc).toContain(markers.end);
    }
    expect(tableIn(doc, RUN_TIME_MARKERS)).toBe(configTable(SETTINGS));
    expect(tableIn(doc, BUILD_TIME_MARKERS)).toBe(configTable(SITE_SETTINGS));
    expect(withConfigTables(doc)).toBe(doc);
  });

  it('have a row per setting, and a changed setting changes the table', () => {
    const table = configTable(SETTINGS);
    for (const name of Object.keys(SETTINGS)) expect(table).toContain(`| \`${name}\` |`);
    const changed = configTable({ ...SETTINGS, PORT: { default: 8081, description: 'another meaning' } });
    expect(changed).not.toBe(table);
    const rewritten = withTable(doc, RUN_TIME_MARKERS, changed);
    expect(tableIn(rewritten, RUN_TIME_MARKERS)).toBe(changed);
    expect(tableIn(rewritten, RUN_TIME_MARKERS)).not.toBe(tableIn(doc, RUN_TIME_MARKERS));
  });

  it('escape a pipe inside a cell', () => {
    expect(configTable({ A: { default: 'x', description: 'table|csv' } })).toContain('table\\|csv');
  });

  it('name every environment variable the service reads, and none that nothing reads', () => {
    // Read as env.NAME, or as a whole-number setting through config.ts's integer(env, 'NAME').
    const readByService = names(source('server'), /\benv\.([A-Z][A-Z0-9_]*)\b|\binteger\(env, '([A-Z][A-Z0-9_]*)'\)/g);
    expect(readByService.size).toBeGreaterThan(20);
    for (const name of readByService) expect(Object.keys(SETTINGS), `${name} is read in server/ but not in SETTINGS`).toContain(name);

    const siteConfig = fs.readFileSync(path.join(repoRoot, 'site.config.ts'), 'utf8');
    const readBySite = names([siteConfig], /\benv\('([A-Z][A-Z0-9_]*)'/g);
    expect(new Set(Object.keys(SITE_SETTINGS))).toEqual(readBySite);

    const readAnywhere = new Set([...readByService, ...readBySite, ...names(source('scripts'), /\bprocess\.env\.([A-Z][A-Z0-9_]*)\b/g)]);
    for (const name of Object.keys(SETTINGS)) expect([...readAnywhere], `${name} is in SETTINGS but nothing reads it`).toContain(name);
  });

  it('show the defaults the loader uses', async () => {
    const { loadServerConfig } = await import('../../server/config.ts');
    const { loadSiteConfig } = await import('../../site.config.ts');
    const server = loadServerConfig({});
    expect(server.port).toBe(SETTINGS.PORT.default);
    expect(server.host).toBe(SETTINGS.HOST.default);
    expect(server.rateLimitMax).toBe(SETTINGS.RATE_LIMIT_MAX.default);
    expect(server.leadRetentionDays).toBe(SETTINGS.LEAD_RETENTION_DAYS.default);
    expect(server.publicOrigin).toBe(new URL(SETTINGS.SITE_URL.default).origin);
    const site = loadSiteConfig({});
    expect(site.brandName).toBe(SITE_SETTINGS.SITE_NAME.default);
    expect(site.privacy.retentionDays).toBe(SITE_SETTINGS.LEAD_RETENTION_DAYS.default);
  });
});
