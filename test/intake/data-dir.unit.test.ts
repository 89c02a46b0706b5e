/**
 * Finding 7: files under DATA_DIR are the service user's alone (0600, folder 0700),
 * whatever existed before; and finding 2's second half: a startup failure names the path.
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { postJson, startServerProcess, tempDir } from '../helpers/server.ts';
import { VALID_SOCIETY } from '../helpers/fixtures.ts';

const mode = (file: string) => fs.statSync(file).mode & 0o777;

describe('the data folder is private (finding 7)', () => {
  it('an existing 0755 folder with a 0644 leads.db and a stray 0644 file: 0700 and 0600 after start, -wal and -shm too', async () => {
    const dataDir = tempDir();
    fs.chmodSync(dataDir, 0o755);
    const db = new Database(path.join(dataDir, 'leads.db'));
    db.close();
    fs.chmodSync(path.join(dataDir, 'leads.db'), 0o644);
    fs.writeFileSync(path.join(dataDir, 'notes.txt'), 'operator notes', { mode: 0o644 });
    fs.chmodSync(path.join(dataDir, 'notes.txt'), 0o644);

    const server = await startServerProcess({ DATA_DIR: dataDir });
    try {
      expect((await postJson(`${server.url}/addSocietyQuery`, VALID_SOCIETY)).status).toBe(200);
      expect(mode(dataDir)).toBe(0o700);
      const files = fs.readdirSync(dataDir);
      expect(files).toEqual(expect.arrayContaining(['leads.db', 'leads.db-wal', 'leads.db-shm', 'notes.txt']));
      for (const name of files) expect(mode(path.join(dataDir, name)), name).toBe(0o600);
    } finally {
      await server.stop();
    }
  });

  it('an existing empty 0755 folder: leads.db is created 0600 even under a permissive umask', async () => {
    const dataDir = tempDir();
    fs.chmodSync(dataDir, 0o755);
    const server = await startServerProcess({ DATA_DIR: dataDir });
    try {
      expect(mode(dataDir)).toBe(0o700);
      for (const name of fs.readdirSync(dataDir)) expect(mode(path.join(dataDir, name)), name).toBe(0o600);
    } finally {
      await server.stop();
    }
  });
});

describe('startup failures name the path (finding 2)', () => {
  it('a DATA_DIR that is a file', async () => {
    const file = path.join(tempDir(), 'not-a-folder');
    fs.writeFileSync(file, '');
    await expect(startServerProcess({ DATA_DIR: file })).rejects.toThrow(new RegExp(`startup failed: .*${file}`));
  });

  it('a leads.db that cannot be opened', async () => {
    const dataDir = tempDir();
    fs.mkdirSync(path.join(dataDir, 'leads.db'));
    await expect(startServerProcess({ DATA_DIR: dataDir })).rejects.toThrow(
      new RegExp(`startup failed: cannot open the database ${path.join(dataDir, 'leads.db')}: SQLITE_CANTOPEN`),
    );
  });
});
