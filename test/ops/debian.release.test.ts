/**
 * Issue 41, items 1 and 3 (npm run test:release): docs/deploy-debian.md's commands, from
 * deploy/debian/steps.sh, run in a Debian 12 container as root in one shell, in order, from
 * a base with nothing but Debian's minbase and this machine's Node 20 (step 1's substitute:
 * NodeSource is not reachable here). Step 4, the build, runs in this checkout (CI's clone,
 * `npm ci` done), its archive copied in where the guide says scp. The server's own steps run
 * as written: the fresh clone, `npm ci --omit=dev` (no development package installed), the
 * settings, the hardened unit and Caddy started by a stand-in systemctl as their units say,
 * the timers and a first backup. Then: HTTPS through Caddy serves / and takes a lead, which
 * the operator command lists. The units pass systemd-analyze verify; the off-host backup
 * script keeps 7 days.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guideSteps, GUIDE_STEPS_FILE } from '../../scripts/deploy-docs.ts';
import { freePort } from '../../scripts/free-port.ts';
import { container, debianBase, developmentOnlyPackages, run } from '../helpers/containers.ts';
import { formValues, VALID_SOCIETY } from '../helpers/fixtures.ts';
import { ROOT } from '../helpers/server.ts';

const steps = guideSteps(fs.readFileSync(path.join(ROOT, GUIDE_STEPS_FILE), 'utf8'));
const step = (n: number) => steps.find((s) => s.number === n)!;
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');
const commands = (n: number) => step(n).lines.filter((l) => l.trim() && !l.startsWith('#'));

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'debian-guide-'));
let ctr: Awaited<ReturnType<typeof container>>;
let httpsPort = 0;
let servicePort = 0;
let guideOutput = '';
const SITE_HOST = 'localhost';
const caRoot = () => path.join(ctr.root, 'var/lib/caddy/.local/share/caddy/pki/authorities/local/root.crt');

/** Step 0 as the test gives it: a host Caddy certifies itself (localhost), free ports, the release is this commit. */
const settings = (port: number, release: string) => `SITE_HOST=${SITE_HOST}
SITE_URL=https://$SITE_HOST:${httpsPort}
GRIEVANCE_OFFICER_NAME='Meera Iyer'
GRIEVANCE_OFFICER_EMAIL=grievance@rwa-desk.test
GRIEVANCE_OFFICER_PHONE='+91 80 4000 1234'
REPO=/mnt/repo.git
RELEASE=${release}
PORT=${port}`;

beforeAll(async () => {
  httpsPort = await freePort();
  servicePort = await freePort();
  const httpPort = await freePort();
  const release = (await run('git', ['rev-parse', 'HEAD'], { cwd: ROOT })).trim();
  const status = await run('git', ['status', '--porcelain', '--untracked-files=no'], { cwd: ROOT });
  if (status.trim()) throw new Error(`commit first: the guide clones the release at HEAD, and this checkout has changes:\n${status}`);
  await run('git', ['clone', '--bare', '--quiet', ROOT, path.join(work, 'repo.git')]);

  // Step 4 on the build machine: this checkout, with step 0's build-time settings. Its clone and npm ci are CI's; scp is a copy below.
  const skipped = ['git clone ', 'npm ci', 'scp '];
  expect(commands(4).filter((c) => skipped.some((s) => c.startsWith(s)))).toHaveLength(3);
  const build = commands(4).filter((c) => !skipped.some((s) => c.startsWith(s)));
  expect(build).toEqual([expect.stringContaining('npm run build'), expect.stringContaining('tar -czf societydesk-build.tar.gz')]);
  await run('bash', ['-euo', 'pipefail', '-c', `${settings(servicePort, release)}\n${build.join('\n')}`], { cwd: ROOT });

  ctr = await container(await debianBase());
  fs.copyFileSync(path.join(ROOT, 'societydesk-build.tar.gz'), path.join(ctr.root, 'root', 'societydesk-build.tar.gz'));
  fs.rmSync(path.join(ROOT, 'societydesk-build.tar.gz'));
  fs.copyFileSync(path.join(ROOT, 'test', 'helpers', 'fake-systemctl.mjs'), path.join(ctr.root, 'usr/local/sbin/systemctl'));
  fs.chmodSync(path.join(ctr.root, 'usr/local/sbin/systemctl'), 0o755);
  // Around the installed Caddyfile, unchanged: certificates from Caddy's own authority, and free ports.
  fs.mkdirSync(path.join(ctr.root, 'etc/caddy-test'), { recursive: true });
  fs.writeFileSync(path.join(ctr.root, 'etc/caddy-test/Caddyfile'), `{\n\tlocal_certs\n\tskip_install_trust\n\thttp_port ${httpPort}\n\thttps_port ${httpsPort}\n\tadmin off\n}\nimport /etc/caddy/Caddyfile\n`);

  const node = "apt-get update\nnode --version   # step 1's substitute: this machine's NodeSource Node 20 is in the base";
  const quoted = (text: string) => `'${text.replaceAll("'", "'\\''")}'`;
  const server = [0, 1, 2, 3, 5, 6, 7, 8, 9].map((n) => `echo ${quoted(`=== step ${n}: ${step(n).title}`)}\n${n === 0 ? settings(servicePort, release) : n === 1 ? node : step(n).lines.join('\n')}`);
  // The services the steps start outlive the run (buildah's chroot shares this machine's process table): the checks below talk to them.
  fs.writeFileSync(path.join(work, 'server.sh'), `set -euo pipefail\ncd /root\n${server.join('\n')}\necho '=== done'\n`);
  const env = [`FAKE_SYSTEMD_CADDY_CONFIG=/etc/caddy-test/Caddyfile`, `CURL_CA_BUNDLE=/var/lib/caddy/.local/share/caddy/pki/authorities/local/root.crt`, 'DEBIAN_FRONTEND=noninteractive'];
  guideOutput = await ctr.exec(['env', ...env, 'bash', '/mnt/work/server.sh'], { volumes: [`${work}:/mnt/work`, `${path.join(work, 'repo.git')}:/mnt/repo.git:ro`] });
}, 30 * 60_000);

