import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readDb, startServerProcess, storedLeads } from '../helpers/server.ts';
import { VALID_CAREER } from '../helpers/fixtures.ts';

const body = (i: number) =>
  JSON.stringify({ ...VALID_CAREER, name: `Crash Applicant ${i}`, email: `crash${i}@example.com`, message: `Submission number ${i}` });

describe('intake: crash safety', () => {
  it('keeps every submission answered success when the process is SIGKILLed mid-burst', async () => {
    const first = await startServerProcess({ RATE_LIMIT_MAX: '1000000' });
    const answered = new Set<string>();
    const TOTAL = 1500;
    const CONCURRENCY = 32;
    let next = 0;
    let killed = false;

    const worker = async () => {
      while (next < TOTAL) {
        const i = next++;
        try {
          const res = await fetch(`${first.url}/addQuery`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: body(i),
          });
          const json = await res.json();
          if (res.status === 200 && json.success === true) answered.add(`crash${i}@example.com`);
        } catch {
          /* the process died under this request: it was never answered success */
        }
        if (!killed && answered.size >= 300) {
          killed = true;
          first.child.kill('SIGKILL'); // mid-burst: other requests are in flight right now
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    await first.kill();
    expect(killed).toBe(true);
    expect(first.child.signalCode).toBe('SIGKILL');
    expect(answered.size).toBeGreaterThanOrEqual(300);
    expect(answered.size).toBeLessThan(TOTAL);

    // Restart on the same data folder: the service recovers the WAL and everything answered is there.
    const second = await startServerProcess({ DATA_DIR: first.dataDir });
    try {
      const stored = new Set(storedLeads(second.dataDir).map((l) => l.fields.email));
      const missing = [...answered].filter((email) => !stored.has(email));
      expect(missing).toEqual([]);
      expect(readDb(second.dataDir, (db) => db.pragma('integrity_check', { simple: true }))).toBe('ok');
      const res = await fetch(`${second.url}/addQuery`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: body(TOTAL + 1) });
      expect(res.status).toBe(200);
    } finally {
      await second.stop();
    }
  }, 90_000);

  it('closes the database on a graceful stop (SIGTERM): the WAL is checkpointed away', async () => {
    const server = await startServerProcess({ RATE_LIMIT_MAX: '1000' });
    const res = await fetch(`${server.url}/addQuery`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: body(1) });
    expect(res.status).toBe(200);
    await server.stop();
    expect(server.child.exitCode).toBe(0);
    expect(fs.existsSync(path.join(server.dataDir, 'leads.db-wal'))).toBe(false);
    expect(storedLeads(server.dataDir)).toHaveLength(1);
  }, 60_000);
});
