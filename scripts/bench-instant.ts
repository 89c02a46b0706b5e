/**
 * npm run bench:instant -- [--no-build] [--runs N] [--out FILE]
 *
 * How fast the next page shows when the visitor follows a link: in Chromium, on the real
 * server, from / and /hi/ the visitor rests the pointer on each header link, waits for the
 * prerender, and clicks. Per target page: whether it was prerendered (activationStart > 0)
 * and its FCP and LCP counted from activation, for the site as built and for the same pages
 * with a cross-document view transition added (`@view-transition { navigation: auto }`, header
 * and footer named), interleaved in one run, plus the reference: a bare one-paragraph page
 * prerendered the same way from /. Timings are noisy on a shared machine: read the ratios,
 * not the absolute numbers. Writes bench/instant-results.md.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '../server/app.ts';
import { loadServerConfig } from '../server/config.ts';
import type { BuildMeta } from '../server/site/headers.ts';
import { styleHashes } from '../site-generator/inline-css.ts';
import { hoverAndClick, launchInstantBrowser, readShownPage, waitForTabUrl, type ShownPage } from './bench/instant-browser.ts';
import { distDir, repoRoot } from './paths.ts';

const { values: args } = parseArgs({
  options: {
    'no-build': { type: 'boolean', default: false },
    runs: { type: 'string', default: '5' },
    out: { type: 'string', default: path.join(repoRoot, 'bench', 'instant-results.md') },
  },
  strict: true,
});
const runs = Math.max(1, Number.parseInt(args.runs, 10) || 5);
const dist = distDir();
if (!args['no-build']) {
  const built = spawnSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: 'inherit', env: { ...process.env, DIST_DIR: dist } });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

/** A copy of the built site with `edit` applied to every page (style hashes recomputed, no pre-compressed copies: both variants alike). */
function variant(name: string, edit: (html: string) => string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `bench-instant-${name}-`));
  fs.cpSync(dist, dir, { recursive: true });
  const meta = JSON.parse(fs.readFileSync(path.join(dir, 'build-meta.json'), 'utf8')) as BuildMeta;
  const all = new Set<string>();
  for (const file of fs.readdirSync(dir, { recursive: true }) as string[]) {
    const full = path.join(dir, file);
    if (/\.(br|gz)$/.test(file)) fs.rmSync(full);
    else if (file.endsWith('.html')) {
      const html = edit(fs.readFileSync(full, 'utf8'));
      fs.writeFileSync(full, html);
      const hashes = styleHashes(html);
      hashes.forEach((h) => all.add(h));
      if (meta.pageStyleHashes) meta.pageStyleHashes[file.split(path.sep).join('/')] = hashes;
    }
  }
  meta.styleHashes = [...all].sort();
  fs.writeFileSync(path.join(dir, 'build-meta.json'), JSON.stringify(meta));
  return dir;
}

const VIEW_TRANSITION_CSS = '@view-transition{navigation:auto}.site-header{view-transition-name:header}.site-footer{view-transition-name:footer}';
const variants = [
  { name: 'as built', dir: variant('built', (html) => html) },
  { name: 'view transition', dir: variant('vt', (html) => html.replace('<style>', `<style>${VIEW_TRANSITION_CSS}`)) },
];
const REFERENCE_ROUTE = '/bench-reference';
const referencePage =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
  '<title>Reference page</title></head><body><main><h1>Reference page</h1><p>A bare page of one paragraph: no stylesheet, no script, no image.</p></main></body></html>';