afterAll(async () => {
  if (ctr) {
    await ctr.exec(['systemctl', 'stop', 'caddy.service', 'societydesk.service']).catch(() => undefined);
    // Whatever is left of what the stand-in systemctl started: by the process ids it recorded.
    const pids = path.join(ctr.root, 'run/fake-systemd');
    for (const file of fs.existsSync(pids) ? fs.readdirSync(pids).filter((f) => f.endsWith('.pid')) : []) {
      try {
        process.kill(Number(fs.readFileSync(path.join(pids, file), 'utf8')), 'SIGKILL');
      } catch {
        /* gone */
      }
    }
    await ctr.remove();
  }
  fs.rmSync(work, { recursive: true, force: true });
  fs.rmSync(path.join(ROOT, 'societydesk-build.tar.gz'), { force: true });
});

describe('docs/deploy-debian.md, from a bare Debian 12 to HTTPS', () => {
  it('ran every step to its end', () => {
    expect(guideOutput).toContain('=== done');
    expect(guideOutput).toMatch(/=== step 7[\s\S]*"status":"ok"/);
  });

  it('the server holds the fresh clone and the production packages only: no development package', () => {
    const modules = path.join(ctr.root, 'srv/societydesk/node_modules');
    const installed = fs.readdirSync(modules);
    for (const name of developmentOnlyPackages()) expect(fs.existsSync(path.join(modules, name)), name).toBe(false);
    expect(installed).toEqual(expect.arrayContaining(['fastify', 'better-sqlite3', 'prom-client']));
  });

  it('keeps the data and settings private to the service\'s user', () => {
    const stat = (p: string) => fs.statSync(path.join(ctr.root, p));
    const owner = (p: string) => fs.readFileSync(path.join(ctr.root, 'etc/passwd'), 'utf8').split('\n').find((l) => l.split(':')[2] === String(stat(p).uid))?.split(':')[0];
    expect(stat('var/lib/societydesk').mode & 0o777).toBe(0o700);
    expect(owner('var/lib/societydesk')).toBe('societydesk');
    expect(stat('etc/societydesk/env').mode & 0o777).toBe(0o640);
    expect(fs.readdirSync(path.join(ctr.root, 'var/lib/societydesk'))).toContain('leads.db');
  });

  it('serves the site over HTTPS through Caddy, and takes a lead that the operator command lists', async () => {
    const url = `https://${SITE_HOST}:${httpsPort}`;
    const curl = (...args: string[]) => run('curl', ['-fsS', '--cacert', caRoot(), ...args]);
    expect(await curl(`${url}/`)).toContain('<society-registration');
    // A form sent without script, as a phone with script off sends it: answered with its confirmation's address.
    const form = new URLSearchParams({ lang: 'en', website: '', ...formValues('society') }).toString();
    const headers = await curl('-o', '/dev/null', '-D', '-', '--data', form, `${url}/addSocietyQuery`);
    expect(headers).toMatch(/^HTTP\/[\d.]+ 303/);
    const reference = /location: \/registration-received\?reference=(SD-[0-9A-Z]{4}-[0-9A-Z]{4})/i.exec(headers)?.[1];
    expect(reference).toBeDefined();
    const listed = await ctr.exec(['sh', '-c', 'set -a && . /etc/societydesk/env && cd /srv/societydesk && node server-build/leads.js --format json'], { user: 'societydesk' });
    expect(JSON.parse(listed)).toEqual([expect.objectContaining({ reference, email: VALID_SOCIETY.email, spam: false })]);
    expect(await curl(`${url}/health/ready`)).toContain('"status":"ready"');
  });

  it('made the first backup with the backup unit', () => {
    const backups = fs.readdirSync(path.join(ctr.root, 'var/backups/societydesk'));
    expect(backups).toHaveLength(1);
    expect(fs.readdirSync(path.join(ctr.root, 'var/backups/societydesk', backups[0]!))).toEqual(expect.arrayContaining(['leads.db', 'altcha-hmac.key']));
  });
});

