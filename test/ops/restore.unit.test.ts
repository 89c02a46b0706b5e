/**
 * Issue 41, item 8: backups that can be restored. On SQLite and on PostgreSQL alike: leads,
 * an application with its CV, an erasure; `npm run backup` while the service runs; the data
 * wiped; `npm run restore` into an empty data folder or database; the service started on it:
 * every lead, its CV and the erasure record are back, and `npm run leads` shows them.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { HEADERS } from '../../contract/http.ts';
import { uploadedCv } from '../helpers/cv-service.ts';
import { pdfWithMarker, sha256 } from '../helpers/cv-files.ts';
import { VALID_CAREER, VALID_SOCIETY } from '../helpers/fixtures.ts';
import { adminUrl, freshDatabase } from '../helpers/postgres.ts';
import { postJson, ROOT, startServer, tempDir } from '../helpers/server.ts';

const run = promisify(execFile);
/** An operator command as `npm run NAME` runs it in a checkout (scripts/run.mjs), with `env` on top of this process's. */
const command = (name: 'leads' | 'backup' | 'restore', args: string[], env: Record<string, string>) =>
  run(process.execPath, ['scripts/run.mjs', `scripts/${name}.ts`, ...args], { cwd: ROOT, env: { ...process.env, DATABASE_URL: '', ...env } });

/** A lead as `npm run leads -- --format json` lists it: its reference, kind, time, every field, source, spam flag. */
type Listed = Record<string, unknown>;

/** What the store holds that a restore must bring back, through the operator commands and the service. */
async function snapshot(env: Record<string, string>, cvEmail: string) {
  const leads = JSON.parse((await command('leads', ['--format', 'json', '--include-spam'], env)).stdout) as Listed[];
  // The team's search keys and when a lead is late are derived, filled in when the worklist first reads a lead: left out.
  const person = (await command('leads', ['--person', cvEmail], env)).stdout.replace(/\n\s*"(phone_key|city_key|search_text|late_at)": [^\n]*/g, '');
  return { leads, person };
}

async function fill(url: string): Promise<{ cvEmail: string; pdf: Buffer }> {
  const pdf = pdfWithMarker('restore-me', 40_000);
  const { upload } = await uploadedCv(url, pdf, 'cv.pdf');
  const cvEmail = 'applicant-restore@example.in';
  expect((await postJson(`${url}/addQuery`, { ...VALID_CAREER, email: cvEmail }, { [HEADERS.cvUpload]: upload })).status).toBe(200);
  for (let i = 0; i < 3; i++) expect((await postJson(`${url}/addSocietyQuery`, { ...VALID_SOCIETY, email: `secretary${i}@example.in`, phone: `98200000${10 + i}` })).status).toBe(200);
  return { cvEmail, pdf };
}

describe('backup, wipe, restore, start', () => {
  it('SQLite: into an empty data folder', async () => {
    const dataDir = tempDir();
    const backups = tempDir('backups-');
    const env = { DATA_DIR: dataDir, SPAM_CHALLENGE: 'off' };
    let server = await startServer({ env });
    const { cvEmail, pdf } = await fill(server.url);
    await command('leads', ['--erase', 'secretary0@example.in'], env);
    const before = await snapshot(env, cvEmail);
    expect(before.leads).toHaveLength(3);
    expect(before.leads.map((l) => l.email)).toEqual(expect.arrayContaining([cvEmail, 'secretary1@example.in', 'secretary2@example.in']));
    expect(before.leads.every((l) => typeof l.reference === 'string')).toBe(true);
    expect(before.person).toContain(sha256(pdf));
    const { stdout } = await command('backup', ['--out', backups], env);
    expect(stdout).toMatch(/^backed up leads\.db, vitals\.db, altcha-hmac\.key to /);
    await server.stop();

    fs.rmSync(dataDir, { recursive: true, force: true });
    const restored = await command('restore', [], { ...env, BACKUP_DIR: backups }); // the newest backup of BACKUP_DIR
    expect(restored.stdout).toMatch(/^restored leads\.db, vitals\.db, altcha-hmac\.key from .* into /);
    expect(fs.statSync(dataDir).mode & 0o777).toBe(0o700);
    for (const file of fs.readdirSync(dataDir)) expect(fs.statSync(path.join(dataDir, file)).mode & 0o777, file).toBe(0o600);

    server = await startServer({ env });
    try {
      expect((await fetch(`${server.url}/health`)).status).toBe(200);
      expect(await snapshot(env, cvEmail)).toEqual(before);
      // Erased before the backup: still erased (no lead of secretary0 in the list), and the erasure's record came back.
      const { default: Database } = await import('better-sqlite3');
      const db = new Database(path.join(dataDir, 'leads.db'), { readonly: true });
      expect(db.prepare("SELECT reason, leads FROM erasures").all()).toEqual([{ reason: 'request', leads: 1 }]);
      db.close();
    } finally {
      await server.stop();
    }
  }, 120_000);

  it('SQLite: refuses a data folder that is not empty, and touches nothing', async () => {
    const dataDir = tempDir();
    fs.writeFileSync(path.join(dataDir, 'leads.db'), 'live data');
    const backup = path.join(tempDir('backups-'), '2026-11-28T02-30-00-000Z');
    fs.mkdirSync(backup);
    fs.writeFileSync(path.join(backup, 'leads.db'), '');
    await expect(command('restore', ['--from', backup], { DATA_DIR: dataDir })).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('is not empty: restore only into an empty data folder') });
    expect(fs.readFileSync(path.join(dataDir, 'leads.db'), 'utf8')).toBe('live data');
  });

  it('PostgreSQL: into an empty database', async () => {
    const databaseUrl = await freshDatabase();
    const backups = tempDir('backups-');
    const env = { DATABASE_URL: databaseUrl, SPAM_CHALLENGE: 'off' };
    let server = await startServer({ env });
    const { cvEmail, pdf } = await fill(server.url);
    await command('leads', ['--erase', 'secretary0@example.in'], env);
    const before = await snapshot(env, cvEmail);
    expect(before.leads).toHaveLength(3);
    expect(before.person).toContain(sha256(pdf));
    expect((await command('backup', ['--out', backups], env)).stdout).toMatch(/^backed up intake\.dump to /);
    await server.stop();

    // Wiped: the database dropped and made again, empty.
    const name = new URL(databaseUrl).pathname.slice(1);
    const admin = new pg.Client({ connectionString: adminUrl() });
    await admin.connect();
    await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();

    const [backup] = fs.readdirSync(backups);
    expect((await command('restore', ['--from', path.join(backups, backup!)], env)).stdout).toMatch(/^restored .*intake\.dump into PostgreSQL/);
    await expect(command('restore', ['--from', path.join(backups, backup!)], env)).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('already holds the service\'s schema') });

    server = await startServer({ env });
    try {
      expect((await fetch(`${server.url}/health`)).status).toBe(200);
      expect(await snapshot(env, cvEmail)).toEqual(before);
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      expect((await client.query('SELECT reason, leads FROM erasures')).rows).toEqual([{ reason: 'request', leads: 1 }]);
      await client.end();
    } finally {
      await server.stop();
    }
  }, 120_000);
});
