/**
 * Finding 3: another process holding the database's write lock (an operator's sqlite3
 * shell, a backup) delays only the writes: pages and /health keep answering at once, a
 * submission waits and is stored when the lock goes, and answers 503 JSON once it has
 * waited DB_BUSY_TIMEOUT_MS.
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, postJson, startServerProcess, tempDir } from '../helpers/server.ts';
import { VALID_SOCIETY } from '../helpers/fixtures.ts';

/** A tiny built site: three pages. */
function miniSite(): string {
  const dir = tempDir('intake-dist-');
  for (const page of ['index.html', 'about-us/index.html', 'career/index.html', '404.html']) {
    fs.mkdirSync(path.dirname(path.join(dir, page)), { recursive: true });
    fs.writeFileSync(path.join(dir, page), `<!doctype html><title>${page}</title>`);
  }
  return dir;
}

const lead = (n: number) => ({ ...VALID_SOCIETY, name: `Person ${n}`, email: `p${n}@example.in` });

let server: Awaited<ReturnType<typeof startServerProcess>>;
let holder: Database.Database;
beforeAll(async () => {
  // At info, the service logs each request as it comes in: the signal that it holds the submission.
  server = await startServerProcess({ DIST_DIR: miniSite(), DB_BUSY_TIMEOUT_MS: '3000', RATE_LIMIT_MAX: '1000', LOG_LEVEL: 'info' });
  holder = new Database(path.join(server.dataDir, 'leads.db'));
});
afterAll(async () => {
  if (holder?.inTransaction) holder.exec('ROLLBACK');
  holder?.close();
  await server?.stop();
});

describe('a busy database delays only the writes (finding 3)', () => {
  it('pages and /health answer at once while a submission waits for the lock; it is stored when the lock goes', async () => {
    holder.exec('BEGIN IMMEDIATE');
    let answered = false;
    const pending = postJson(`${server.url}/addSocietyQuery`, lead(1)).finally(() => (answered = true));
    // The service has the submission, which now waits for the lock.
    await expect.poll(() => server.output().includes('"req":{"method":"POST","url":"/addSocietyQuery"},"msg":"incoming request"')).toBe(true);
    for (const target of ['/', '/about-us', '/health']) {
      expect((await fetch(server.url + target)).status, target).toBe(200);
    }
    // A service blocked by the lock would answer nothing before the submission's wait ended (in a 503).
    expect(answered, 'the submission still waits for the lock while the pages answer').toBe(false);
    holder.exec('COMMIT');
    const res = await pending;
    expect(res.status).toBe(200);
    expect(countRows(server.dataDir, 'leads')).toBe(1);
  });

  it('a lock held past DB_BUSY_TIMEOUT_MS: 503 JSON for the submission, /health 503 naming the lock, nothing stored', async () => {
    holder.exec('BEGIN IMMEDIATE');
    try {
      const started = performance.now();
      const res = await postJson(`${server.url}/addSocietyQuery`, lead(2));
      const waited = performance.now() - started;
      expect(res.status).toBe(503);
      expect(res.headers.get('content-type')).toMatch(/application\/json/);
      expect((await res.json()).success).toBe(false);
      expect(waited).toBeGreaterThan(2500);
      expect(waited, 'it gives up at its limit, however long the lock is held').toBeLessThan(20_000);
      const health = await fetch(`${server.url}/health`);
      expect(health.status).toBe(503);
      expect((await health.json()).reason).toMatch(/write lock/);
      expect((await fetch(`${server.url}/career`)).status, 'pages answer while the lock is held').toBe(200);
    } finally {
      holder.exec('ROLLBACK');
    }
    expect((await fetch(`${server.url}/health`)).status).toBe(200);
    expect(countRows(server.dataDir, 'leads')).toBe(1);
  });
});
