/**
 * A real PostgreSQL for a test file: one throwaway cluster (Debian's postgresql package,
 * scripts/throwaway-postgres.ts) started before the file's tests and removed after them;
 * each caller gets a database of its own in it.
 */
import { afterAll } from 'vitest';
import { startThrowawayPostgres, type ThrowawayPostgres } from '../../scripts/throwaway-postgres.ts';

let cluster: Promise<ThrowawayPostgres> | undefined;
let count = 0;

afterAll(async () => {
  const running = cluster;
  cluster = undefined;
  (await running?.catch(() => undefined))?.stop();
});

/** The URL of a fresh, empty database (the cluster starts on the first call). */
export async function freshDatabase(): Promise<string> {
  cluster ??= startThrowawayPostgres();
  return (await cluster).createDatabase(`intake_${process.pid}_${++count}`);
}

/** The cluster's URL for a superuser's own database (to change what the test's databases allow). */
export async function adminUrl(): Promise<string> {
  cluster ??= startThrowawayPostgres();
  return (await cluster).url();
}
