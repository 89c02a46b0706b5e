import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../contract/messages/en.ts';
import { countRows, rawRequest, readDb, ROOT, startServer, type RunningServer } from '../helpers/server.ts';
import { VALID_CAREER, VALID_SOCIETY } from '../helpers/fixtures.ts';

const run = promisify(execFile);
const leadsCli = async (args: string[]) => (await run(process.execPath, ['--import', 'tsx', 'scripts/leads.ts', ...args], { cwd: ROOT, env: { ...process.env, DATA_DIR: '' } })).stdout;

const society = (i: number) => JSON.stringify({ ...VALID_SOCIETY, name: `Resident ${i}`, email: `resident${i}@example.in` });
const career = (i: number) => JSON.stringify({ ...VALID_CAREER, name: `Applicant ${i}`, email: `applicant${i}@example.in` });
const post = (url: string, body: string, headers: Record<string, string> = {}) =>
  rawRequest(url, { headers: { 'content-type': 'application/json', ...headers }, body });
const sourceOf = (dataDir: string, email: string) =>
  readDb(dataDir, (db) =>
    db.prepare("SELECT origin, partner, notice_version AS noticeVersion FROM leads WHERE json_extract(fields, '$.email') = ?").get(email),
  );

describe('lead source: open to every origin by default (no ALLOWED_ORIGINS)', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ env: { RATE_LIMIT_MAX: '1000', SPAM_CHALLENGE: 'off' } });
  });
  afterAll(() => server.stop());

  it('stores a post from any site with its origin, and one from a sandboxed frame (Origin: null)', async () => {
    const rwa = await post(`${server.url}/addSocietyQuery`, society(1), { origin: 'https://rwa.example' });
    expect(rwa.status).toBe(200);
    expect(rwa.headers['access-control-allow-origin']).toBe('https://rwa.example');
    expect(sourceOf(server.dataDir, 'resident1@example.in')).toEqual({ origin: 'https://rwa.example', partner: null, noticeVersion: null });

    const framed = await post(`${server.url}/addSocietyQuery?partner=greenpark-rwa`, society(2), { origin: 'null', 'x-notice-version': '2026-11-22' });
    expect(framed.status).toBe(200);
    expect(framed.headers['access-control-allow-origin']).toBe('null');
    expect(sourceOf(server.dataDir, 'resident2@example.in')).toEqual({ origin: 'null', partner: 'greenpark-rwa', noticeVersion: '2026-11-22' });

    expect((await post(`${server.url}/addQuery?partner=greenpark-rwa&utm_source=x`, career(3), { origin: 'https://rwa.example' })).status).toBe(200);
    expect(sourceOf(server.dataDir, 'applicant3@example.in')).toEqual({ origin: 'https://rwa.example', partner: 'greenpark-rwa', noticeVersion: null });

    expect((await post(`${server.url}/addQuery`, career(4), { 'x-notice-version': 'not a version <script>' })).status).toBe(200);
    expect(sourceOf(server.dataDir, 'applicant4@example.in')).toEqual({ origin: null, partner: null, noticeVersion: null });
  });

  it('lets any origin preflight with the headers the forms send', async () => {
    const res = await rawRequest(`${server.url}/addQuery`, {
      method: 'OPTIONS',
      headers: { origin: 'null', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type, x-altcha, x-notice-version, content-language' },
    });
    expect(res.status).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('null');
    expect(res.headers['access-control-allow-headers']).toBe('Content-Type, X-Altcha, X-Notice-Version, Content-Language, Idempotency-Key, X-Resume-Upload');
  });

  it('refuses an invalid partner id with a readable 400 and stores nothing', async () => {
    const before = countRows(server.dataDir, 'leads');
    for (const partner of ['Green-Park', '-greenpark', 'greenpark-', 'a'.repeat(41), 'green park', 'green_park', '', 'greenpark&partner=x']) {
      const res = await post(`${server.url}/addSocietyQuery?partner=${encodeURIComponent(partner)}`, society(50), { origin: 'https://rwa.example' });
      expect(res.status, partner).toBe(400);
      expect(JSON.parse(res.text)).toEqual({ success: false, message: MESSAGES.invalidPartner });
    }
    expect((await post(`${server.url}/addSocietyQuery?partner=a&partner=b`, society(50))).status).toBe(400);
    expect(countRows(server.dataDir, 'leads')).toBe(before);
  });

  it('counts leads per source and ISO week with npm run leads -- --by-source', async () => {
    const table = await leadsCli(['--data-dir', server.dataDir, '--by-source']);
    expect(table).toMatch(/^Leads per source and week\nweek\s+source\s+society\s+career\s+total\n/);
    expect(table).toMatch(/\d{4}-W\d\d\s+greenpark-rwa\s+1\s+1\s+2\n/);
    expect(table).toMatch(/\d{4}-W\d\d\s+rwa\.example\s+1\s+0\s+1\n/);
    expect(table).toMatch(/\d{4}-W\d\d\s+\(no origin\)\s+0\s+1\s+1\n/);
    const json = JSON.parse(await leadsCli(['--data-dir', server.dataDir, '--by-source', '--format', 'json']));
    expect(json.map((r: { source: string; total: number }) => [r.source, r.total])).toEqual([
      ['greenpark-rwa', 2],
      ['(no origin)', 1],
      ['rwa.example', 1],
    ]);
    const list = await leadsCli(['--data-dir', server.dataDir, '--kind', 'society']);
    expect(list).toMatch(/\bsource\b/);
    expect(list).toMatch(/resident2@example\.in.*greenpark-rwa/);
  });
});

