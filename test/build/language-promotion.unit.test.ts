/**
 * Promoting a language of the notice only to a language of the site, as
 * docs/how-to-add-a-language.md says, on a scratch copy of the repository (issue 42, Also):
 * Gujarati's row (step 1) and its catalogues copied from Hindi's (step 2, the doc's own shell
 * lines, `npm run languages` included) are all it takes. The copy builds (one `vite build`),
 * its own service serves every route (the new language's too), and /notice/gu still says the
 * Gujarati notice published before, at the version it translates, not the copied Hindi one.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCatalogueFile } from '../../site-generator/catalogues.ts';
import { repoRoot } from '../../scripts/paths.ts';
import { startServiceProcess, type ServiceProcess } from '../../scripts/service-process.ts';
import { pageText } from '../helpers/page-text.ts';

const howTo = fs.readFileSync(path.join(repoRoot, 'docs', 'how-to-add-a-language.md'), 'utf8');
/** Step 1: the row the how-to gives. */
const row = /```ts\n(\{ code: 'gu',[^\n]*\}),?\n```/.exec(howTo)?.[1];
/** Step 2: its shell lines, between their markers. */
const copyLines = /<!-- promote:start -->\n```sh\n([\s\S]*?)```\n<!-- promote:end -->/.exec(howTo)?.[1];

/** Not copied: what a checkout does not hold, or the build and the tests make. */
const NOT_COPIED = new Set(['node_modules', '.git', 'dist', 'dist-server', 'data', 'test-output', '.tmp', 'backups']);

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'language-promotion-'));
const dist = path.join(scratch, 'built', 'dist');
const publishedGujarati = readCatalogueFile(path.join(repoRoot, 'pages', 'i18n', 'notice', 'gu.json'));
let service: ServiceProcess | undefined;
let routes: string[] = [];

beforeAll(async () => {
  expect(row, 'the how-to gives the new language’s row').toBeDefined();
  expect(copyLines, 'the how-to gives the lines that copy Hindi’s catalogues').toBeDefined();
  fs.cpSync(repoRoot, scratch, { recursive: true, filter: (source) => !NOT_COPIED.has(path.basename(source)) || path.dirname(source) !== repoRoot });
  fs.symlinkSync(path.join(repoRoot, 'node_modules'), path.join(scratch, 'node_modules'), 'dir');

  const list = path.join(scratch, 'contract', 'languages.ts');
  const languages = fs.readFileSync(list, 'utf8');
  expect(languages).toContain('] as const satisfies readonly Language[];');
  fs.writeFileSync(list, languages.replace('] as const satisfies readonly Language[];', `  ${row},\n] as const satisfies readonly Language[];`));
  execFileSync('bash', ['-euo', 'pipefail', '-c', copyLines!], { cwd: scratch, stdio: 'pipe' });

  execFileSync(process.execPath, [path.join(scratch, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: scratch,
    // As `npm run build` runs it: not in Vitest's test mode (the service's forms renderer would be a development build).
    env: { ...process.env, NODE_ENV: 'production', DIST_DIR: dist },
    stdio: 'pipe',
  });
  routes = (JSON.parse(fs.readFileSync(path.join(dist, 'build-meta.json'), 'utf8')) as { routes: string[] }).routes;
  service = await startServiceProcess({ DIST_DIR: dist, DATA_DIR: path.join(scratch, 'built', 'data') }, [], { root: scratch });
}, 600_000);

afterAll(async () => {
  await service?.stop();
  fs.rmSync(scratch, { recursive: true, force: true });
});

describe('a notice-only language promoted by following the how-to (scratch copy)', () => {
  it('is its catalogues and one row: the copy builds every page in it', () => {
    expect(routes).toEqual(expect.arrayContaining(['/gu/', '/gu/features', '/gu/career', '/gu/register', '/gu/privacy-policy', '/gu/notice', '/notice/gu']));
    expect(routes.filter((route) => route.startsWith('/gu/')).length).toBe(routes.filter((route) => route.startsWith('/hi/')).length);
  });

  it('its service serves every route, the new language’s with its lang, and its not-found page', async () => {
    const failures: string[] = [];
    for (const route of routes) {
      const res = await fetch(service!.url + route);
      if (res.status !== 200) failures.push(`${route}: ${res.status}`);
      else if (route.startsWith('/gu/') && !(await res.text()).includes('<html lang="gu"')) failures.push(`${route}: not lang="gu"`);
    }
    expect(failures).toEqual([]);
    const missing = await fetch(`${service!.url}/gu/no-such-page`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('<html lang="gu"');
    const frame = await fetch(`${service!.url}/embed/frame?lang=gu`);
    expect([frame.status, (await frame.text()).includes('<html lang="gu"')], service!.output()).toEqual([200, true]);
  });

  it('keeps the Gujarati notice it published: /notice/gu says its sentences at its version, not the Hindi copied into the forms', async () => {
    const page = await (await fetch(`${service!.url}/notice/gu`)).text();
    const text = pageText(page);
    for (const key of ['heading', 'collected.society', 'purpose.career', 'withdraw']) expect(text, key).toContain(publishedGujarati.get(key)!.replace('{email}', '').split(':')[0]);
    expect(page).toContain(`datetime="${publishedGujarati.get('translates')}"`);
    const hindiHeading = readCatalogueFile(path.join(repoRoot, 'pages', 'i18n', 'notice', 'hi.json')).get('description')!;
    expect(text).not.toContain(hindiHeading);
    expect(text).not.toMatch(/\p{Script=Devanagari}/u);
  });
});
