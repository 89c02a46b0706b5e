/**
 * npm run bench -- [--no-build] [--runs N] [--all | --route /path ...] [--busy-core] [--baseline DIR] [--out FILE] [--lhr-dir DIR]
 * npm run bench -- --header-cost [--runs N]
 *
 * Builds the site (into DIST_DIR when set, else dist/), starts the real local server
 * on 127.0.0.1 with a throwaway database, runs Lighthouse 12 with its default mobile
 * config (simulated slow 4G, mid-range phone) N times (default 5: a single run's TBT swings by tens of ms)
 * on `/`, `/career` and `/register` in every language (`--all`: every route; `--route`: those named),
 * in rounds: each round measures the bare reference page (no headers), then every route once, so the reference's runs
 * are spread over the whole bench as the routes' are. It prints and writes bench/results.md: per route the median scores
 * with the spread (min–max) of the times, FCP, LCP, TBT, CLS, the main thread's style & layout and other work
 * against the bare page's, requests and transferred bytes by type, the scores per language, plus the compressed
 * size of every page (and of its first screen) and of each widget entry with its chunks.
 *
 * --busy-core keeps one core busy with a spinning child process for the whole run, as another
 * program on a phone or a shared machine would. --baseline DIR serves another build (e.g. of main)
 * beside this one and measures its routes in the same rounds, for a before and after.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '../server/app.ts';
import { loadServerConfig } from '../server/config.ts';
import { headersForFile, type BuildMeta } from '../server/site/headers.ts';
import { launchChromium, runLighthouse, type RunResult } from './bench/lighthouse.ts';
import { baselineLabel, benchReport, headerCostReport, machine, REFERENCE_ROUTE } from './bench/report.ts';
import { builtRoutes } from './bench/sizes.ts';
import { languages, routeIn } from '../contract/languages.ts';
import { distDir, repoRoot } from './paths.ts';

const { values: args } = parseArgs({
  options: {
    'no-build': { type: 'boolean', default: false },
    runs: { type: 'string', default: '5' },
    route: { type: 'string', multiple: true },
    all: { type: 'boolean', default: false },
    'busy-core': { type: 'boolean', default: false },
    baseline: { type: 'string' },
    'header-cost': { type: 'boolean', default: false },
    'lhr-dir': { type: 'string' },
    out: { type: 'string', default: path.join(repoRoot, 'bench', 'results.md') },
    help: { type: 'boolean', short: 'h', default: false },
  },
  strict: true,
});
if (args.help) {
  console.log(
    'usage: npm run bench -- [--no-build] [--runs N] [--all | --route /path ...] [--busy-core] [--baseline DIR] [--out FILE] [--lhr-dir DIR]   (DIST_DIR=... to use another build folder)\n' +
      '       default routes: /, /career and /register in every language; --all: every route; --busy-core: one core kept busy by a spinning process;\n' +
      '       --baseline DIR: another build served beside this one, its routes measured in the same rounds\n' +
      '       npm run bench -- --header-cost [--runs N]   the bare page alone and with each header of the pages, interleaved; writes bench/header-cost.md',
  );
  process.exit(0);
}
const runs = Math.max(1, Number.parseInt(args.runs, 10) || 5);
const dist = distDir();
const started = Date.now();

// 1. Build.
if (!args['no-build']) {
  console.log(`bench: building into ${path.relative(repoRoot, dist) || dist}`);
  const built = spawnSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: 'inherit', env: { ...process.env, DIST_DIR: dist } });
  if (built.status !== 0) process.exit(built.status ?? 1);
}
if (!fs.existsSync(path.join(dist, 'build-meta.json'))) {
  console.error(`bench: no built site in ${dist} (run without --no-build, or npm run build)`);
  process.exit(1);
}

if (args.baseline && !fs.existsSync(path.join(args.baseline, 'build-meta.json'))) {
  console.error(`bench: no built site in ${args.baseline} (--baseline)`);
  process.exit(1);
}

// 2. The real server, in this process, with a throwaway database.
const dataDirs: string[] = [];
function serverConfig(distDir: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-data-'));
  dataDirs.push(dataDir);
  return {
    ...loadServerConfig({ ...process.env, LOG_LEVEL: 'warn', RATE_LIMIT_MAX: '100000', VITALS_RATE_LIMIT_MAX: '100000', VITALS_DAILY_CAP: '10000000' }),
    host: '127.0.0.1',
    port: 0,
    distDir,
    dataDir,
  };
}
const config = serverConfig(dist);
const app = await buildApp(config);
// The reference every timing is compared with, measured in the same run: a bare page of one paragraph,
// sent with no headers beyond what HTTP needs. A header that costs the browser work is part of a page's cost.
const referencePage =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
  '<title>Reference page</title><meta name="description" content="A bare page of one paragraph, the bench reference."></head>' +
  '<body><main><h1>Reference page</h1><p>A bare page of one paragraph: no stylesheet, no script, no image. Every route is timed against it.</p></main></body></html>';
// --header-cost: the same bare page with one of the pages' headers (named in ?with=), to price each header alone.
const siteMeta = JSON.parse(fs.readFileSync(path.join(dist, 'build-meta.json'), 'utf8')) as BuildMeta;
const pageHeaders = headersForFile('index.html', siteMeta);
app.get<{ Querystring: { with?: string } }>(REFERENCE_ROUTE, (request, reply) => {
  const name = request.query.with;
  if (name !== undefined && name in pageHeaders) reply.header(name, pageHeaders[name]!);
  return reply.type('text/html; charset=utf-8').send(referencePage);
});
const originOf = async (server: typeof app) => {
  await server.listen({ host: config.host, port: 0 });
  const address = server.server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
};
const origin = await originOf(app);
const baselineApp = args.baseline ? await buildApp(serverConfig(path.resolve(args.baseline))) : undefined;
const baselineOrigin = baselineApp && (await originOf(baselineApp));

const allRoutes = builtRoutes(dist);
/** The pages every language must keep at 100 (issue 42): the home page, the career page and the registration page. */
const everyLanguage = languages.flatMap((language) => ['/', '/career', '/register'].map((route) => routeIn(language, route)));
const routes = args.route?.length ? allRoutes.filter((r) => args.route!.includes(r)) : args.all ? allRoutes : everyLanguage.filter((r) => allRoutes.includes(r));

