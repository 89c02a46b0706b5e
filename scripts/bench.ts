/**
 * npm run bench -- [--no-build] [--runs N] [--route /path ...] [--out FILE] [--lhr-dir DIR]
 *
 * Builds the site (into DIST_DIR when set, else dist/), starts the real local server
 * on 127.0.0.1 with a throwaway database, runs Lighthouse 12 with its default mobile
 * config (simulated slow 4G, mid-range phone) N times (default 3) on every route, and
 * prints and writes bench/results.md: per route the median scores, FCP, LCP, TBT, CLS,
 * requests and transferred bytes by type, plus the compressed size of every page and
 * of each widget entry with its chunks.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '../server/app.ts';
import { loadServerConfig } from '../server/config.ts';
import { CATEGORIES, TRANSFER_TYPES, launchChromium, runLighthouse, type RunResult } from './bench/lighthouse.ts';
import { builtRoutes, fileSizes, kb, pageScripts, reactChunks, staticClosure, sumSizes, widgetBundles } from './bench/sizes.ts';
import { NOT_FOUND_ROUTE, distDir, pageFileOf, repoRoot } from './paths.ts';

const { values: args } = parseArgs({
  options: {
    'no-build': { type: 'boolean', default: false },
    runs: { type: 'string', default: '3' },
    route: { type: 'string', multiple: true },
    'lhr-dir': { type: 'string' },
    out: { type: 'string', default: path.join(repoRoot, 'bench', 'results.md') },
    help: { type: 'boolean', short: 'h', default: false },
  },
  strict: true,
});
if (args.help) {
  console.log('usage: npm run bench -- [--no-build] [--runs N] [--route /path ...] [--out FILE] [--lhr-dir DIR]   (DIST_DIR=... to use another build folder)');
  process.exit(0);
}
const runs = Math.max(1, Number.parseInt(args.runs!, 10) || 3);
const dist = distDir();
const started = Date.now();

/** Targets of the issue: every route at 100 in all four categories, LCP ≤ 1.2 s, TBT < 50 ms, CLS 0. */
const targets = { score: 100, lcpMs: 1200, tbtMs: 50, cls: 0 };

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

// 2. The real server, in this process, with a throwaway database.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-data-'));
const config = {
  ...loadServerConfig({ ...process.env, LOG_LEVEL: 'warn', RATE_LIMIT_MAX: '100000', VITALS_RATE_LIMIT_MAX: '100000' }),
  host: '127.0.0.1',
  port: 0,
  distDir: dist,
  dataDir,
};
const app = await buildApp(config);
await app.listen({ host: config.host, port: 0 });
const address = app.server.address();
const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

const allRoutes = builtRoutes(dist);
const routes = args.route?.length ? allRoutes.filter((r) => args.route!.includes(r)) : allRoutes;
const skipped = [
  '`/404` (the not-found page, served with status 404 for every unknown path): Lighthouse counts the 404 status of the ' +
    'document as a console error under Best Practices, which is the page working as designed, so it is left out. Its bytes are in the build table below.',
];

// 3. Lighthouse, N runs per route.
if (args['lhr-dir']) fs.mkdirSync(args['lhr-dir'], { recursive: true });
const browser = await launchChromium();
console.log(`bench: ${browser.version}, ${routes.length} routes × ${runs} runs on ${origin}`);
const results = new Map<string, RunResult[]>();
let retries = 0;
try {
  // A fresh browser does one-off work (compiling its own code, warming caches) during its
  // first page load, which Lighthouse books as blocking time: one discarded run absorbs it.
  await runLighthouse(origin + (routes[0] ?? '/'), browser.port).catch(() => undefined);
  for (const route of routes) {
    const list: RunResult[] = [];
    for (let i = 0; i < runs; i++) {
      const t = Date.now();
      const saveTo = args['lhr-dir'] && path.join(args['lhr-dir'], `${route.replace(/\//g, '_') || '_'}-${i + 1}.json`);
      let run: RunResult | undefined;
      // Lighthouse now and then fails to record a trace (NO_NAVSTART, NO_FCP) on a busy machine: try that run again.
      for (let attempt = 1; !run; attempt++) {
        try {
          run = await runLighthouse(origin + route, browser.port, saveTo);
        } catch (error) {
          if (attempt >= 3) throw error;
          console.log(`  ${route.padEnd(20)} run ${i + 1}/${runs}: ${(error as Error).message.split('\n')[0]}, retrying`);
          retries++;
        }
      }
      list.push(run);
      console.log(
        `  ${route.padEnd(20)} run ${i + 1}/${runs}: perf ${run.scores.performance} a11y ${run.scores.accessibility} ` +
          `bp ${run.scores['best-practices']} seo ${run.scores.seo}  LCP ${Math.round(run.lcp)} ms  TBT ${Math.round(run.tbt)} ms  ` +
          `CLS ${run.cls.toFixed(3)}  (${((Date.now() - t) / 1000).toFixed(1)} s)`,
      );
    }
    results.set(route, list);
  }
} finally {
  await browser.close();
  await app.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

// 4. Report.
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};
const ms = (v: number) => `${(v / 1000).toFixed(2)} s`;
const bytes = (v: number) => (v >= 1024 ? kb(v) : `${Math.round(v)} B`);
const row = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;

