/**
 * One throwaway PostgreSQL cluster for a whole test run (Vitest's globalSetup): every test
 * file that needs PostgreSQL gets databases of its own in it (test/helpers/postgres.ts), so
 * no file pays for an initdb. Started on the first run that asks for it, stopped at the end.
 */
import type { TestProject } from 'vitest/node';
import { startThrowawayPostgres } from '../../scripts/throwaway-postgres.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The cluster's superuser URL: postgres://postgres@127.0.0.1:PORT/postgres */
    postgresAdminUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const cluster = await startThrowawayPostgres();
  project.provide('postgresAdminUrl', cluster.url());
  return () => cluster.stop();
}