// Another program on the machine, as on a phone: a child process that spins on one core until the bench ends.
const spinner = args['busy-core'] ? spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }) : undefined;
if (spinner) {
  console.log(`bench: one core kept busy by process ${spinner.pid}`);
  process.on('exit', () => spinner.kill());
}

// 3. Lighthouse, N runs per route.
if (args['lhr-dir']) fs.mkdirSync(args['lhr-dir'], { recursive: true });
const browser = await launchChromium();
console.log(`bench: ${browser.version}, ${routes.length} routes × ${runs} runs on ${origin}`);
const results = new Map<string, RunResult[]>();
let reference: RunResult[];
let retries = 0;
const loadBefore = os.loadavg();
const loadAfter: number[] = [];
/** One Lighthouse run of one URL; a run that fails to record a trace (NO_NAVSTART, NO_FCP on a busy machine) is tried again. */
async function measureOnce(label: string, url: string, i: number): Promise<RunResult> {
  const t = Date.now();
  const saveTo = args['lhr-dir'] && path.join(args['lhr-dir'], `${label.replace(/[^\w-]+/g, '_') || '_'}-${i + 1}.json`);
  let run: RunResult | undefined;
  for (let attempt = 1; !run; attempt++) {
    try {
      run = await runLighthouse(url, browser.port, saveTo);
    } catch (error) {
      if (attempt >= 3) throw error;
      console.log(`  ${label.padEnd(20)} run ${i + 1}/${runs}: ${(error as Error).message.split('\n')[0]}, retrying`);
      retries++;
    }
  }
  console.log(
    `  ${label.padEnd(20)} run ${i + 1}/${runs}: perf ${run.scores.performance} a11y ${run.scores.accessibility} ` +
      `bp ${run.scores['best-practices']} seo ${run.scores.seo}  LCP ${Math.round(run.lcp)} ms  TBT ${Math.round(run.tbt)} ms  ` +
      `CLS ${run.cls.toFixed(3)}  (${((Date.now() - t) / 1000).toFixed(1)} s)`,
  );
  return run;
}
/** Rounds of one run per URL, in order, so that every URL sees the same spread of the machine's load. */
async function interleaved(urls: [label: string, url: string][]): Promise<Map<string, RunResult[]>> {
  const out = new Map<string, RunResult[]>(urls.map(([label]) => [label, []]));
  for (let i = 0; i < runs; i++) {
    console.log(`bench: round ${i + 1}/${runs}, load average ${os.loadavg().map((v) => v.toFixed(2)).join(', ')}`);
    for (const [label, url] of urls) out.get(label)!.push(await measureOnce(label, url, i));
  }
  return out;
}
const headerNames = Object.keys(pageHeaders);
try {
  // A fresh browser does one-off work (compiling its own code, warming caches) during its
  // first page load, which Lighthouse books as blocking time: one discarded run absorbs it.
  await runLighthouse(origin + (routes[0] ?? '/'), browser.port).catch(() => undefined);
  if (args['header-cost']) {
    const measured = await interleaved([
      [REFERENCE_ROUTE, origin + REFERENCE_ROUTE],
      ...headerNames.map((name): [string, string] => [name, `${origin}${REFERENCE_ROUTE}?with=${encodeURIComponent(name)}`]),
    ]);
    reference = measured.get(REFERENCE_ROUTE)!;
    for (const name of headerNames) results.set(name, measured.get(name)!);
  } else {
    const urls = routes.flatMap((r): [string, string][] => [[r, origin + r], ...(baselineOrigin ? [[baselineLabel(r), baselineOrigin + r] as [string, string]] : [])]);
    const measured = await interleaved([[REFERENCE_ROUTE, origin + REFERENCE_ROUTE], ...urls]);
    reference = measured.get(REFERENCE_ROUTE)!;
    for (const [label] of urls) results.set(label, measured.get(label)!);
  }
} finally {
  const loadAtEnd = os.loadavg();
  spinner?.kill();
  await browser.close();
  await app.close();
  await baselineApp?.close();
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  loadAfter.push(...loadAtEnd);
}
const host = machine(browser.version, [...results.values()][0]?.[0]?.lighthouseVersion ?? '?', loadBefore, loadAfter, !!spinner);

// 4. Report.
if (args['header-cost']) {
  const out = args.out === path.join(repoRoot, 'bench', 'results.md') ? path.join(repoRoot, 'bench', 'header-cost.md') : args.out;
  const markdown = headerCostReport({ results, reference, runs, retries, startedAt: new Date(started), finishedAt: new Date(), host }, pageHeaders);
  fs.writeFileSync(out, markdown);
  console.log('\n' + markdown);
  console.log(`bench: wrote ${path.relative(process.cwd(), out)} in ${Math.round((Date.now() - started) / 1000)} s`);
  process.exit(0);
}
const notesFile = path.join(repoRoot, 'bench', 'notes.md');
const markdown = benchReport(
  { results, reference, runs, retries, startedAt: new Date(started), finishedAt: new Date(), host },
  dist,
  allRoutes,
  fs.existsSync(notesFile) ? fs.readFileSync(notesFile, 'utf8') : undefined,
);
fs.mkdirSync(path.dirname(args.out), { recursive: true });
fs.writeFileSync(args.out, markdown);
console.log('\n' + markdown);
console.log(`bench: wrote ${path.relative(process.cwd(), args.out)} in ${Math.round((Date.now() - started) / 1000)} s`);