interface Summary {
  route: string;
  scores: Record<(typeof CATEGORIES)[number], number>;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  requests: number;
  transfer: Record<(typeof TRANSFER_TYPES)[number], number>;
}
const summaries: Summary[] = [...results].map(([route, list]) => ({
  route,
  scores: Object.fromEntries(CATEGORIES.map((c) => [c, median(list.map((r) => r.scores[c]))])) as Summary['scores'],
  fcp: median(list.map((r) => r.fcp)),
  lcp: median(list.map((r) => r.lcp)),
  tbt: median(list.map((r) => r.tbt)),
  cls: median(list.map((r) => r.cls)),
  requests: median(list.map((r) => r.requests)),
  transfer: Object.fromEntries(TRANSFER_TYPES.map((t) => [t, median(list.map((r) => r.transfer[t]))])) as Summary['transfer'],
}));

const shortfalls: string[] = [];
for (const s of summaries) {
  const miss: string[] = [];
  for (const c of CATEGORIES) if (s.scores[c] < targets.score) miss.push(`${c} ${s.scores[c]}`);
  if (s.lcp > targets.lcpMs) miss.push(`LCP ${ms(s.lcp)} (target ≤ ${ms(targets.lcpMs)})`);
  if (s.tbt >= targets.tbtMs) miss.push(`TBT ${Math.round(s.tbt)} ms (target < ${targets.tbtMs} ms)`);
  if (s.cls > targets.cls) miss.push(`CLS ${s.cls.toFixed(3)} (target 0)`);
  if (miss.length) shortfalls.push(`- \`${s.route}\`: ${miss.join(', ')}`);
}