describe('the units', () => {
  it('pass systemd-analyze verify (with /srv/societydesk, where the guide puts the release, read as this checkout)', async () => {
    const units = fs.readdirSync(path.join(ROOT, 'deploy/systemd')).filter((f) => /\.(service|timer)$/.test(f));
    expect(units).toHaveLength(5);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'units-'));
    try {
      // verify checks that each command exists on this machine: the release's files are at /srv/societydesk only on a server.
      for (const unit of units) fs.writeFileSync(path.join(dir, unit), read(`deploy/systemd/${unit}`).replaceAll('/srv/societydesk/', `${ROOT}/`));
      expect(await run('systemd-analyze', ['verify', ...units.map((u) => path.join(dir, u))])).toBe('');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('the service\'s is hardened as the issue asks', () => {
    const unit = fs.readFileSync(path.join(ROOT, 'deploy/systemd/societydesk.service'), 'utf8');
    for (const line of ['NoNewPrivileges=yes', 'ProtectSystem=strict', 'ReadWritePaths=/var/lib/societydesk', 'MemoryMax=512M', 'User=societydesk']) expect(unit).toContain(line);
  });
});

describe('the encrypted copy off the host (deploy/offsite-backup.sh)', () => {
  it('keeps the last 7 days, and a backup older than that leaves the repository', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'offsite-'));
    const backups = path.join(dir, 'backups');
    fs.writeFileSync(path.join(dir, 'password'), 'a test password\n');
    fs.writeFileSync(path.join(dir, 'restic.env'), `RESTIC_REPOSITORY=${path.join(dir, 'repository')}\nRESTIC_PASSWORD_FILE=${path.join(dir, 'password')}\n`);
    const env = { ...process.env, BACKUP_DIR: backups, RESTIC_ENV: path.join(dir, 'restic.env'), RESTIC_CACHE_DIR: path.join(dir, 'cache') };
    try {
      for (let day = 1; day <= 9; day++) {
        const backup = path.join(backups, `2026-11-${String(day).padStart(2, '0')}T02-30-00-000Z`);
        fs.mkdirSync(backup, { recursive: true });
        fs.writeFileSync(path.join(backup, 'leads.db'), `the leads of day ${day}`);
        await run('sh', [path.join(ROOT, 'deploy/offsite-backup.sh')], { env });
      }
      const restic = (...args: string[]) => run('restic', ['--repo', path.join(dir, 'repository'), '--password-file', path.join(dir, 'password'), ...args], { env });
      const snapshots = JSON.parse(await restic('snapshots', '--json')) as { paths: string[] }[];
      expect(snapshots.map((s) => path.basename(s.paths[0]!)).sort()).toEqual([3, 4, 5, 6, 7, 8, 9].map((d) => `2026-11-0${d}T02-30-00-000Z`));
      // The repository is encrypted: no day's text is in its files; the oldest days' data is gone from it.
      const files = fs.readdirSync(path.join(dir, 'repository'), { recursive: true }) as string[];
      const bytes = files.map((f) => path.join(dir, 'repository', f)).filter((f) => fs.statSync(f).isFile()).map((f) => fs.readFileSync(f).toString('latin1')).join('');
      expect(bytes).not.toContain('the leads of day');
      await expect(restic('dump', 'latest', `${path.join(backups, '2026-11-09T02-30-00-000Z')}/leads.db`)).resolves.toBe('the leads of day 9');
      expect(await restic('find', 'leads.db', '--json')).not.toContain('2026-11-01');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
