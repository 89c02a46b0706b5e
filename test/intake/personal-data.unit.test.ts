/**
 * The operator's personal-data tools (issue 14): `npm run leads -- --person`, `--erase`,
 * `--purge`, and the running service's retention purge. After an erasure a byte search of
 * every file under DATA_DIR finds neither the email nor the phone, and --person finds nothing.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { openReadOnly } from '../../server/store/sqlite.ts';
import { parsePersonKey, personRecord } from '../../server/intake/personal-data.ts';
import { NOTICE_VERSION } from '../../contract/collection-notice.ts';
import { nationalPhoneNumber } from '../../contract/lead-contract.ts';
import { countRows, postJson, readDb, ROOT, startServer, storedLeads, tempDir } from '../helpers/server.ts';
import { VALID_CAREER, VALID_SOCIETY } from '../helpers/fixtures.ts';

const run = promisify(execFile);

async function leadsCli(args: string[], env: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'scripts/leads.ts', ...args], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: '', ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

/** Every file under `dir` (recursively) whose bytes contain `needle` (UTF-8). */
function filesContaining(dir: string, needle: string): string[] {
  const hits: string[] = [];
  for (const name of fs.readdirSync(dir, { recursive: true }) as string[]) {
    const file = path.join(dir, name);
    if (fs.statSync(file).isFile() && fs.readFileSync(file).includes(Buffer.from(needle, 'utf8'))) hits.push(name);
  }
  return hits;
}

const sunita = { ...VALID_SOCIETY, name: 'सुनीता शर्मा', email: 'Sunita.Sharma@Example.IN', phone: '+91 98765 43210', societyName: 'Green Park Residency' };
const sunitaCareer = { ...VALID_CAREER, name: 'सुनीता शर्मा', email: 'sunita.sharma@example.in', phone: '09876543210' };
/** Someone else: his own email and phone number (not Sunita's, which is the fixture's). */
const ravi = { ...VALID_SOCIETY, name: 'Ravi Kumar', email: 'ravi@example.com', phone: '9811122233' };

/** Every form in which Sunita's data was written, and the bytes to look for. */
const sunitaNeedles = ['greenpark-rwa.in', 'Sunita.Sharma@Example.IN', 'sunita.sharma@example.in', '+91 98765 43210', '09876543210', '98765 43210', 'सुनीता', 'Green Park Residency'];

describe('phone and email matching', () => {
  it('reads a phone as the lead contract does: the national number, without +91, 91, 0091, 091 or 0', () => {
    for (const phone of ['+91 98765 43210', '919876543210', '0091-98765-43210', '09876543210', '98765-43210', '(98765) 43210', '+91 098765 43210', '091 9876543210']) {
      expect(nationalPhoneNumber(phone), phone).toBe('9876543210');
      expect(parsePersonKey(phone), phone).toEqual({ phone: '9876543210' });
    }
    expect(nationalPhoneNumber('+1 415 555 2671')).toBe('14155552671');
  });

  it('reads EMAIL_OR_PHONE, emails case-insensitively, and refuses anything else', () => {
    expect(parsePersonKey(' Sunita.Sharma@Example.IN ')).toEqual({ email: 'sunita.sharma@example.in' });
    expect(parsePersonKey('+91 98765 43210')).toEqual({ phone: '9876543210' });
    expect(() => parsePersonKey('sunita')).toThrow(/neither an email address nor a phone number/);
    expect(() => parsePersonKey('12')).toThrow();
  });
});

