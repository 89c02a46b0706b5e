/**
 * The intake service as its own process, for the tests and the benches: spawns
 * `node --import tsx server/main.ts` (or the service `npm run build` compiled, `compiled`)
 * on a free port of 127.0.0.1 and waits until GET /health answers ok.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { freePort } from './free-port.ts';
import { repoRoot } from './paths.ts';

export interface ServiceProcess {
  url: string;
  port: number;
  child: ChildProcess;
  /** Sends a signal (default SIGKILL) and resolves when the process is gone. */
  kill(signal?: NodeJS.Signals): Promise<void>;
  /** Graceful stop (SIGTERM), SIGKILL after 5 s. */
  stop(): Promise<void>;
  /** The last 20 000 characters the process wrote to stdout and stderr. */
  output(): string;
}

/**
 * `env` goes on top of this process's environment and the defaults: HOST 127.0.0.1,
 * LOG_LEVEL warn and SQLite (a DATABASE_URL of the shell must not leak in); PORT is always
 * the free port. `nodeArgs` go before the script (e.g. `--cpu-prof`); `compiled` runs
 * server-build/main.js as a server does (after npm run build); `root` is the copy of the
 * repository to run (a scratch copy's own service). Throws with the process's output when it
 * exits, or is not healthy within 60 s (then it is killed).
 */
export async function startServiceProcess(
  env: Record<string, string>,
  nodeArgs: string[] = [],
  { compiled = false, root = repoRoot }: { compiled?: boolean; root?: string } = {},
): Promise<ServiceProcess> {
  const port = await freePort();
  const entry = compiled ? ['server-build/main.js'] : ['--import', 'tsx', 'server/main.ts'];
  const child = spawn(process.execPath, [...nodeArgs, ...entry], {
    cwd: root,
    env: { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'warn', DATABASE_URL: '', ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
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
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (!alive()) throw new Error(`server exited (code ${child.exitCode}, signal ${child.signalCode}) before it was healthy:\n${output}`);
    try {
      const res = await fetch(`${url}/health`);
      if (res.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      await kill();
      throw new Error(`server not healthy after 60 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url, port, child, kill, stop, output: () => output };
}