const servers = await Promise.all(
  variants.map(async (v) => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-instant-data-'));
    const app = await buildApp({ ...loadServerConfig({ ...process.env, LOG_LEVEL: 'warn', VITALS_RATE_LIMIT_MAX: '100000', VITALS_DAILY_CAP: '10000000' }), host: '127.0.0.1', port: 0, distDir: v.dir, dataDir });
    app.get(REFERENCE_ROUTE, (_request, reply) => reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(referencePage));
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    return { ...v, app, dataDir, origin: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` };
  }),
);

const journeys = [
  { from: '/', to: REFERENCE_ROUTE },
  ...['', '/hi'].flatMap((prefix) => ['/about-us', '/features', '/success-stories', '/career'].map((route) => ({ from: `${prefix}/`, to: `${prefix}${route}` }))),
];

const browser = await launchInstantBrowser();
const browserVersion = await browser.version();
const samples = new Map<string, ShownPage[]>();
try {
  for (let run = 0; run < runs; run++) {
    for (const journey of journeys) {
      for (const server of run % 2 ? [...servers].reverse() : servers) {
        const page = await browser.newPage();
        try {
          await page.goto(server.origin + journey.from, { waitUntil: 'load' });
          // The loader adds the speculation rules once the page has painted.
          await page.waitForSelector('head > script[type="speculationrules"]');
          if (journey.to === REFERENCE_ROUTE) {
            await page.evaluate((href) => document.querySelector('header nav')!.append(Object.assign(document.createElement('a'), { href, textContent: 'Reference' })), REFERENCE_ROUTE);
          }
          await hoverAndClick(page, `header a[href="${journey.to}"]`, server.origin + journey.to, () => new Promise((r) => setTimeout(r, 1500)));
          await waitForTabUrl(page, server.origin + journey.to);
          const shown = await readShownPage(page);
          const key = `${journey.to}\u0000${server.name}`;
          samples.set(key, [...(samples.get(key) ?? []), shown]);
          console.log(`run ${run + 1} ${journey.to.padEnd(20)} ${server.name.padEnd(20)} prerendered ${shown.activationStart > 0} FCP ${shown.fcp?.toFixed(0)} LCP ${shown.lcp?.time.toFixed(0)} (${shown.lcp?.element})`);
        } finally {
          await page.close();
        }
      }
    }
  }
} finally {
  await browser.close();
  for (const s of servers) {
    await s.app.close();
    fs.rmSync(s.dataDir, { recursive: true, force: true });
    fs.rmSync(s.dir, { recursive: true, force: true });
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor((sorted.length - 1) / 2)]! : Number.NaN;
};
const lcp = (list: ShownPage[]) => median(list.map((s) => s.lcp?.time ?? Number.NaN).filter(Number.isFinite));
const fcp = (list: ShownPage[]) => median(list.map((s) => s.fcp ?? Number.NaN).filter(Number.isFinite));
const prerendered = (list: ShownPage[]) => `${list.filter((s) => s.activationStart > 0).length}/${list.length}`;
const referenceLcp = lcp(samples.get(`${REFERENCE_ROUTE}\u0000${variants[0]!.name}`) ?? []);
const rows = journeys.map(({ to }) => {
  const [built, vt] = variants.map((v) => samples.get(`${to}\u0000${v.name}`) ?? []);
  const element = built![0]?.lcp?.element ?? '';
  return (
    `| ${to} | ${prerendered(built!)} | ${fcp(built!).toFixed(0)} | ${lcp(built!).toFixed(0)} | ${(lcp(built!) / referenceLcp).toFixed(2)} | ` +
    `${fcp(vt!).toFixed(0)} | ${lcp(vt!).toFixed(0)} | ${(lcp(vt!) / lcp(built!)).toFixed(2)} | ${element} |`
  );
});
const markdown = [
  '# Instant navigation: prerendered pages with and without the view transition',
  '',
  `${new Date().toISOString()}, ${browserVersion}, ${runs} runs per cell, medians in ms from activation. ` +
    'Hover on the header link of / (or /hi/), 1.5 s for the prerender, click. "VT": the same pages with a cross-document view transition added. ' +
    `Reference: ${REFERENCE_ROUTE}, a bare one-paragraph page prerendered from / the same way. Timings on a shared machine are noisy: compare the ratios, not the numbers.`,
  '',
  '| page | prerendered | FCP | LCP | LCP / reference | FCP with VT | LCP with VT | LCP with VT / as built | LCP element |',
  '|---|---|---|---|---|---|---|---|---|',
  ...rows,
  '',
].join('\n');
fs.mkdirSync(path.dirname(args.out), { recursive: true });
fs.writeFileSync(args.out, markdown);
console.log('\n' + markdown);