// Each test runs the CLI as its own process (a few seconds each on a busy machine).
describe('--person and --erase', { timeout: 120_000 }, () => {
  it('finds everything held about one person by email or phone, erases it everywhere, and records the erasure without personal data', async () => {
    const server = await startServer();
    try {
      expect((await postJson(`${server.url}/addSocietyQuery`, sunita)).status).toBe(200);
      expect((await postJson(`${server.url}/addQuery`, sunitaCareer)).status).toBe(200);
      expect((await postJson(`${server.url}/addSocietyQuery`, ravi)).status).toBe(200);
      // A table that refers to leads, as the delivery outbox does, holding personal data of its own.
      const extra = new Database(path.join(server.dataDir, 'leads.db'));
      extra.exec(
        'CREATE TABLE outbox_test (id INTEGER PRIMARY KEY, lead_id INTEGER NOT NULL REFERENCES leads (id) ON DELETE CASCADE, last_error TEXT)',
      );
      extra.prepare('INSERT INTO outbox_test (lead_id, last_error) VALUES (?, ?), (?, ?)').run(1, '550 <Sunita.Sharma@Example.IN> mailbox full', 3, 'timeout');
      // The lead's source, notice version and spam flag (columns the intake service adds; added here if it doesn't yet).
      const columns = (extra.prepare('PRAGMA table_info(leads)').all() as { name: string }[]).map((c) => c.name);
      for (const column of ['origin', 'partner', 'notice_version', 'spam_reason']) {
        if (!columns.includes(column)) extra.exec(`ALTER TABLE leads ADD COLUMN ${column} TEXT`);
      }
      extra.prepare("UPDATE leads SET origin = 'https://greenpark-rwa.in', partner = NULL, notice_version = ?, spam_reason = NULL WHERE id = 1").run(NOTICE_VERSION);
      extra.prepare("UPDATE leads SET origin = NULL, partner = 'greenpark-rwa', notice_version = NULL, spam_reason = 'no proof of work' WHERE id = 2").run();
      extra.close();

      for (const query of ['SUNITA.SHARMA@example.in', '9876543210', '+919876543210']) {
        const { code, stdout } = await leadsCli(['--data-dir', server.dataDir, '--person', query]);
        expect(code, query).toBe(0);
        const record = JSON.parse(stdout);
        expect(record.leads.map((l: { id: number }) => l.id), query).toEqual([1, 2]);
        expect(record.leads[0]).toMatchObject({
          id: 1,
          kind: 'society',
          fields: sunita,
          origin: 'https://greenpark-rwa.in',
          source: 'greenpark-rwa.in',
          notice_version: NOTICE_VERSION,
          spam: false,
        });
        expect(record.leads[1]).toMatchObject({ source: 'greenpark-rwa', notice_version: null, spam: true, spam_reason: 'no proof of work' });
        expect(record.leads[0].created_at).toMatch(/^\d{4}-\d\d-\d\dT/);
        expect(record.leads[1].fields).toEqual(sunitaCareer);
        expect(record.outbox_test).toEqual([{ id: 1, lead_id: 1, last_error: '550 <Sunita.Sharma@Example.IN> mailbox full' }]);
      }

      for (const needle of sunitaNeedles) expect(filesContaining(server.dataDir, needle), needle).not.toEqual([]);
      const erased = await leadsCli(['--data-dir', server.dataDir, '--erase', '98765 43210']);
      expect(erased.stderr).toBe('');
      expect(erased.code).toBe(0);
      expect(erased.stdout).toMatch(/erasure: 2 leads erased \(deliveries: 0, idempotency_keys: 0, acknowledged_addresses: 0, lead_notes: 0, cv_uploads: 0, outbox_test: 1, team_audit: 0\)/);

      // The service keeps working, and nothing of Sunita remains in any file, while it runs and after it stops.
      expect((await fetch(`${server.url}/health`)).status).toBe(200);
      for (const needle of sunitaNeedles) expect(filesContaining(server.dataDir, needle), needle).toEqual([]);
      expect(filesContaining(server.dataDir, 'ravi@example.com')).not.toEqual([]);
    } finally {
      await server.stop();
    }
    for (const needle of sunitaNeedles) expect(filesContaining(server.dataDir, needle), needle).toEqual([]);

    const after = await leadsCli(['--data-dir', server.dataDir, '--person', 'sunita.sharma@example.in']);
    expect(after.code).toBe(0);
    expect(JSON.parse(after.stdout)).toMatchObject({ leads: [], outbox_test: [] });
    expect(after.stderr).toMatch(/nothing is held about this person/);
    expect(countRows(server.dataDir, 'leads')).toBe(1);

    const erasures = readDb(server.dataDir, (db) => db.prepare('SELECT * FROM erasures').all()) as Record<string, unknown>[];
    expect(erasures).toEqual([{ id: 1, erased_at: expect.any(Number), reason: 'request', leads: 2, rows: '{"deliveries":0,"idempotency_keys":0,"acknowledged_addresses":0,"lead_notes":0,"cv_uploads":0,"outbox_test":1,"team_audit":0,"leads":2}' }]);
  });

  it('takes every spelling of one phone number for one person: trunk zeros, 091, +91 and none', async () => {
    const spellings = ['+91 098765 43210', '091 9876543210', '09876543210', '+91-98765-43210', '9876543210'];
    const server = await startServer({ env: { SPAM_CHALLENGE: 'off' } });
    try {
      for (const [i, phone] of spellings.entries()) {
        const lead = { ...VALID_SOCIETY, name: `Meera ${i}`, email: `meera${i}@example.in`, phone };
        expect((await postJson(`${server.url}/addSocietyQuery`, lead)).status, phone).toBe(200);
      }
      expect((await postJson(`${server.url}/addSocietyQuery`, { ...ravi, phone: '+91 098765 43211' })).status).toBe(200);
      expect(countRows(server.dataDir, 'leads')).toBe(6);

      // Every spelling finds all five (the code behind --person), and the command itself says so.
      const db = openReadOnly(server.dataDir);
      try {
        for (const query of [...spellings, '0091 98765 43210']) {
          const record = personRecord(db, parsePersonKey(query)) as { leads: { fields: { phone: string } }[] };
          expect(record.leads.map((l) => l.fields.phone), query).toEqual(spellings);
        }
      } finally {
        db.close();
      }
      const { code, stdout } = await leadsCli(['--data-dir', server.dataDir, '--person', '+91 098765 43210']);
      expect(code).toBe(0);
      const record = JSON.parse(stdout);
      expect(record.person).toEqual({ phone: '9876543210' });
      expect(record.leads.map((l: { fields: { phone: string } }) => l.fields.phone)).toEqual(spellings);

      for (const phone of spellings) expect(filesContaining(server.dataDir, phone), phone).not.toEqual([]);
      const erased = await leadsCli(['--data-dir', server.dataDir, '--erase', '091 9876543210']);
      expect(erased.stderr).toBe('');
      expect(erased.code).toBe(0);
      expect(erased.stdout).toMatch(/erasure: 5 leads erased/);
      for (const phone of [...spellings, '98765 43210', 'meera']) expect(filesContaining(server.dataDir, phone), phone).toEqual([]);
      expect(filesContaining(server.dataDir, '+91 098765 43211')).not.toEqual([]);
    } finally {
      await server.stop();
    }
    for (const phone of spellings) expect(filesContaining(server.dataDir, phone), phone).toEqual([]);
    expect(storedLeads(server.dataDir).map((l) => l.fields.phone)).toEqual(['+91 098765 43211']);
  });

  it('finds leads stored before the phone rule changed, whatever their spelling (the rule runs on the stored value)', async () => {
    const server = await startServer();
    await server.stop();
    const db = new Database(path.join(server.dataDir, 'leads.db'));
    const insert = db.prepare("INSERT INTO leads (kind, created_at, dedupe_key, fields) VALUES ('society', ?, ?, ?)");
    for (const [i, phone] of ['+91 098765 43210', '091 9876543210'].entries()) {
      insert.run(Date.now(), `old-key-${i}`, JSON.stringify({ ...ravi, email: `old${i}@example.in`, phone }));
    }
    db.close();
    const { stdout } = await leadsCli(['--data-dir', server.dataDir, '--person', '9876543210']);
    expect(JSON.parse(stdout).leads).toHaveLength(2);
    expect((await leadsCli(['--data-dir', server.dataDir, '--erase', '+91 98765 43210'])).stdout).toMatch(/erasure: 2 leads erased/);
    expect(filesContaining(server.dataDir, '9876543210')).toEqual([]);
  });

  it('erasing someone not held erases nothing and says so', async () => {
    const server = await startServer();
    await postJson(`${server.url}/addSocietyQuery`, ravi);
    await server.stop();
    const { code, stdout } = await leadsCli(['--data-dir', server.dataDir, '--erase', 'nobody@example.in']);
    expect(code).toBe(0);
    expect(stdout).toMatch(/erasure: 0 leads erased/);
    expect(countRows(server.dataDir, 'leads')).toBe(1);
  });

  it('refuses an argument that is neither an email nor a phone, and two modes at once', async () => {
    const dir = tempDir();
    expect((await leadsCli(['--data-dir', dir, '--erase', 'sunita'])).code).toBe(2);
    expect((await leadsCli(['--data-dir', dir, '--person', 'a@b.in', '--purge'])).code).toBe(2);
  });
});