describe('lead source: ALLOWED_ORIGINS restricts', () => {
  it('refuses an unlisted origin with a readable JSON message the form can read (CORS headers on), storing nothing', async () => {
    const server = await startServer({ env: { RATE_LIMIT_MAX: '1000', SPAM_CHALLENGE: 'off', ALLOWED_ORIGINS: 'https://greenpark-rwa.in' } });
    try {
      const preflight = await rawRequest(`${server.url}/addSocietyQuery`, {
        method: 'OPTIONS',
        headers: { origin: 'https://unknown.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers['access-control-allow-origin']).toBe('https://unknown.example');

      for (const origin of ['https://unknown.example', 'null']) {
        const res = await post(`${server.url}/addSocietyQuery`, society(1), { origin });
        expect(res.status).toBe(403);
        expect(res.headers['access-control-allow-origin']).toBe(origin);
        expect(res.headers['content-type']).toMatch(/^application\/json/);
        expect(JSON.parse(res.text)).toEqual({ success: false, message: MESSAGES.originRefused });
      }
      expect(countRows(server.dataDir, 'leads')).toBe(0);
      const listed = await post(`${server.url}/addSocietyQuery`, society(2), { origin: 'https://greenpark-rwa.in' });
      expect(listed.status).toBe(200);
      expect(countRows(server.dataDir, 'leads')).toBe(1);
    } finally {
      await server.stop();
    }
  });
});

describe('ISO weeks', () => {
  it('numbers weeks from Monday, week 1 holding the year’s first Thursday', async () => {
    const { isoWeek } = await import('../../scripts/reports/leads-report.ts');
    const at = (y: number, m: number, d: number) => new Date(y, m - 1, d, 12).getTime();
    expect(isoWeek(at(2026, 1, 1))).toBe('2026-W01');
    expect(isoWeek(at(2026, 11, 22))).toBe('2026-W47'); // a Sunday
    expect(isoWeek(at(2026, 11, 23))).toBe('2026-W48'); // the Monday after
    expect(isoWeek(at(2027, 1, 1))).toBe('2026-W53');
    expect(isoWeek(at(2024, 12, 30))).toBe('2025-W01');
    expect(isoWeek(at(2021, 1, 3))).toBe('2020-W53');
  });
});
