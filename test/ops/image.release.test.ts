/**
 * Issue 41, item 2 (npm run test:release, after npm test): the Dockerfile, unchanged, builds
 * an image here FROM a Debian 12 base made locally (no public registry is reachable: its BASE
 * argument is the only change from a build elsewhere); the image runs as a non-root user under
 * tini with DATA_DIR a volume and a HEALTHCHECK; started with a data folder as its volume it
 * answers health, takes a lead, and still holds it when started again on the same volume.
 * compose.yaml is valid (docker-compose config: Debian's Compose reads and checks it).
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SITE_SETTINGS } from '../../site.config.ts';
import { freePort } from '../../scripts/free-port.ts';
import { container, debianBase, developmentOnlyPackages, run } from '../helpers/containers.ts';
import { VALID_SOCIETY } from '../helpers/fixtures.ts';
import { ROOT } from '../helpers/server.ts';

const IMAGE = `localhost/societydesk:release-test-${process.pid}`;
const SETTINGS = {
  SITE_URL: 'https://www.rwa-desk.test',
  GRIEVANCE_OFFICER_NAME: 'Meera Iyer',
  GRIEVANCE_OFFICER_EMAIL: 'grievance@rwa-desk.test',
  GRIEVANCE_OFFICER_PHONE: '+91 80 4000 1234',
};

interface ImageConfig {
  config: { User: string; Entrypoint: string[]; Cmd: string[]; Env: string[]; Volumes: Record<string, object>; Healthcheck?: { Test: string[] }; WorkingDir: string };
}
let config: ImageConfig['config'];

beforeAll(async () => {
  const base = await debianBase();
  const args = Object.entries({ BASE: base, ...SETTINGS }).flatMap(([k, v]) => ['--build-arg', `${k}=${v}`]);
  // --format docker keeps HEALTHCHECK (the OCI format has no field for it).
  // --layers: a second run reuses the npm ci layer while package.json and its lock are unchanged (a clean machine has none).
  await run('buildah', ['bud', '--isolation', 'chroot', '--layers', '--format', 'docker', '--pull-never', ...args, '-t', IMAGE, ROOT]);
  config = (JSON.parse(await run('buildah', ['inspect', '--type', 'image', IMAGE])) as { Docker: ImageConfig }).Docker.config;
}, 20 * 60_000);

afterAll(async () => {
  await run('buildah', ['rmi', '--force', IMAGE]).catch(() => undefined);
});

describe('the image', () => {
  it('runs node as a non-root user under tini, with DATA_DIR a volume and a health check', () => {
    expect(config.User).toBe('societydesk');
    expect(config.Entrypoint).toEqual(['/usr/bin/tini', '--']);
    expect(config.Cmd).toEqual(['node', 'server-build/main.js']);
    expect(config.Volumes).toHaveProperty('/data');
    expect(config.Env).toEqual(expect.arrayContaining(['DATA_DIR=/data', 'NODE_ENV=production', 'HOST=0.0.0.0', `SITE_URL=${SETTINGS.SITE_URL}`]));
    expect(config.Healthcheck?.Test[0]).toBe('CMD');
    expect(config.Healthcheck?.Test.join(' ')).toContain('/health');
  });

  it('passes every build-time setting on to the service (the Dockerfile names each)', () => {
    const dockerfile = fs.readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8');
    for (const name of Object.keys(SITE_SETTINGS)) expect(dockerfile, name).toContain(`${name}=$${name}`);
  });

  it('holds no development package: npm ci --omit=dev\'s tree, and the compiled service', async () => {
    const ctr = await container(IMAGE);
    try {
      const modules = path.join(ctr.root, 'app', 'node_modules');
      const { devDependencies } = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> };
      for (const name of ['vite', 'vitest', 'tsx', 'lighthouse', 'puppeteer-core', 'typescript']) expect(Object.keys(devDependencies)).toContain(name);
      expect(developmentOnlyPackages(), 'development-only by the lockfile').toEqual(expect.arrayContaining(['vite', 'vitest', 'typescript']));
      for (const name of developmentOnlyPackages()) expect(fs.existsSync(path.join(modules, name)), name).toBe(false);
      expect(fs.existsSync(path.join(ctr.root, 'app', 'server-build', 'main.js'))).toBe(true);
    } finally {
      await ctr.remove();
    }
  });
});

describe('started with a data volume', () => {
  it('answers health, takes a lead, and keeps it across a restart on the same volume', async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const ctr = await container(IMAGE);
    // buildah run does not read ENTRYPOINT and CMD: run the image's own, as its user, with one more variable (the port: host network).
    // /data is the image's VOLUME: buildah gives the container a volume there (made from the image's /data, the user's, 0700), kept across runs.
    // The shell leaves tini's process id (this machine's: buildah's chroot shares its process table) and becomes tini.
    const command = ['sh', '-c', 'echo $$ > /tmp/tini.pid && exec "$@"', 'sh', 'env', `PORT=${port}`, 'SPAM_CHALLENGE=off', ...config.Entrypoint, ...config.Cmd];
    const as = { user: config.User };
    /** SIGTERM to tini, as a container runtime stops it: tini passes it to node, which drains and exits 0. (A signal to buildah run itself would leave them running.) */
    const stop = async (service: ReturnType<typeof ctr.spawn>) => {
      process.kill(Number(fs.readFileSync(path.join(ctr.root, 'tmp/tini.pid'), 'utf8')), 'SIGTERM');
      await service.exited;
      expect(service.child.exitCode, service.output()).toBe(0);
      await expect(fetch(`${url}/health`)).rejects.toThrow();
    };
    const healthy = async (service: ReturnType<typeof ctr.spawn>) => {
      const deadline = Date.now() + 60_000;
      while ((await fetch(`${url}/health`).catch(() => undefined))?.status !== 200) {
        if (service.child.exitCode !== null || Date.now() > deadline) throw new Error(`the image's service did not start:\n${service.output()}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };
    try {
      let service = ctr.spawn(command, as);
      await healthy(service);
      expect(await (await fetch(`${url}/health`)).json()).toMatchObject({ status: 'ok', version: expect.stringMatching(/^\d+\.\d+\.\d+$/) });
      // The image's own HEALTHCHECK, run in the container, agrees.
      await ctr.exec(['env', `PORT=${port}`, ...config.Healthcheck!.Test.slice(1)], as);
      expect((await fetch(`${url}/`)).status).toBe(200);
      const answer = await fetch(`${url}/addSocietyQuery`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(VALID_SOCIETY) });
      expect(answer.status).toBe(200);
      const { reference } = (await answer.json()) as { reference: string };
      await stop(service);

      // The data is in the volume, a mount of its own: not in the container's layer, and the service's user's alone.
      expect(await ctr.exec(['sh', '-c', "grep -c ' /data ' /proc/mounts; stat -c '%U %a' /data; ls /data"], as)).toMatch(/^1\nsocietydesk 700\n[\s\S]*leads\.db/);
      expect(fs.existsSync(path.join(ctr.root, 'data', 'leads.db'))).toBe(false);

      service = ctr.spawn(command, as);
      await healthy(service);
      // The lead as the operator command lists it, in the container, from the same volume.
      const listed = await ctr.exec(['sh', '-c', 'cd /app && npm run --silent leads -- --format json'], as);
      expect(JSON.parse(listed)).toEqual([expect.objectContaining({ reference, email: VALID_SOCIETY.email })]);
      await stop(service);
    } finally {
      // A failed check leaves the service running: end it by its id.
      const pidFile = path.join(ctr.root, 'tmp/tini.pid');
      try {
        if (fs.existsSync(pidFile)) process.kill(Number(fs.readFileSync(pidFile, 'utf8')), 'SIGKILL');
      } catch {
        /* already gone */
      }
      await ctr.remove();
    }
  }, 5 * 60_000);
});

describe('compose.yaml', () => {
  it('is valid: Compose reads it, with the service, Caddy, and PostgreSQL as an option; it refuses to go without the site\'s settings', async () => {
    const env = { ...process.env, SITE_HOST: 'www.rwa-desk.test', ...SETTINGS };
    const text = await run('docker-compose', ['-f', path.join(ROOT, 'compose.yaml'), 'config'], { env, cwd: ROOT });
    expect(text).toMatch(/^services:/m);
    for (const service of ['app', 'caddy', 'postgres']) expect(text).toMatch(new RegExp(`^  ${service}:`, 'm'));
    expect(text).toContain('SITE_URL: https://www.rwa-desk.test');
    expect(text).toMatch(/postgres:[\s\S]*profiles:\n\s*- postgres/);
    await expect(run('docker-compose', ['-f', path.join(ROOT, 'compose.yaml'), 'config'], { env: { ...env, SITE_URL: '' }, cwd: ROOT })).rejects.toThrow(/set SITE_URL/);
  });
});
