/**
 * Finding 1: what a visitor types must not drive the operator's terminal. Control
 * characters (C0, C1, ESC/OSC sequences) and bidi overrides/isolates stored in a lead or
 * a vitals page are printed as visible escapes by `npm run leads` and `npm run vitals`.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import Database from 'better-sqlite3';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { postJson, rawRequest, ROOT, startServer } from '../helpers/server.ts';
import { VALID_SOCIETY } from '../helpers/fixtures.ts';

const run = promisify(execFile);
const cli = async (script: string, args: string[]) =>
  (await run(process.execPath, ['--import', 'tsx', script, ...args], { cwd: ROOT, env: { ...process.env, DATA_DIR: '' } })).stdout;

/** Anything a terminal would act on or reorder: C0 except TAB/LF/CR, DEL, C1, bidi marks, embeddings, overrides, isolates, line/paragraph separators. */
const UNSAFE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/u;
/** A CR not followed by LF moves the cursor back over what was printed. */
const LONE_CR = /\r(?!\n)/;

const hostile = {
  ...VALID_SOCIETY,
  name: 'Evil\u202e\u2066Name\u009b2J',
  // No field takes a control character any more (the lead contract), so the service refuses
  // this lead; the CLI must still print one safely if a file holds it (an older file, a manual insert).
  email: '\u001b]0;pwned\u0007\u001b[2Jx@example.in',
  societyName: 'Green\u0085Park',
};
const hostilePage = '/career\u009b31m\u202e';

let dataDir: string;
beforeAll(async () => {
  const server = await startServer({ env: { VITALS_RATE_LIMIT_MAX: '1000', SPAM_CHALLENGE: 'off' } });
  dataDir = server.dataDir;
  expect((await postJson(`${server.url}/addSocietyQuery`, hostile)).status).toBe(400);
  expect((await postJson(`${server.url}/addSocietyQuery`, VALID_SOCIETY)).status).toBe(200);
  const beacon = await rawRequest(`${server.url}/vitals`, {
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ page: hostilePage, metrics: [{ name: 'LCP', value: 1200 }] }),
  });
  // The service takes only the site's routes as a page, so such a page never reaches vitals.db
  // through it; the CLI must still print one safely if it is there (an older file, a manual insert).
  expect(beacon.status).toBe(400);
  await server.stop();
  const leads = new Database(path.join(dataDir, 'leads.db'));
  expect(leads.prepare('UPDATE leads SET fields = ?').run(JSON.stringify(hostile)).changes).toBe(1);
  leads.close();
  const vitals = new Database(path.join(dataDir, 'vitals.db'));
  vitals.prepare("INSERT INTO vitals (page, name, value, rating, navigation_type, created_at) VALUES (?, 'LCP', 1200, 'good', 'navigate', ?)").run(hostilePage, Date.now());
  vitals.close();
});

describe('terminal-safe CLI output (finding 1)', () => {
  it('leads --format table prints controls and bidi overrides as visible escapes', async () => {
    const out = await cli('scripts/leads.ts', ['--data-dir', dataDir, '--format', 'table']);
    expect(out).not.toMatch(UNSAFE);
    expect(out).not.toMatch(LONE_CR);
    expect(out).toContain('\\x1B]0;pwned\\x07');
    expect(out).toContain('Evil\\u202E\\u2066Name\\x9B2J');
  });

  it('leads --format csv escapes them too, and still guards formulas', async () => {
    const out = await cli('scripts/leads.ts', ['--data-dir', dataDir, '--format', 'csv']);
    expect(out).not.toMatch(UNSAFE);
    expect(out).not.toMatch(LONE_CR);
    expect(out).toContain('\\x1B]0;pwned\\x07\\x1B[2Jx@example.in');
    expect(out).toContain('Green\\x85Park');
  });

  it('leads --format json stays lossless: unsafe characters become JSON \\u escapes', async () => {
    const out = await cli('scripts/leads.ts', ['--data-dir', dataDir, '--format', 'json']);
    expect(out).not.toMatch(UNSAFE);
    const [lead] = JSON.parse(out);
    expect(lead).toMatchObject(hostile);
  });

  it('vitals prints a hostile page name safely, as a table and as JSON', async () => {
    const table = await cli('scripts/vitals.ts', ['--data-dir', dataDir]);
    expect(table).not.toMatch(UNSAFE);
    expect(table).toContain('/career\\x9B31m\\u202E');
    const json = await cli('scripts/vitals.ts', ['--data-dir', dataDir, '--json']);
    expect(json).not.toMatch(UNSAFE);
    expect(JSON.parse(json).summary[0].page).toBe(hostilePage);
  });
});
