/**
 * A throwaway PostgreSQL server for the tests and the bench: Debian's `postgresql` package
 * (initdb, pg_ctl) run on a fresh cluster in a temporary folder, on a free port of
 * 127.0.0.1 with its Unix socket in that folder, removed when stopped. PostgreSQL refuses
 * to run as root, so as root the cluster belongs to the `postgres` system user.
 * fsync is off: this data is thrown away; never configure a real server so.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from './free-port.ts';

/** The newest installed server's programs: PG_BIN, else /usr/lib/postgresql/<newest>/bin. */
export function postgresBinDir(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root) ? fs.readdirSync(root).filter((v) => /^\d+$/.test(v)).sort((a, b) => Number(b) - Number(a)) : [];
  const bin = versions.map((v) => path.join(root, v, 'bin')).find((dir) => fs.existsSync(path.join(dir, 'initdb')));
  if (!bin) {
    throw new Error('PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/initdb): sudo apt-get install -y postgresql, or set PG_BIN');
  }
  return bin;
}


export interface ThrowawayPostgres {
  /** postgres://postgres@127.0.0.1:PORT/NAME */
  url(database?: string): string;
  /** Creates an empty database and returns its URL. */
  createDatabase(name: string): Promise<string>;
  stop(): void;
}

export async function startThrowawayPostgres(): Promise<ThrowawayPostgres> {
  const bin = postgresBinDir();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pg-throwaway-'));
  const asRoot = process.getuid?.() === 0;
  const run = (program: string, args: string[]) => {
    const command = asRoot ? ['runuser', ['-u', 'postgres', '--', path.join(bin, program), ...args]] as const : [path.join(bin, program), args] as const;
    // No pipe of ours may stay with the postmaster (it outlives pg_ctl): its output goes to a file.
    const result = spawnSync(command[0], command[1], { stdio: ['ignore', 'ignore', 'pipe'], cwd: dir, timeout: 120_000 });
    if (result.status !== 0) {
      const log = fs.existsSync(path.join(dir, 'server.log')) ? fs.readFileSync(path.join(dir, 'server.log'), 'utf8').slice(-2000) : '';
      throw new Error(`${program} failed (${result.status ?? result.signal}): ${result.stderr?.toString().slice(-2000)}\n${log}`);
    }
  };
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString());
    fs.chownSync(dir, uid, gid);
  }
  const data = path.join(dir, 'data');
  const port = await freePort();
  let running = false;
  const stop = () => {
    if (running) {
      running = false;
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } catch {
        /* already gone */
      }
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    run('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync', '--no-instructions']);
    const options = [
      `-p ${port}`,
      `-k ${dir}`,
      '-c listen_addresses=127.0.0.1',
      '-c fsync=off',
      '-c full_page_writes=off',
      '-c max_connections=200',
    ].join(' ');
    run('pg_ctl', ['-D', data, '-l', path.join(dir, 'server.log'), '-w', '-t', '90', '-o', options, 'start']);
    running = true;
  } catch (error) {
    stop();
    throw error;
  }
  process.once('exit', stop);

  const url = (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`;
  return {
    url,
    async createDatabase(name) {
      const client = new pg.Client({ connectionString: url() });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
      } finally {
        await client.end();
      }
      return url(name);
    },
    stop() {
      process.off('exit', stop);
      stop();
    },
  };
}
