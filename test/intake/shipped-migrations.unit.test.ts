import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS as LEADS_DB, VITALS_MIGRATIONS as VITALS_DB } from '../../server/store/sqlite.ts';
import { MIGRATIONS as POSTGRES } from '../../server/store/migrations-postgres.ts';

/**
 * Each shipped migration's text, as a digest: a database that ran it never runs it again, so
 * a change to it reaches only new databases and the two drift apart. A change of the schema
 * is a new migration; every migration is pinned here when its release is made (CHANGELOG.md).
 * 1.0.0 (9c6b87e) shipped leads.db 1–10, vitals.db 1–3, PostgreSQL 1–9; 1.1.0 adds leads.db 11–12 and PostgreSQL 10–12.
 */
const SHIPPED = {
  'leads.db': [
    '3c15d51412077ea4', 'f9f5046f0be7ce5b', 'c57d74564000655d', '588350c7c8a78a9b', '88474b0df6104fe9',
    'ca5ec6723ea1240d', 'b1dd6cf149f8d80b', 'ae622c44d333b8f2', 'cff7d43ee90b19ab', '985909298c3a78ab',
    '6a7dd24b06ca9bd7', '647655dd6d6a7a09',
  ],
  'vitals.db': ['97329bab397eee25', '4e7b3308accf84b2', 'a23af70fb3e90511'],
  PostgreSQL: [
    '630624417eff7191', '99ffcafa5f2c8c77', '4d3839870f13ea70', '30549d95f43d2d11', '4d0fe45e131455dc',
    '411960e612632cef', '5050b30d42345904', 'a5e4efe9115cdd98', 'c498b7c37a1654b3', 'c9fe46d0090ea20e',
    'fec2449ab663e8d0', '632d58fcd665cad6',
  ],
};
const CURRENT = { 'leads.db': LEADS_DB, 'vitals.db': VITALS_DB, PostgreSQL: POSTGRES };

const digest = (sql: string) => createHash('sha256').update(sql).digest('hex').slice(0, 16);

/** Every release's migrations as its own commit made them (scripts/release-fixture.ts), oldest release first. */
const fixtures = path.join(import.meta.dirname, '..', 'ops', 'fixtures');
const releases = fs
  .readdirSync(fixtures)
  .filter((f) => /^release-[\d.]+\.json$/.test(f))
  .map((f) => JSON.parse(fs.readFileSync(path.join(fixtures, f), 'utf8')) as { version: string; migrations: Record<keyof typeof SHIPPED, string[]> });

describe('shipped migrations', () => {
  for (const [store, shipped] of Object.entries(SHIPPED)) {
    it(`${store}: none is edited, none is removed`, () => {
      const current = CURRENT[store as keyof typeof SHIPPED];
      expect(current.length).toBeGreaterThanOrEqual(shipped.length);
      shipped.forEach((expected, i) => expect(digest(current[i]!), `${store} migration ${i + 1}`).toBe(expected));
    });
  }

  it('every migration a release shipped is pinned, and is today what it was in that release', () => {
    expect(releases.map((r) => r.version)).toContain('1.0.0');
    for (const release of releases) {
      for (const [store, migrations] of Object.entries(release.migrations) as [keyof typeof SHIPPED, string[]][]) {
        expect(SHIPPED[store].length, `${store}: pin every migration of ${release.version}`).toBeGreaterThanOrEqual(migrations.length);
        migrations.forEach((sql, i) => expect(digest(sql), `${store} migration ${i + 1} of ${release.version}`).toBe(SHIPPED[store][i]));
      }
    }
  });

  it('sees an edit: a changed line changes the digest', () => {
    expect(digest(POSTGRES[0]!.replace('NOT NULL', 'NULL'))).not.toBe(SHIPPED.PostgreSQL[0]);
  });
});
