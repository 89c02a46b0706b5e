/**
 * A real PostgreSQL for a test file: the run's one throwaway cluster (test/setup/postgres.ts,
 * Debian's postgresql package) gives each caller a fresh, empty database of its own.
 */
import pg from 'pg';
import { inject } from 'vitest';

let count = 0;

/** The cluster's URL for a superuser's own database (to change what the test's databases allow). */
export function adminUrl(): string {
  return inject('postgresAdminUrl');
}

/** The URL of a fresh, empty database. */
export async function freshDatabase(): Promise<string> {
  const admin = new URL(adminUrl());
  const name = `test_${process.pid}_${++count}`;
  const client = new pg.Client({ connectionString: admin.href });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
  admin.pathname = `/${name}`;
  return admin.href;
}
