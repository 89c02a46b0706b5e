/**
 * Finding 2: /health proves the service can write (a probe the size of the largest
 * submission, rolled back, and a committed heartbeat) and answers 503 with a reason when
 * it cannot: a read-only database, a full disk, a disk that refuses writes.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createWriteBatcher, openDatabase } from '../../server/store/sqlite.ts';
import { createWriteProbe } from '../../server/ops/health.ts';
import { postJson, startServer, tempDir, type RunningServer } from '../helpers/server.ts';
import { VALID_SOCIETY } from '../helpers/fixtures.ts';
import { VERSION } from '../../server/ops/version.ts';

const isRoot = process.getuid?.() === 0;
/** Makes files unwritable: root writes through any mode, so as root the files are made immutable. */
function freeze(files: string[]): () => void {
  if (isRoot) {
    execFileSync('chattr', ['+i', ...files]);
    return () => execFileSync('chattr', ['-i', ...files]);
  }
  for (const f of files) fs.chmodSync(f, 0o400);
  return () => files.forEach((f) => fs.chmodSync(f, 0o600));
}

let running: RunningServer | undefined;
const thaws: (() => void)[] = [];
afterEach(async () => {
  for (const thaw of thaws.splice(0)) thaw();
  await running?.stop();
  running = undefined;
});

describe('/health proves it can write (finding 2)', () => {
  it('answers ok while the database can be written', async () => {
    running = await startServer();
    const res = await fetch(`${running.url}/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok', version: VERSION });
  });

  it('answers 503 with a reason when the database file is read-only from the start', async () => {
    const dataDir = tempDir();
    await (await startServer({ env: { DATA_DIR: dataDir } })).stop(); // a current schema, then closed
    thaws.push(freeze([path.join(dataDir, 'leads.db')]));
    running = await startServer({ env: { DATA_DIR: dataDir } });
    const res = await fetch(`${running.url}/health`);
    expect(res.status).toBe(503);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = await res.json();
    expect(body.status).toBe('error');
    expect(body.reason).toMatch(/read-only/);
    const refused = await postJson(`${running.url}/addSocietyQuery`, VALID_SOCIETY);
    expect(refused.status).toBeGreaterThanOrEqual(500);
    expect((await refused.json()).success).toBe(false);
  });

  it.runIf(isRoot)('answers 503 when the disk starts refusing writes while running, and ok again after', async () => {
    running = await startServer();
    expect((await fetch(`${running.url}/health`)).status).toBe(200);
    const files = ['leads.db', 'leads.db-wal'].map((f) => path.join(running!.dataDir, f));
    const thaw = freeze(files);
    try {
      const res = await fetch(`${running.url}/health`);
      expect(res.status).toBe(503);
      expect((await res.json()).reason).toMatch(/refused a write/);
    } finally {
      thaw();
    }
    expect((await fetch(`${running.url}/health`)).status).toBe(200);
  });

  it('reports a full database (disk or size limit) before a submission fails', async () => {
    const db = openDatabase(tempDir());
    const checkWritable = createWriteProbe(db, createWriteBatcher(db));
    try {
      expect(await checkWritable()).toEqual({ ok: true });
      // No room for another page: the rolled-back probe (as large as the largest submission) can't be written.
      db.pragma(`max_page_count = ${String(db.pragma('page_count', { simple: true }))}`);
      const result = await checkWritable();
      expect(result).toEqual({ ok: false, reason: expect.stringMatching(/full/) });
    } finally {
      db.close();
    }
  });
});
