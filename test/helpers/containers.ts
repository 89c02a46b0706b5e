/**
 * Images and containers for the release tests (npm run test:release): buildah and podman as
 * Debian packages them, without a public registry. `debianBase()` makes the base the image is
 * built FROM, a Debian 12 with this machine's Node 20: debootstrap's minbase from Debian's
 * mirror, this machine's Node and npm (the NodeSource package's files, headers included, for
 * node-gyp), and its certificate authorities and npm settings (an egress proxy may re-sign
 * TLS). `buildah bud --isolation chroot` builds; `buildah run --isolation chroot` runs, on the
 * host's network (`podman run` cannot here: rlimits and cgroups).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Runs a program to its end; rejects with its output when it fails. */
export function run(program: string, args: string[], options: { input?: string | Buffer; cwd?: string; env?: NodeJS.ProcessEnv } = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { cwd: options.cwd, env: options.env ?? process.env, stdio: ['pipe', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.stdin.on('error', () => {}); // a program that does not read its input may close it first (EPIPE)
    child.stdin.end(options.input ?? '');
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(output) : reject(new Error(`${program} ${args.join(' ')} exited with ${code}:\n${output.slice(-6000)}`))));
  });
}

/** A program left running: its output so far, and a stop that waits for it to go. */
export function start(program: string, args: string[], env: NodeJS.ProcessEnv = process.env) {
  const child: ChildProcess = spawn(program, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (c: Buffer) => (output = (output + c.toString()).slice(-20_000)));
  child.stderr!.on('data', (c: Buffer) => (output = (output + c.toString()).slice(-20_000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    child,
    output: () => output,
    exited,
    async stop(signal: NodeJS.Signals = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}

const NODE_FILES = ['/usr/bin/node', '/usr/lib/node_modules/npm', '/usr/include/node'];
const TRUST_FILES = ['/usr/local/share/ca-certificates', '/usr/etc/npmrc'];

/** The recipe of debianBase(), by name: change it when the recipe changes. */
const BASE_RECIPE = 'bookworm minbase, ca-certificates, this Node and npm, this machine\'s authorities and npmrc, nodedir=/usr';

/** What the base is made of: another Node, another authority or another recipe is another base. */
function baseKey(): string {
  const hash = createHash('sha256').update(process.version).update(BASE_RECIPE);
  for (const dir of TRUST_FILES.filter((f) => fs.existsSync(f))) {
    for (const f of fs.statSync(dir).isDirectory() ? fs.readdirSync(dir).map((n) => path.join(dir, n)) : [dir]) hash.update(fs.readFileSync(f));
  }
  return hash.digest('hex').slice(0, 12);
}

/**
 * The local base image (made once per key, then reused: a second run of the release tests
 * starts from it): Debian 12 minbase with ca-certificates, and Node 20 with npm as this machine has them.
 */
export async function debianBase(): Promise<string> {
  const image = `localhost/societydesk-base:${baseKey()}`;
  if (await run('podman', ['image', 'exists', image]).then(() => true, () => false)) return image;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'debian-base-'));
  const root = path.join(dir, 'rootfs');
  try {
    await run('debootstrap', ['--variant=minbase', '--include=ca-certificates', 'bookworm', root, 'http://deb.debian.org/debian']);
    for (const file of NODE_FILES) fs.cpSync(file, path.join(root, file), { recursive: true, verbatimSymlinks: true });
    fs.symlinkSync('../lib/node_modules/npm/bin/npm-cli.js', path.join(root, 'usr/bin/npm'));
    fs.symlinkSync('../lib/node_modules/npm/bin/npx-cli.js', path.join(root, 'usr/bin/npx'));
    // This machine's authorities and npm settings (its cafile; nodedir=/usr: node-gyp finds the headers above, not on nodejs.org).
    const authorities = '/usr/local/share/ca-certificates';
    if (fs.existsSync(authorities)) fs.cpSync(authorities, path.join(root, authorities), { recursive: true });
    const npmrc = fs.existsSync('/usr/etc/npmrc') ? fs.readFileSync('/usr/etc/npmrc', 'utf8') : '';
    fs.mkdirSync(path.join(root, 'usr/etc'), { recursive: true });
    fs.writeFileSync(path.join(root, 'usr/etc/npmrc'), `${npmrc.trim()}\nnodedir=/usr\n`);
    await run('chroot', [root, 'update-ca-certificates']);
    const tar = spawn('tar', ['-C', root, '-c', '.'], { stdio: ['ignore', 'pipe', 'inherit'] });
    const changes = ['ENV=PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin', 'ENV=NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt'];
    await new Promise<void>((resolve, reject) => {
      const importer = spawn('podman', ['import', ...changes.flatMap((c) => ['--change', c]), '-', image], { stdio: [tar.stdout, 'ignore', 'pipe'] });
      let errors = '';
      importer.stderr.on('data', (c: Buffer) => (errors += c.toString()));
      importer.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`podman import: ${errors}`))));
    });
    return image;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

interface RunOptions {
  /** host:container[:ro] bind mounts */
  volumes?: string[];
  user?: string;
}

const runArgs = (name: string, { volumes = [], user }: RunOptions) => ['run', '--isolation', 'chroot', ...(user ? ['--user', user] : []), ...volumes.flatMap((v) => ['-v', v]), name, '--'];

/** A working container of `image` (removed by `remove`), and where its root is mounted on this host. */
export async function container(image: string) {
  const name = (await run('buildah', ['from', '--pull-never', image])).trim().split('\n').at(-1)!;
  const root = (await run('buildah', ['mount', name])).trim();
  return {
    name,
    root,
    /** Runs a command in it (as root, or `user`; host network), to its end. */
    exec: (command: string[], options: RunOptions = {}) => run('buildah', [...runArgs(name, options), ...command]),
    /** Starts a command in it and leaves it running. */
    spawn: (command: string[], options: RunOptions = {}) => start('buildah', [...runArgs(name, options), ...command]),
    remove: () => run('buildah', ['rm', name]).then(() => undefined),
  };
}

/**
 * The development packages a production install must not hold: those package.json lists as
 * development ones that package-lock.json marks development-only (`"dev": true`). One a
 * production package needs as well (pino, fastify's logger, which the tests also import) is
 * installed for it, rightly.
 */
export function developmentOnlyPackages(): string[] {
  const repoRoot = path.resolve(import.meta.dirname, '../..');
  const { devDependencies } = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> };
  const lock = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package-lock.json'), 'utf8')) as { packages: Record<string, { dev?: boolean }> };
  return Object.keys(devDependencies).filter((name) => lock.packages[`node_modules/${name}`]?.dev === true);
}
