import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS as LEADS_DB, VITALS_MIGRATIONS as VITALS_DB } from '../../server/intake/database.ts';
import { MIGRATIONS as POSTGRES } from '../../server/intake/postgres/migrations.ts';

/**
 * Each shipped migration's text, as a digest: a database that ran it never runs it again, so
 * a change to it reaches only new databases and the two drift apart. A change of the schema
 * is a new migration; a new one is added here when it ships.
 */
const SHIPPED = {
  'leads.db': ['3c15d51412077ea4', 'f9f5046f0be7ce5b', 'c57d74564000655d', '588350c7c8a78a9b', '88474b0df6104fe9'],
  'vitals.db': ['97329bab397eee25', '4e7b3308accf84b2'],
  PostgreSQL: ['630624417eff7191', '99ffcafa5f2c8c77', '4d3839870f13ea70'],
};
const CURRENT = { 'leads.db': LEADS_DB, 'vitals.db': VITALS_DB, PostgreSQL: POSTGRES };

const digest = (sql: string) => createHash('sha256').update(sql).digest('hex').slice(0, 16);

describe('shipped migrations', () => {
  for (const [store, shipped] of Object.entries(SHIPPED)) {
    it(`${store}: none is edited, none is removed`, () => {
      const current = CURRENT[store as keyof typeof SHIPPED];
      expect(current.length).toBeGreaterThanOrEqual(shipped.length);
      shipped.forEach((expected, i) => expect(digest(current[i]), `${store} migration ${i + 1}`).toBe(expected));
    });
  }

  it('sees an edit: a changed line changes the digest', () => {
    expect(digest(POSTGRES[0].replace('NOT NULL', 'NULL'))).not.toBe(SHIPPED.PostgreSQL[0]);
  });
});
