import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { postJson, rawRequest, ROOT, startServer, tempDir } from '../helpers/server.ts';
import { VALID_CAREER, VALID_SOCIETY } from '../helpers/fixtures.ts';

const run = promisify(execFile);

/** Runs a report script as a child process; resolves with stdout, or the exit code on failure. */
async function cli(script: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', script, ...args], { cwd: ROOT, env: { ...process.env, DATA_DIR: '' } });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

/** A strict RFC 4180 parser for the test (quoted fields, doubled quotes, CRLF). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let i = 0;
  let quoted = false;
  while (i < text.length) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') (cell += '"'), (i += 2);
      else if (c === '"') (quoted = false), i++;
      else (cell += c), i++;
    } else if (c === '"') (quoted = true), i++;
    else if (c === ',') row.push(cell), (cell = ''), i++;
    else if (c === '\r' && text[i + 1] === '\n') row.push(cell), rows.push(row), (row = []), (cell = ''), (i += 2);
    else if (c === '\n') throw new Error('bare LF outside quotes');
    else (cell += c), i++;
  }
  if (cell !== '' || row.length) throw new Error('missing final CRLF');
  return rows;
}

const society = {
  ...VALID_SOCIETY,
  name: 'सुनीता शर्मा',
  email: 'sunita@example.in',
  phone: '+91 98765 43210',
  societyName: '=HYPERLINK("http://evil.example","click")',
  city: 'Delhi, NCR',
  position: '@admin',
};
const career = {
  ...VALID_CAREER,
  name: 'Ravi "RK" Kumar',
  college: '-2+3 College',
  message: 'Line one,\nline "two"\r\nline three',
};

let dataDir: string;
beforeAll(async () => {
  // These posts carry no proof of work: without SPAM_CHALLENGE=off they would be stored as spam (and hidden).
  const server = await startServer({ env: { RATE_LIMIT_MAX: '1000', VITALS_RATE_LIMIT_MAX: '1000', SPAM_CHALLENGE: 'off' } });
  dataDir = server.dataDir;
  expect((await postJson(`${server.url}/addSocietyQuery`, society)).status).toBe(200);
  expect((await postJson(`${server.url}/addQuery`, career)).status).toBe(200);
  // LCP on /career: 100, 200, 300, 400 → p75 (nearest rank) 300; CLS on / : 0.05
  for (const value of [400, 100, 300, 200]) {
    const res = await rawRequest(`${server.url}/vitals`, {
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify({ page: '/career', metrics: [{ name: 'LCP', value }] }),
    });
    expect(res.status).toBe(204);
  }
  await rawRequest(`${server.url}/vitals`, {
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ page: '/', metrics: [{ name: 'CLS', value: 0.05 }] }),
  });
  // LCP on /career of a page shown from a prerender (counted from activation): its own row.
  await rawRequest(`${server.url}/vitals`, {
    headers: { 'content-type': 'text/plain' },
    body: JSON.stringify({ page: '/career', metrics: [{ name: 'LCP', value: 40, navigationType: 'prerender' }] }),
  });
  await server.stop();
});

describe('npm run leads', () => {
  it('prints RFC 4180 CSV with formula-looking cells neutralised', async () => {
    const { code, stdout } = await cli('scripts/leads.ts', ['--data-dir', dataDir, '--format', 'csv']);
    expect(code).toBe(0);
    const rows = parseCsv(stdout);
    const header = rows[0]!;
    expect(header.slice(0, 3)).toEqual(['id', 'kind', 'createdAt']);
    expect(rows).toHaveLength(3);
    const record = (r: string[]) => Object.fromEntries(header.map((h, i) => [h, r[i]]));
    const s = record(rows[1]!);
    expect(s).toMatchObject({
      kind: 'society',
      name: 'सुनीता शर्मा',
      phone: "'+91 98765 43210",
      societyName: `'${society.societyName}`,
      city: 'Delhi, NCR',
      position: "'@admin",
    });
    const c = record(rows[2]!);
    expect(c).toMatchObject({ kind: 'career', name: 'Ravi "RK" Kumar', college: "'-2+3 College", message: career.message });
  });

  it('prints JSON with every field intact', async () => {
    const { code, stdout } = await cli('scripts/leads.ts', ['--data-dir', dataDir, '--format', 'json']);
    expect(code).toBe(0);
    const leads = JSON.parse(stdout);
    expect(leads).toHaveLength(2);
    expect(leads[0]).toMatchObject({ id: 1, kind: 'society', ...society });
    expect(leads[1]).toMatchObject({ id: 2, kind: 'career', ...career });
    expect(new Date(leads[0].createdAt).getTime()).toBeGreaterThan(Date.now() - 600_000);
  });

  it('filters by kind and by date', async () => {
    const careerOnly = JSON.parse((await cli('scripts/leads.ts', ['--data-dir', dataDir, '--format', 'json', '--kind', 'career'])).stdout);
    expect(careerOnly.map((l: { kind: string }) => l.kind)).toEqual(['career']);
    const future = JSON.parse((await cli('scripts/leads.ts', ['--data-dir', dataDir, '--format', 'json', '--since', '2999-01-01'])).stdout);
    expect(future).toEqual([]);
    const past = JSON.parse((await cli('scripts/leads.ts', ['--data-dir', dataDir, '--format', 'json', '--until', '2000-01-01'])).stdout);
    expect(past).toEqual([]);
  });

  it('prints a readable table by default', async () => {
    const { code, stdout } = await cli('scripts/leads.ts', ['--data-dir', dataDir]);
    expect(code).toBe(0);
    expect(stdout).toContain('Society registration requests (1)');
    expect(stdout).toContain('Career applications (1)');
    expect(stdout).toContain('सुनीता शर्मा');
    expect(stdout).toContain('sunita@example.in');
  });

  it('refuses bad arguments with exit code 2', async () => {
    expect((await cli('scripts/leads.ts', ['--data-dir', dataDir, '--format', 'xml'])).code).toBe(2);
    expect((await cli('scripts/leads.ts', ['--data-dir', dataDir, '--since', '2025-02-30'])).code).toBe(2);
    expect((await cli('scripts/leads.ts', ['--data-dir', dataDir, '--kind', 'other'])).code).toBe(2);
  });

  it('prints an empty result for a folder without a database', async () => {
    const { code, stdout } = await cli('scripts/leads.ts', ['--data-dir', tempDir(), '--format', 'json']);
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual([]);
  });
});

describe('npm run vitals', () => {
  it('prints p75 and sample counts per page, navigation type and metric', async () => {
    const { code, stdout } = await cli('scripts/vitals.ts', ['--data-dir', dataDir, '--json']);
    expect(code).toBe(0);
    const { summary } = JSON.parse(stdout);
    expect(summary).toEqual([
      { page: '/', navigationType: 'unknown', metric: 'CLS', p75: 0.05, samples: 1, rating: 'good' },
      { page: '/career', navigationType: 'prerender', metric: 'LCP', p75: 40, samples: 1, rating: 'good' },
      { page: '/career', navigationType: 'unknown', metric: 'LCP', p75: 300, samples: 4, rating: 'good' },
    ]);
    const table = await cli('scripts/vitals.ts', ['--data-dir', dataDir, '--days', '7']);
    expect(table.stdout).toMatch(/\/career\s+unknown\s+LCP\s+300 ms\s+4\s+good/);
    expect(table.stdout).toMatch(/\/career\s+prerender\s+LCP\s+40 ms\s+1\s+good/);
  });

  it('honours the period', async () => {
    const { stdout } = await cli('scripts/vitals.ts', ['--data-dir', dataDir, '--json', '--since', '2000-01-01', '--until', '2000-12-31']);
    expect(JSON.parse(stdout).summary).toEqual([]);
  });
});
