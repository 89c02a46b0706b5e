import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * Ports for servers the tests and benches start themselves (PostgreSQL, nginx, a spawned
 * service, WebKitWebDriver) where the program must be told its port before it listens.
 *
 * A port the kernel picked and released at once can be picked again by another test file
 * running in parallel before our program binds it. So ports come from a range below the
 * kernel's ephemeral range (32768–60999 on Linux: nothing the kernel hands out lands there),
 * and each one is claimed by creating a lock file with O_EXCL: two processes can never both
 * hold one, whatever they run in. A lock whose process has gone is taken over.
 */
const FIRST = 20_000;
const COUNT = 12_000;
const lockDir = path.join(os.tmpdir(), 'societydesk-ports');

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

function claim(port: number): boolean {
  const file = path.join(lockDir, String(port));
  try {
    fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const owner = Number(fs.readFileSync(file, 'utf8'));
  if (owner === process.pid || (owner && alive(owner))) return false;
  // Its process is gone: remove the stale lock, then race for it like anyone else.
  fs.rmSync(file, { force: true });
  try {
    fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
    return true;
  } catch {
    return false;
  }
}

/** Whether nothing outside our locks (another program on this machine) listens there. */
const bindable = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });

let next = FIRST + ((process.pid * 7919) % COUNT);

/** A TCP port of 127.0.0.1 that this process holds until it exits, and that nothing listens on now. */
export async function freePort(): Promise<number> {
  fs.mkdirSync(lockDir, { recursive: true });
  for (let tries = 0; tries < COUNT; tries++) {
    const port = next;
    next = FIRST + ((next - FIRST + 1) % COUNT);
    if (claim(port) && (await bindable(port))) return port;
  }
  throw new Error(`no free port between ${FIRST} and ${FIRST + COUNT}`);
}
