import Database from 'better-sqlite3';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createWriteBatcher, openVitalsDatabase } from '../../server/store/sqlite.ts';
import { tempDir } from '../helpers/server.ts';

describe('intake: group commit', () => {
  it('commits a turn of writes together, settles each only after the commit, and isolates a failing job', async () => {
    const dir = tempDir();
    const db = openVitalsDatabase(dir);
    const reader = new Database(path.join(dir, 'vitals.db'), { readonly: true });
    const count = () => (reader.prepare('SELECT COUNT(*) AS n FROM vitals').get() as { n: number }).n;
    const insert = db.prepare("INSERT INTO vitals (page, name, value, created_at) VALUES ('/', 'LCP', ?, 0)");
    const batcher = createWriteBatcher(db);
    try {
      const seen: number[] = [];
      const jobs = [1, 2, 3].map((v) =>
        batcher.run(() => insert.run(v)).then(() => {
          seen.push(count()); // another connection already sees the committed rows
        }),
      );
      const failing = batcher.run(() => {
        insert.run(4);
        throw new Error('boom');
      });
      expect(count()).toBe(0); // nothing is written before the batch runs
      await Promise.all(jobs);
      await expect(failing).rejects.toThrow('boom');
      expect(seen).toEqual([3, 3, 3]);
      expect(reader.prepare('SELECT value FROM vitals ORDER BY id').pluck().all()).toEqual([1, 2, 3]);
    } finally {
      reader.close();
      db.close();
    }
  });
});
