/**
 * `npm run backup` (issue 14): a consistent copy of the database taken with SQLite's online
 * backup while the service runs and writes, private (0700 folder, 0600 file), rotated.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { postJson, ROOT, startServer, tempDir } from '../helpers/server.ts';
import { VALID_SOCIETY } from '../helpers/fixtures.ts';

const run = promisify(execFile);
const backup = (args: string[]) => run(process.execPath, ['--import', 'tsx', 'scripts/backup.ts', ...args], { cwd: ROOT });
const mode = (file: string) => fs.statSync(file).mode & 0o777;
const lead = (i: number) => ({ ...VALID_SOCIETY, name: `Resident ${i}`, email: `r${i}@example.in` });

describe('npm run backup', () => {
  it('copies the database consistently while the service keeps writing; private; keeps the newest N', async () => {
    const server = await startServer();
    const out = path.join(tempDir(), 'backups');
    try {
      for (let i = 0; i < 5; i++) expect((await postJson(`${server.url}/addSocietyQuery`, lead(i))).status).toBe(200);
      // Submissions keep arriving during the backup.
      const writing = Promise.all(Array.from({ length: 20 }, (_, i) => postJson(`${server.url}/addSocietyQuery`, lead(100 + i))));
      const { stdout } = await backup(['--data-dir', server.dataDir, '--out', out]);
      expect((await writing).every((r) => r.status === 200)).toBe(true);
      expect(stdout).toMatch(/backed up leads\.db, vitals\.db, altcha-hmac\.key to /);

      const [folder] = fs.readdirSync(out);
      const copy = path.join(out, folder!, 'leads.db');
      expect(mode(out)).toBe(0o700);
      expect(mode(path.join(out, folder!))).toBe(0o700);
      expect(mode(copy)).toBe(0o600);
      const db = new Database(copy, { readonly: true });
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      const n = (db.prepare('SELECT COUNT(*) AS n FROM leads').get() as { n: number }).n;
      expect(n).toBeGreaterThanOrEqual(5);
      expect(n).toBeLessThanOrEqual(25);
      db.close();

      for (let i = 0; i < 3; i++) {
        await new Promise((r) => setTimeout(r, 10));
        await backup(['--data-dir', server.dataDir, '--out', out, '--keep', '2']);
      }
      expect(fs.readdirSync(out)).toHaveLength(2);
    } finally {
      await server.stop();
    }
  });

  it('fails clearly when there is no database', async () => {
    await expect(backup(['--data-dir', tempDir(), '--out', tempDir()])).rejects.toMatchObject({ code: 1, stderr: expect.stringMatching(/no database in/) });
  });
});
