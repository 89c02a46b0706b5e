import type { FastifyInstance } from 'fastify';
import { BODY_LIMIT_BYTES } from '../config.ts';
import { DatabaseBusyError, type Db, type WriteBatcher } from '../store/sqlite.ts';
import { VERSION } from './version.ts';

/**
 * GET /health proves the service can store a submission, the way a submission is stored:
 * a job in the write batcher that inserts a row as large as the largest accepted body and
 * rolls it back (is there room: disk, size limit, a read-only file?), then commits a
 * one-row heartbeat (does the disk take a write?). It answers at once while another
 * process holds the write lock, and 503 once writes have waited longer than allowed.
 */

export type WriteCheck = { ok: true; note?: string } | { ok: false; reason: string };

/** How long /health waits for its probe before answering from what the batcher knows. */
const PROBE_PATIENCE_MS = 250;

/** A sentence for the operator (and the monitor) from a failed write; no path: /health is public. */
export function describeWriteFailure(error: unknown): string {
  if (error instanceof DatabaseBusyError) return `${error.message}; submissions are refused`;
  const code = String((error as { code?: string | number }).code ?? '');
  if (code.startsWith('SQLITE_READONLY')) return 'the database is read-only: it cannot store submissions';
  if (code === 'SQLITE_FULL') return 'the database is full (no space left on the disk, or its size limit): it cannot store submissions';
  if (code.startsWith('SQLITE_IOERR')) return `the disk refused a write (${code}): the database cannot store submissions`;
  if (code.startsWith('SQLITE_CANTOPEN')) return 'the database files cannot be opened';
  if (code === 'SQLITE_CORRUPT' || code === 'SQLITE_NOTADB') return 'the database file is damaged';
  return `a test write failed${code ? ` (${code})` : ''}`;
}

export function createWriteProbe(db: Db, batcher: WriteBatcher, now: () => number = Date.now) {
  const insertFiller = db.prepare<[number, number]>('INSERT INTO write_probe (checked_at, filler) VALUES (?, zeroblob(?))');
  const heartbeat = db.prepare<[number]>(
    'INSERT INTO write_probe (id, checked_at) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET checked_at = excluded.checked_at',
  );
  const rolledBack = new Error('rolled back');
  const probeRoom = db.transaction((at: number) => {
    insertFiller.run(at, BODY_LIMIT_BYTES);
    throw rolledBack; // a nested transaction is a savepoint: this undoes the insert only
  });
  const work = () => {
    const at = now();
    try {
      probeRoom(at);
    } catch (error) {
      if (error !== rolledBack) throw error;
    }
    heartbeat.run(at);
  };

  const fromBusyState = (): WriteCheck => {
    const since = batcher.busySince();
    if (since === null) return { ok: true };
    const waited = now() - since;
    if (waited >= batcher.maxBusyWaitMs) return { ok: false, reason: describeWriteFailure(new DatabaseBusyError(waited)) };
    return { ok: true, note: 'writes are waiting for another process to release the database' };
  };

  return function checkWritable(): Promise<WriteCheck> {
    let timer: NodeJS.Timeout | undefined;
    const probe = batcher.run(work).then(
      (): WriteCheck => ({ ok: true }),
      (error: unknown): WriteCheck => ({ ok: false, reason: describeWriteFailure(error) }),
    );
    const patience = new Promise<WriteCheck>((resolve) => {
      timer = setTimeout(() => resolve(fromBusyState()), PROBE_PATIENCE_MS);
    });
    return Promise.race([probe, patience]).finally(() => clearTimeout(timer));
  };
}

/** GET /health → 200 {"status":"ok","version":"…"} or 503 {"status":"error","reason":"…","version":"…"}. Not rate limited, never cached. */
export function registerHealthRoute(app: FastifyInstance, checkWritable: () => Promise<WriteCheck>): void {
  app.get('/health', { config: { rateLimit: false }, logLevel: 'warn' }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    const result = await checkWritable();
    if (result.ok) return reply.send(result.note ? { status: 'ok', note: result.note, version: VERSION } : { status: 'ok', version: VERSION });
    request.log.error({ reason: result.reason }, 'health: the service cannot store submissions');
    return reply.code(503).send({ status: 'error', reason: result.reason, version: VERSION });
  });
}
