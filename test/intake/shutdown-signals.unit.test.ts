/**
 * Finding 5: `npm run serve` (and `npm start`, which runs the same command after the
 * build) stops gracefully when the npm process receives SIGTERM or SIGINT, and when npm
 * dies without passing anything on: the port closes and no node process is left behind.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/free-port.ts';
import { ROOT, tempDir } from '../helpers/server.ts';

const packageJson = JSON.parse(fs.readFileSync(`${ROOT}/package.json`, 'utf8')) as { scripts: Record<string, string> };

/** Every descendant of `pid` (Linux /proc). */
function descendants(pid: number): number[] {
  let children: number[] = [];
  try {
    for (const task of fs.readdirSync(`/proc/${pid}/task`)) {
      children.push(
        ...fs
          .readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8')
          .split(' ')
          .filter(Boolean)
          .map(Number),
      );
    }
  } catch {
    return [];
  }
  children = [...new Set(children)];
  return children.flatMap((child) => [child, ...descendants(child)]);
}

/** Running (a zombie waiting to be reaped counts as gone). */
function isRunning(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });

async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return check();
}

async function serveThenSignal(signal: NodeJS.Signals) {
  const port = await freePort();
  const npm = spawn('npm', ['run', 'serve'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info', DATA_DIR: tempDir(), DIST_DIR: tempDir('intake-dist-') },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  npm.stdout.on('data', (c: Buffer) => (output += c.toString()));
  npm.stderr.on('data', (c: Buffer) => (output += c.toString()));
  // However long npm, tsx and the service take to start on a busy machine (the test's own timeout bounds it), unless npm gave up.
  const healthy = await waitFor(async () => {
    if (npm.exitCode !== null) return true;
    try {
      return (await fetch(`http://127.0.0.1:${port}/health`)).ok;
    } catch {
      return false;
    }
  }, 110_000);
  expect(npm.exitCode, output).toBe(null);
  expect(healthy, output).toBe(true);
  const tree = descendants(npm.pid!);
  expect(tree.length).toBeGreaterThan(0);

  process.kill(npm.pid!, signal);
  const portClosed = await waitFor(async () => !(await accepts(port)), 15_000);
  const allGone = await waitFor(() => tree.every((pid) => !isRunning(pid)), 15_000);
  for (const pid of tree.filter(isRunning)) process.kill(pid, 'SIGKILL'); // never leave one behind
  if (isRunning(npm.pid!)) npm.kill('SIGKILL');
  return { portClosed, allGone, output };
}

describe('npm run serve stops when npm is told to (finding 5)', () => {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(`${signal} to the npm process: the server drains, the port closes, no node process is left`, async () => {
      const { portClosed, allGone, output } = await serveThenSignal(signal);
      expect(portClosed, output).toBe(true);
      expect(allGone, output).toBe(true);
      expect(output).toMatch(/shutting down: finishing requests in flight/);
    }, 180_000);
  }

  it('SIGKILL to the npm process (nothing passed on): the server notices its parent is gone and drains', async () => {
    const { portClosed, allGone, output } = await serveThenSignal('SIGKILL');
    expect(portClosed, output).toBe(true);
    expect(allGone, output).toBe(true);
  }, 180_000);

  it('npm start runs the same command after the build', () => {
    expect(packageJson.scripts.start).toBe(`npm run build && ${packageJson.scripts.serve}`);
  });
});
