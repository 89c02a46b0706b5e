import type { WriteCheck } from './health.ts';
import type { Pool } from '../store/postgres.ts';

/** How long /health waits for PostgreSQL to take the heartbeat write. */
const PROBE_TIMEOUT_MS = 3_000;

/** A sentence for the operator (and the monitor) from a failed write; no address or name: /health is public. */
export function describePostgresFailure(error: unknown): string {
  const code = String((error as { code?: string | number }).code ?? '');
  const message = (error as Error).message ?? '';
  if (code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'EHOSTUNREACH' || code === 'ECONNRESET' || /timeout|terminat/i.test(message)) {
    return `PostgreSQL cannot be reached${code ? ` (${code})` : ''}: submissions cannot be stored`;
  }
  if (code === '25006') return 'PostgreSQL is read-only (a standby, or default_transaction_read_only): submissions cannot be stored';
  if (code === '53100') return 'PostgreSQL has no space left on its disk: submissions cannot be stored';
  if (code === '53300') return 'PostgreSQL has no free connection (max_connections): submissions cannot be stored';
  if (code.startsWith('57P')) return `PostgreSQL is shutting down or restarting (${code}): submissions cannot be stored`;
  if (code.startsWith('28')) return 'PostgreSQL refused the login (DATABASE_URL): submissions cannot be stored';
  return `a test write to PostgreSQL failed${code ? ` (${code})` : ''}`;
}

/** GET /health's proof: a committed heartbeat write in the database every instance shares. */
export function createPostgresWriteProbe(pool: Pool, now: () => number = Date.now) {
  return async function checkWritable(): Promise<WriteCheck> {
    let timer: NodeJS.Timeout | undefined;
    const write = pool
      .query('INSERT INTO write_probe (id, checked_at) VALUES (1, $1) ON CONFLICT (id) DO UPDATE SET checked_at = excluded.checked_at', [now()])
      .then((): WriteCheck => ({ ok: true }), (error: unknown): WriteCheck => ({ ok: false, reason: describePostgresFailure(error) }));
    const patience = new Promise<WriteCheck>((resolve) => {
      timer = setTimeout(() => resolve({ ok: false, reason: `PostgreSQL did not take a write within ${PROBE_TIMEOUT_MS / 1000} s: submissions are waiting` }), PROBE_TIMEOUT_MS);
    });
    return Promise.race([write, patience]).finally(() => clearTimeout(timer));
  };
}