/** Inserts a lead received `daysAgo` days ago straight into the database. */
function insertOldLead(dataDir: string, email: string, daysAgo: number): void {
  const db = new Database(path.join(dataDir, 'leads.db'));
  db.prepare("INSERT INTO leads (kind, created_at, dedupe_key, fields) VALUES ('society', ?, ?, ?)").run(
    Date.now() - daysAgo * 86_400_000,
    `old-${email}`,
    JSON.stringify({ ...ravi, email, phone: '9000000001' }),
  );
  db.close();
}

describe('retention purge', () => {
  it('npm run leads -- --purge erases leads older than LEAD_RETENTION_DAYS, the same way', async () => {
    const server = await startServer();
    await postJson(`${server.url}/addSocietyQuery`, ravi);
    await server.stop();
    insertOldLead(server.dataDir, 'old.person@example.in', 40);
    const { code, stdout } = await leadsCli(['--data-dir', server.dataDir, '--purge'], { LEAD_RETENTION_DAYS: '30' });
    expect(code).toBe(0);
    expect(stdout).toMatch(/retention purge \(older than 30 days\): 1 lead erased/);
    expect(filesContaining(server.dataDir, 'old.person@example.in')).toEqual([]);
    expect(countRows(server.dataDir, 'leads')).toBe(1);
    expect(readDb(server.dataDir, (db) => db.prepare('SELECT reason, leads FROM erasures').all())).toEqual([{ reason: 'retention', leads: 1 }]);
  });

  it('the running service erases expired leads when it starts (and daily)', async () => {
    const dataDir = tempDir();
    await (await startServer({ env: { DATA_DIR: dataDir } })).stop();
    insertOldLead(dataDir, 'expired.person@example.in', 400);
    insertOldLead(dataDir, 'recent.person@example.in', 10);
    const server = await startServer({ env: { DATA_DIR: dataDir } }); // LEAD_RETENTION_DAYS defaults to 365
    try {
      // The purge commits, then truncates the WAL in the same turn of the service's event loop
      // (in this process): once the row is gone from a reader's view, no copy may be left.
      await expect.poll(() => countRows(dataDir, 'leads'), { timeout: 10_000 }).toBe(1);
      expect(filesContaining(dataDir, 'expired.person@example.in')).toEqual([]);
    } finally {
      await server.stop();
    }
    expect(filesContaining(dataDir, 'expired.person@example.in')).toEqual([]);
    expect(filesContaining(dataDir, 'recent.person@example.in')).not.toEqual([]);
  });
});