const first = [...results.values()][0]?.[0];
const th = first?.throttling;
const cpu = os.cpus();
const lines: string[] = [];
lines.push('# Lighthouse bench', '');
lines.push(
  `Written by \`npm run bench\` on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, in ${Math.round((Date.now() - started) / 1000)} s.`,
  '',
  `- Browser: ${browser.version} (\`${process.env.CHROME_PATH || '/usr/bin/chromium'}\`, headless)`,
  `- Lighthouse ${first?.lighthouseVersion ?? '?'}, default config: ${th?.formFactor ?? 'mobile'} form factor, ${th?.method ?? 'simulate'}d throttling ` +
    `(RTT ${th?.rttMs ?? '?'} ms, ${((th?.throughputKbps ?? 0) / 1024).toFixed(1)} Mbit/s, ${th?.cpuSlowdownMultiplier ?? '?'}× CPU slowdown)`,
  `- Machine: ${cpu[0]?.model.trim() ?? 'unknown CPU'} × ${cpu.length}, ${Math.round(os.totalmem() / 2 ** 30)} GB, Node ${process.version}, ${os.type()} ${os.release()}`,
  `- Server: the real local service (\`buildApp\`, pre-compressed Brotli/gzip) on 127.0.0.1; ${runs} run${runs > 1 ? 's' : ''} per route after one discarded warm-up run, each value the median of its runs` +
    (retries ? ` (${retries} run${retries > 1 ? 's' : ''} repeated after a Lighthouse trace error)` : ''),
  '',
);
lines.push('## Targets', '');
lines.push(
  `Performance, Accessibility, Best Practices and SEO ${targets.score}; LCP ≤ ${ms(targets.lcpMs)}; TBT < ${targets.tbtMs} ms; CLS 0.`,
  '',
  shortfalls.length ? `**Short of a target:**\n\n${shortfalls.join('\n')}` : `**Every route meets every target.**`,
  '',
);
lines.push('## Per route (median)', '');
lines.push(
  row(['Route', 'Perf', 'A11y', 'BP', 'SEO', 'FCP', 'LCP', 'TBT', 'CLS', 'Requests', 'HTML', 'CSS', 'JS', 'Other', 'Total']),
  row(Array(15).fill('---')),
);
for (const s of summaries) {
  const total = TRANSFER_TYPES.reduce((sum, t) => sum + s.transfer[t], 0);
  lines.push(
    row([
      `\`${s.route}\``,
      s.scores.performance,
      s.scores.accessibility,
      s.scores['best-practices'],
      s.scores.seo,
      ms(s.fcp),
      ms(s.lcp),
      `${Math.round(s.tbt)} ms`,
      s.cls.toFixed(3),
      s.requests,
      ...TRANSFER_TYPES.map((t) => bytes(s.transfer[t])),
      bytes(total),
    ]),
  );
}
lines.push(
  '',
  'Transferred bytes are what Lighthouse records on the wire: compressed bodies plus response headers (the security headers of an HTML response are about 1 KB of it). ' +
    'JS includes the web-vitals reporter, which the loader fetches once the page is idle; the beacon it sends when the page is hidden is not part of a Lighthouse run.',
  '',
);
const flagged = (pick: (run: RunResult) => Record<string, string>) => {
  const out: string[] = [];
  for (const [route, list] of results) {
    const audits = new Map<string, { title: string; count: number }>();
    for (const run of list) {
      for (const [id, title] of Object.entries(pick(run))) {
        const entry = audits.get(id) ?? { title, count: 0 };
        entry.count++;
        audits.set(id, entry);
      }
    }
    if (audits.size) out.push(`- \`${route}\`: ${[...audits].map(([id, a]) => `${a.title} [\`${id}\`, ${a.count}/${list.length} runs]`).join('; ')}`);
  }
  return out;
};
const failingLines = flagged((run) => run.failing);
const diagnosticLines = flagged((run) => run.diagnostics);
lines.push('## Audits below a full score', '', ...(failingLines.length ? failingLines : ['None, in any run.']), '');
lines.push('Diagnostics and insights flagged (they carry no weight in the scores):', '', ...(diagnosticLines.length ? diagnosticLines : ['None.']), '');
lines.push('## Not measured', '', ...skipped.map((s) => `- ${s}`), '');
// Why a target is missed is a judgement, not a measurement: it lives in bench/notes.md, kept by hand.
const notesFile = path.join(repoRoot, 'bench', 'notes.md');
if (fs.existsSync(notesFile)) lines.push('## Notes (bench/notes.md)', '', fs.readFileSync(notesFile, 'utf8').trim(), '');

// Build sizes: bytes are stable, unlike times.
lines.push('## Page weight in the build', '');
lines.push(
  'HTML with its inlined CSS, and the JavaScript the page loads before any widget is near (its scripts with their static imports, plus the vitals reporter). ' +
    'gzip is level 9, Brotli quality 11, as the build writes them; the server sends Brotli to browsers that accept it. One round trip on a fresh connection carries about 14 KB.',
  '',
);
lines.push(row(['Page', 'HTML raw', 'HTML gzip', 'HTML br', 'JS files', 'JS gzip', 'JS br']), row(Array(7).fill('---')));
const vitalsChunk = fs.readdirSync(path.join(dist, 'assets')).find((f) => /^vitals-.*\.js$/.test(f));
for (const route of [...allRoutes, NOT_FOUND_ROUTE]) {
  const file = pageFileOf(route);
  const html = fs.readFileSync(path.join(dist, file), 'utf8');
  const htmlSizes = fileSizes(dist, file);
  const scripts = new Set<string>();
  for (const src of pageScripts(html)) {
    if (/^https?:/.test(src)) continue;
    for (const f of staticClosure(dist, src.replace(/^\//, ''))) scripts.add(f);
  }
  if (vitalsChunk) scripts.add(`assets/${vitalsChunk}`);
  const js = sumSizes([...scripts].map((f) => fileSizes(dist, f)));
  lines.push(row([`\`${route}\``, bytes(htmlSizes.raw), bytes(htmlSizes.gzip), bytes(htmlSizes.brotli), scripts.size, bytes(js.gzip), bytes(js.brotli)]));
}
lines.push('');
lines.push('## Widget entries with their chunks', '');
const react = new Set(reactChunks(dist));
lines.push(row(['Entry', 'Files', 'Raw', 'gzip', 'Brotli', 'Holds React']), row(Array(6).fill('---')));
for (const w of widgetBundles(dist)) {
  lines.push(
    row([
      `\`${w.entry}\``,
      w.files.map((f) => `\`${path.posix.basename(f)}\``).join(', '),
      bytes(w.sizes.raw),
      bytes(w.sizes.gzip),
      bytes(w.sizes.brotli),
      w.files.some((f) => react.has(f)) ? 'yes' : 'no',
    ]),
  );
}
lines.push('');

const markdown = lines.join('\n');
fs.mkdirSync(path.dirname(args.out!), { recursive: true });
fs.writeFileSync(args.out!, markdown);
console.log('\n' + markdown);
console.log(`bench: wrote ${path.relative(process.cwd(), args.out!)} in ${Math.round((Date.now() - started) / 1000)} s`);
