/**
 * Issue 41, items 1 and 4: a built site whose DIST_DIR lies outside the repository, where no
 * package.json says "type": "module", served by the service as a server runs it (server-build/,
 * compiled by `npm run build`, plain node: no tsx) and as `npm start` runs it in a checkout
 * (scripts/run.mjs, through tsx): its pages, and a form sent without script answered by the
 * answer-page kit (dist-server/answer-kit.mjs and its .mjs chunks; as .js files, tsx loaded them
 * as CommonJS there and the service did not start).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/free-port.ts';
import { formValues } from '../helpers/fixtures.ts';
import { distDir, ROOT } from '../helpers/server.ts';

const outside = fs.mkdtempSync(path.join(os.tmpdir(), 'srv-site-'));
const site = path.join(outside, 'dist');

beforeAll(() => {
  for (const built of [distDir, `${distDir}-server`, path.join(ROOT, 'server-build', 'main.js')]) {
    if (!fs.existsSync(built)) throw new Error(`${built} is missing: run npm run build first`);
  }
  fs.cpSync(distDir, site, { recursive: true });
  fs.cpSync(`${distDir}-server`, `${site}-server`, { recursive: true });
});
afterAll(() => fs.rmSync(outside, { recursive: true, force: true }));

describe('server-build/', () => {
  it('imports nothing but Node\'s own modules and the production dependencies (npm ci --omit=dev installs them all)', () => {
    const { dependencies } = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    const dir = path.join(ROOT, 'server-build');
    const imported = new Set(
      fs
        .readdirSync(dir)
        .filter((file) => file.endsWith('.js'))
        .flatMap((file) => [...fs.readFileSync(path.join(dir, file), 'utf8').matchAll(/(?:from |import\()"([^".][^"]*)"/g)].map((m) => m[1]!)),
    );
    const packages = [...imported].filter((name) => !name.startsWith('node:')).map((name) => name.split('/').slice(0, name.startsWith('@') ? 2 : 1).join('/'));
    expect(packages.length).toBeGreaterThan(10);
    for (const name of packages) expect(Object.keys(dependencies), `${name} is imported by the compiled service`).toContain(name);
  });
});

const RUNS = {
  'the compiled service (node server-build/main.js)': [path.join(ROOT, 'server-build', 'main.js')],
  "npm start's runner in a checkout (scripts/run.mjs, through tsx)": [path.join(ROOT, 'scripts', 'run.mjs'), 'server/main.ts'],
};

describe.each(Object.entries(RUNS))('%s, DIST_DIR outside the repository', (_name, args) => {
  let service: ChildProcess;
  let url = '';
  let output = '';

  beforeAll(async () => {
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    service = spawn(process.execPath, args, {
      cwd: outside,
      env: { PATH: process.env.PATH, HOST: '127.0.0.1', PORT: String(port), DIST_DIR: site, DATA_DIR: fs.mkdtempSync(path.join(outside, 'data-')), LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    for (const stream of [service.stdout!, service.stderr!]) stream.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const deadline = Date.now() + 60_000;
    while ((await fetch(`${url}/health`).catch(() => undefined))?.status !== 200) {
      if (service.exitCode !== null || Date.now() > deadline) throw new Error(`the service did not start:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });

  afterAll(async () => {
    if (service?.exitCode === null) {
      const exited = new Promise((resolve) => service.once('exit', resolve));
      service.kill('SIGTERM');
      await exited;
    }
  });

  const post = (values: Record<string, string>) =>
    fetch(`${url}/addSocietyQuery`, { method: 'POST', redirect: 'manual', body: new URLSearchParams({ lang: 'en', website: '', ...values }) });

  it('serves the site from there', async () => {
    const home = await fetch(`${url}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('<society-registration');
    expect(output).not.toMatch(/no answer kit|Top-level await|does not provide an export/);
  });

  it('answers a form sent without script with the kit: a refused one is the form again, a taken one its confirmation', async () => {
    const refused = await post(formValues('society', { city: '' }));
    expect(refused.status).toBe(400);
    const page = await refused.text();
    expect(page).toContain('There is a problem');
    expect(page).toMatch(/<form[^>]+method="post"/);
    expect(page).toContain('aria-invalid="true"');

    const taken = await post(formValues('society'));
    expect(taken.status).toBe(303);
    const confirmation = await fetch(new URL(taken.headers.get('location')!, url));
    expect(confirmation.status).toBe(200);
    expect(await confirmation.text()).toMatch(/SD-[0-9A-Z]{4}-[0-9A-Z]{4}/);
  });
});
