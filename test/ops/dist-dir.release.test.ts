/**
 * Issue 41, item 4, as the issue writes it (npm run test:release): `DIST_DIR=/some/folder npm
 * start` in a checkout, the folder outside the repository, builds the site there and serves it,
 * and a form sent without script gets the answer-page kit's pages. (The cheaper check, the
 * service on a copied build, is test/ops/compiled-service.e2e.test.ts in npm test.)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/free-port.ts';
import { start } from '../helpers/containers.ts';
import { formValues } from '../helpers/fixtures.ts';


const outside = fs.mkdtempSync(path.join(os.tmpdir(), 'srv-site-'));
afterAll(() => fs.rmSync(outside, { recursive: true, force: true }));

describe('DIST_DIR outside the repository', () => {
  it('npm start builds the site there and serves it, and a form sent without script is answered with pages', async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const dist = path.join(outside, 'dist');
    // A shell's environment, not the test runner's (Vitest sets NODE_ENV=test).
    const env = { PATH: process.env.PATH, HOME: process.env.HOME, DIST_DIR: dist, DATA_DIR: path.join(outside, 'data'), PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' };
    const npm = start('npm', ['start'], env);
    try {
      const deadline = Date.now() + 8 * 60_000;
      while ((await fetch(`${url}/health`).catch(() => undefined))?.status !== 200) {
        if (npm.child.exitCode !== null || Date.now() > deadline) throw new Error(`npm start did not serve:\n${npm.output()}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(fs.existsSync(path.join(dist, 'index.html'))).toBe(true);
      expect(fs.existsSync(path.join(`${dist}-server`, 'answer-kit.mjs'))).toBe(true);
      expect(await (await fetch(`${url}/`)).text()).toContain('<society-registration');
      const post = (values: Record<string, string>) =>
        fetch(`${url}/addSocietyQuery`, { method: 'POST', redirect: 'manual', body: new URLSearchParams({ lang: 'en', website: '', ...values }) });
      const refused = await post(formValues('society', { city: '' }));
      expect(refused.status, npm.output()).toBe(400);
      expect(await refused.text()).toContain('There is a problem');
      const taken = await post(formValues('society'));
      expect(taken.status).toBe(303);
      expect(taken.headers.get('location')).toMatch(/^\/registration-received\?reference=SD-/);
    } finally {
      await npm.stop();
    }
  }, 10 * 60_000);
});
