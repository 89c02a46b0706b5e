/** What `npm run backup` and `npm run restore` need of PostgreSQL's own programs (pg_dump, pg_restore). */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** `program` on the PATH, else the newest of Debian's /usr/lib/postgresql/<version>/bin; undefined when neither has it. */
export function postgresProgram(program: 'pg_dump' | 'pg_restore'): string | undefined {
  if (spawnSync(program, ['--version'], { stdio: 'ignore' }).status === 0) return program;
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root) ? fs.readdirSync(root).filter((v) => /^\d+$/.test(v)).sort((a, b) => Number(b) - Number(a)) : [];
  return versions.map((v) => path.join(root, v, 'bin', program)).find((p) => fs.existsSync(p));
}

/** A DATABASE_URL as libpq's environment: the password must not go in the arguments, where ps would show it. */
export function libpqEnvironment(databaseUrl: string): Record<string, string> {
  const u = new URL(databaseUrl);
  const libpq: Record<string, string> = {
    PGHOST: decodeURIComponent(u.hostname.replace(/^\[|\]$/g, '')) || (u.searchParams.get('host') ?? ''),
    PGPORT: u.port,
    PGUSER: decodeURIComponent(u.username),
    PGPASSWORD: decodeURIComponent(u.password),
    PGDATABASE: decodeURIComponent(u.pathname.slice(1)),
    PGSSLMODE: u.searchParams.get('sslmode') ?? '',
  };
  return Object.fromEntries(Object.entries(libpq).filter(([, v]) => v));
}

/** How to get the programs, for a message. */
export const POSTGRES_CLIENT_HINT = 'Install the PostgreSQL client (Debian: sudo apt-get install -y postgresql-client)';
