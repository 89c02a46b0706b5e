/**
 * Finding 11: the report CLIs (`npm run leads`, `npm run vitals`) open the database
 * read-only and never migrate it; a schema older or newer than they know is named clearly.
 */
import { createHash } from 'node:crypto';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { postJson, ROOT, startServer, tempDir } from '../helpers/server.ts';
import { VALID_SOCIETY } from '../helpers/fixtures.ts';

const run = promisify(execFile);

async function cli(script: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', script, ...args], { cwd: ROOT, env: { ...process.env, DATA_DIR: '' } });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

const sha = (file: string) => createHash('sha256').update(fs.readFileSync(file)).digest('hex');
const userVersion = (file: string) => {
  const db = new Database(file, { readonly: true });
  try {
    return db.pragma('user_version', { simple: true }) as number;
  } finally {
    db.close();
  }
};

/** A leads.db as an older release left it: schema version 0, a leads table without the later tables. */
function legacyDatabase(version: number): string {
  const dir = tempDir();
  const db = new Database(path.join(dir, 'leads.db'));
  db.pragma('journal_mode = WAL');
  db.exec("CREATE TABLE leads (id INTEGER PRIMARY KEY, kind TEXT, created_at INTEGER, dedupe_key TEXT, fields TEXT); CREATE TABLE vitals (id INTEGER PRIMARY KEY, page TEXT, name TEXT, value REAL, rating TEXT, navigation_type TEXT, created_at INTEGER)");
  db.pragma(`user_version = ${version}`);
  db.close();
  const vitals = new Database(path.join(dir, 'vitals.db'));
  vitals.exec('CREATE TABLE vitals (id INTEGER PRIMARY KEY, page TEXT, name TEXT, value REAL, rating TEXT, navigation_type TEXT, created_at INTEGER)');
  vitals.pragma(`user_version = ${version}`);
  vitals.close();
  return dir;
}

describe('report CLIs are read-only (finding 11)', () => {
  it('read a current database without changing a byte of it, even when the file cannot be written', async () => {
    const server = await startServer({ env: { SPAM_CHALLENGE: 'off' } });
    expect((await postJson(`${server.url}/addSocietyQuery`, VALID_SOCIETY)).status).toBe(200);
    await server.stop();
    const file = path.join(server.dataDir, 'leads.db');
    const before = sha(file);
    fs.chmodSync(file, 0o400);
    const immutable = process.getuid?.() === 0; // root writes through 0400: make the file immutable instead
    if (immutable) await run('chattr', ['+i', file]);
    try {
      // Counts per source show no lead's data: nothing to audit, nothing written.
      const counts = await cli('scripts/leads.ts', ['--data-dir', server.dataDir, '--by-source', '--format', 'json']);
      expect(counts.stderr).toBe('');
      expect(counts.code).toBe(0);
      // A listing shows every lead's data: it is recorded in the audit log first (issue 40), so on a file it cannot write it shows nothing.
      const leads = await cli('scripts/leads.ts', ['--data-dir', server.dataDir, '--format', 'json']);
      expect(leads.code).not.toBe(0);
      expect(leads.stdout).toBe('');
      expect(leads.stderr).toMatch(/could not be recorded in the audit log .*nothing was shown/);
      const vitals = await cli('scripts/vitals.ts', ['--data-dir', server.dataDir, '--json']);
      expect(vitals.code).toBe(0);
    } finally {
      if (immutable) await run('chattr', ['-i', file]);
    }
    expect(sha(file)).toBe(before);
  });

  it('refuse a database older than they know, say so, and leave it unmigrated', async () => {
    const dir = legacyDatabase(0);
    const file = path.join(dir, 'leads.db');
    const before = sha(file);
    for (const [script, args, read] of [['scripts/leads.ts', ['--format', 'json'], file], ['scripts/vitals.ts', [], path.join(dir, 'vitals.db')]] as const) {
      const result = await cli(script, ['--data-dir', dir, ...args]);
      expect(result.code, script).toBe(1);
      expect(result.stderr).toMatch(/schema version 0 is older than this tool reads \(\d+\)/);
      expect(result.stderr).toContain(read);
      expect(result.stderr).toMatch(/npm run serve/);
    }
    expect(userVersion(file)).toBe(0);
    expect(userVersion(path.join(dir, 'vitals.db'))).toBe(0);
    expect(sha(file)).toBe(before);
  });

  it('refuse a database newer than they know, and say so', async () => {
    const dir = legacyDatabase(999);
    const result = await cli('scripts/leads.ts', ['--data-dir', dir]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/schema version 999 is newer than this tool knows \(\d+\)/);
    expect(userVersion(path.join(dir, 'leads.db'))).toBe(999);
  });
});
