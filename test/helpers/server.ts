/**
 * The real service in tests, on 127.0.0.1 with a real database file in a fresh temp
 * folder: `startServer` runs it in this process; `startServerProcess` spawns
 * `server/main.ts` (scripts/service-process.ts, shared with the API bench) for the tests
 * that need a real process (SIGKILL, SIGTERM, its log output). Plus read access to its
 * database and raw HTTP helpers.
 */
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { afterAll, expect } from 'vitest';
import { distDir as builtSiteDir, repoRoot } from '../../scripts/paths.ts';
import { buildApp } from '../../server/app.ts';
import { loadServerConfig } from '../../server/config.ts';
import { dbPath, vitalsDbPath } from '../../server/store/sqlite.ts';
import { startServiceProcess, type ServiceProcess } from '../../scripts/service-process.ts';

export const ROOT = repoRoot;

/** The built site (`DIST_DIR`, else dist/), served by `startServer({ site: true })`. */
export const distDir = builtSiteDir();

const created: string[] = [];
// Registered on the suite of every test file that imports this helper.
afterAll(() => {
  for (const dir of created.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A fresh folder under the OS temp dir, removed after the test file's tests. */
export function tempDir(prefix = 'intake-test-'): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  created.push(dir);
  return dir;
}

interface ServerOptions {
  /** Serve the built site (needs `npm run build`); otherwise an empty folder: the API alone. */
  site?: boolean;
  /** Run-time settings (server/config.ts) on top of the test defaults. */
  env?: Record<string, string>;
  /** Listen on this port (to start the service again where a page expects it); default: a free one. */
  port?: number;
}

export interface RunningServer {
  url: string;
  dataDir: string;
  app: FastifyInstance;
  /** Closes the server; connections a browser keeps open are cut after 3 s. */
  stop(): Promise<void>;
}

/**
 * Every test talks from 127.0.0.1, one client to the service, and a browser test file opens
 * more pages in a minute than a visitor does in a day: without these, a file's later tests
 * would meet the per-client limits (vitals: 120 beacons a minute, 500 samples a day) that its
 * earlier tests used up. Tests of the limits set their own.
 */
const TEST_CLIENT_LIMITS = { RATE_LIMIT_MAX: '1000', VITALS_RATE_LIMIT_MAX: '10000', VITALS_DAILY_CAP: '10000000', WITHOUT_PROOF_RATE_LIMIT_MAX: '1000' };

/**
 * The whole service (buildApp) in this process, on a free port of 127.0.0.1. Defaults:
 * a generous form rate limit and logs at `warn` with the site, silent without it
 * (the API alone would warn about the missing site on every start).
 */
export async function startServer({ site = false, env = {}, port: fixedPort = 0 }: ServerOptions = {}): Promise<RunningServer> {
  if (site && !fs.existsSync(path.join(distDir, 'index.html'))) throw new Error(`No built site in ${distDir}: run npm run build first`);
  const dataDir = env.DATA_DIR ?? tempDir();
  const config = {
    ...loadServerConfig({ LOG_LEVEL: site ? 'warn' : 'silent', ...TEST_CLIENT_LIMITS, ...env }),
    host: '127.0.0.1',
    port: 0,
    distDir: site ? distDir : tempDir('intake-dist-'),
    dataDir,
  };
  const app = await buildApp(config);
  await app.listen({ host: config.host, port: fixedPort });
  const { port } = app.server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    dataDir,
    app,
    async stop() {
      const force = setTimeout(() => app.server.closeAllConnections(), 3_000);
      await app.close();
      clearTimeout(force);
    },
  };
}

interface ServerProcess extends ServiceProcess {
  dataDir: string;
}

interface ProcessOptions {
  /** A test clock (test/helpers/service-clock.ts): `moveClockOn()` then moves the process's Date.now() on by this many milliseconds. */
  clockStepMs?: number;
}

/**
 * Spawns the service (scripts/service-process.ts): the API alone, unless env.DIST_DIR names a
 * site, on a fresh data folder unless env.DATA_DIR names one.
 */
export async function startServerProcess(env: Record<string, string> = {}, { clockStepMs }: ProcessOptions = {}): Promise<ServerProcess & { moveClockOn(): Promise<void> }> {
  const dataDir = env.DATA_DIR ?? tempDir();
  const clock = clockStepMs === undefined ? [] : ['--import', 'tsx', '--import', path.join(import.meta.dirname, 'service-clock.ts')];
  const service = await startServiceProcess(
    { ...env, DATA_DIR: dataDir, DIST_DIR: env.DIST_DIR ?? tempDir('intake-dist-'), ...(clockStepMs === undefined ? {} : { TEST_CLOCK_STEP_MS: String(clockStepMs) }) },
    clock,
  );
  let moves = 0;
  return {
    ...service,
    dataDir,
    /** Moves the service's clock on by `clockStepMs`; resolves once the service says it has. */
    async moveClockOn() {
      if (clockStepMs === undefined) throw new Error('started without a test clock');
      moves++;
      service.child.kill('SIGUSR2');
      await expect.poll(() => service.output().includes(`test clock: moved on by ${moves * clockStepMs} ms`), { timeout: 10_000 }).toBe(true);
    },
  };
}

/** Reads leads.db (or vitals.db) of a data folder (read-only); throws when it is missing or the query fails. */
export function readDb<T>(dataDir: string, read: (db: Database.Database) => T, file: 'leads.db' | 'vitals.db' = 'leads.db'): T {
  const db = new Database(file === 'leads.db' ? dbPath(dataDir) : vitalsDbPath(dataDir), { readonly: true, fileMustExist: true });
  try {
    return read(db);
  } finally {
    db.close();
  }
}

export const countRows = (dataDir: string, table: 'leads' | 'deliveries' | 'vitals'): number =>
  readDb(dataDir, (db) => (db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n, table === 'vitals' ? 'vitals.db' : 'leads.db');

/** The stored leads, oldest first; throws when the database cannot be read. */
export const storedLeads = (dataDir: string): { id: number; kind: string; fields: Record<string, string> }[] =>
  readDb(dataDir, (db) =>
    (db.prepare('SELECT id, kind, fields FROM leads ORDER BY id').all() as { id: number; kind: string; fields: string }[]).map(
      (r) => ({ id: r.id, kind: r.kind, fields: JSON.parse(r.fields) }),
    ),
  );

/** POST a JSON body (or a raw string with the given content type). */
export function postJson(url: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/** A request with exactly these headers (fetch adds its own content type and refuses some headers). */
export function rawRequest(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string | Buffer } = {},
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: options.method ?? 'POST', headers: options.headers ?? {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }),
      );
    });
    req.on('error', reject);
    req.end(options.body);
  });
}
