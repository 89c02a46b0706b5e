/**
 * Test helpers for the intake service: a real server on 127.0.0.1 with a real database
 * file in a fresh temp folder, either as a child process (startServer) or in-process
 * (startApp), plus direct read access to that database.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { afterAll } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { loadServerConfig } from '../../server/config.ts';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

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

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export interface RunningServer {
  url: string;
  dataDir: string;
  child: ChildProcess;
  /** Sends a signal (default SIGKILL) and resolves when the process is gone. */
  kill(signal?: NodeJS.Signals): Promise<void>;
  /** Graceful stop (SIGTERM), SIGKILL after 5 s. */
  stop(): Promise<void>;
  output(): string;
}

/** Spawns `node --import tsx server/main.ts` with env and waits until GET /health answers ok. */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = env.DATA_DIR ?? tempDir();
  const distDir = env.DIST_DIR ?? tempDir('intake-dist-');
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env, PORT: String(port), DATA_DIR: dataDir, DIST_DIR: distDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const alive = () => child.exitCode === null && child.signalCode === null;

  const kill = async (signal: NodeJS.Signals = 'SIGKILL') => {
    if (alive()) child.kill(signal);
    await exited;
  };
  const stop = async () => {
    if (!alive()) return;
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    await kill('SIGTERM');
    clearTimeout(timer);
  };

  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (!alive()) throw new Error(`server exited before it was healthy:\n${output}`);
    try {
      const res = await fetch(`${url}/health`);
      if (res.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      await kill();
      throw new Error(`server not healthy after 20 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url, dataDir, child, kill, stop, output: () => output };
}

export interface RunningApp {
  url: string;
  dataDir: string;
  app: FastifyInstance;
  close(): Promise<void>;
}

/** buildApp() in this process, listening on a free port of 127.0.0.1. */
export async function startApp(env: Record<string, string> = {}): Promise<RunningApp> {
  const dataDir = env.DATA_DIR ?? tempDir();
  const config = loadServerConfig({
    LOG_LEVEL: 'silent',
    DIST_DIR: tempDir('intake-dist-'),
    ...env,
    DATA_DIR: dataDir,
  });
  const app = await buildApp(config);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as net.AddressInfo;
  return { url: `http://127.0.0.1:${port}`, dataDir, app, close: () => app.close() };
}

/** Reads leads.db (or vitals.db) of a data folder (read-only), e.g. to count rows. */
export function readDb<T>(dataDir: string, read: (db: Database.Database) => T, file: 'leads.db' | 'vitals.db' = 'leads.db'): T {
  const db = new Database(path.join(dataDir, file), { readonly: true, fileMustExist: true });
  try {
    return read(db);
  } finally {
    db.close();
  }
}

export const countRows = (dataDir: string, table: 'leads' | 'deliveries' | 'vitals'): number =>
  readDb(dataDir, (db) => (db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n, table === 'vitals' ? 'vitals.db' : 'leads.db');

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

export interface RawResponse {
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
