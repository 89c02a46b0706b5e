/**
 * The markdown of bench/results.md: the Lighthouse medians per route against the targets,
 * the audits below a full score, the hand-kept notes (bench/notes.md), and the byte sizes
 * of the build (page weight, widget entries with their chunks).
 */
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import zlib from 'node:zlib';
import { baseRoute, languageOfRoute, languages } from '../../contract/languages.ts';
import { NOT_FOUND_ROUTE, pageFileOf } from '../paths.ts';
import { CATEGORIES, TRANSFER_TYPES, type RunResult } from './lighthouse.ts';
import { fileSizes, firstScreenBytes, kb, pageScripts, reactChunks, staticClosure, sumSizes, widgetBundles } from './sizes.ts';

/**
 * Targets of the issues: every route at 100 in all four categories, CLS 0, and, because
 * timings on a shared machine swing, LCP and TBT relative to a bare one-paragraph page with
 * no headers, measured in the same run: LCP within 1.25× of its LCP, TBT within 50 ms of its TBT.
 */
export const targets = { score: 100, lcpRatio: 1.25, tbtOverMs: 50, cls: 0 };

/** What the numbers were measured on: they mean little without it. */
export interface Host {
  cpuModel: string;
  cores: number;
  memoryGb: number;
  node: string;
  os: string;
  browser: string;
  lighthouse: string;
  /** Load average (1, 5, 15 min) when the runs started and when they ended. */
  loadBefore: number[];
  loadAfter: number[];
  /** Whether a process of the bench kept one core busy throughout (--busy-core). */
  busyCore?: boolean;
}

export function machine(browser: string, lighthouse: string, loadBefore: number[], loadAfter: number[], busyCore = false): Host {
  const cpu = os.cpus();
  return {
    cpuModel: cpu[0]?.model.trim() ?? 'unknown CPU',
    cores: cpu.length,
    memoryGb: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    os: `${os.type()} ${os.release()}`,
    browser,
    lighthouse,
    loadBefore,
    loadAfter,
    busyCore,
  };
}

const load = (l: number[]) => l.map((v) => v.toFixed(2)).join(', ');
export const hostLines = (h: Host): string[] => [
  `- Machine: ${h.cpuModel}, ${h.cores} cores, ${h.memoryGb} GB, ${h.os}; Node ${h.node}`,
  `- Browser: ${h.browser} (\`${process.env.CHROME_PATH || '/usr/bin/chromium'}\`, headless); Lighthouse ${h.lighthouse}`,
  `- Load average (1, 5, 15 min): ${load(h.loadBefore)} at the start, ${load(h.loadAfter)} at the end (\`uptime\`; ${h.cores} means every core busy)` +
    (h.busyCore ? '; one core kept busy throughout by a spinning process of the bench (`--busy-core`), counted in those figures' : ''),
];

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};
/** "min / median / max" of one measure over a route's runs. */
const spread = (xs: number[], format: (v: number) => string) =>
  xs.length > 1 ? `${format(Math.min(...xs))} / ${format(median(xs))} / ${format(Math.max(...xs))}` : format(xs[0] ?? 0);

/** The reference page the bench serves beside the site (scripts/bench.ts): a bare one-paragraph document. */
export const REFERENCE_ROUTE = '/bench-reference';

/** A route of the baseline build (`--baseline DIR`), measured in the same rounds as the build's own. */
export const baselineLabel = (route: string): string => `baseline:${route}`;
const baselineOf = (label: string): string | undefined => (label.startsWith('baseline:') ? label.slice('baseline:'.length) : undefined);

const skipped = [
  '`/404` (the not-found page, served with status 404 for every unknown path): Lighthouse counts the 404 status of the ' +
    'document as a console error under Best Practices, which is the page working as designed, so it is left out. Its bytes are in the build table below.',
];

const ms = (v: number) => `${(v / 1000).toFixed(2)} s`;
const bytes = (v: number) => (v >= 1024 ? kb(v) : `${Math.round(v)} B`);
const row = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;

export interface BenchRun {
  /** Lighthouse runs per route, in route order. */
  results: Map<string, RunResult[]>;
  /** Runs of the bare reference page, in the same run of the bench. */
  reference: RunResult[];
  runs: number;
  /** Runs repeated after a Lighthouse trace error. */
  retries: number;
  startedAt: Date;
  finishedAt: Date;
  host: Host;
}

/** One route's medians over its runs. */
interface Summary {
  route: string;
  scores: Record<(typeof CATEGORIES)[number], number>;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  styleLayout: number;
  otherWork: number;
  requests: number;
  transfer: Record<(typeof TRANSFER_TYPES)[number], number>;
}

const summarise = ([route, list]: [string, RunResult[]]): Summary => ({
  route,
  scores: Object.fromEntries(CATEGORIES.map((c) => [c, median(list.map((r) => r.scores[c]))])) as Summary['scores'],
  fcp: median(list.map((r) => r.fcp)),
  lcp: median(list.map((r) => r.lcp)),
  tbt: median(list.map((r) => r.tbt)),
  cls: median(list.map((r) => r.cls)),
  styleLayout: median(list.map((r) => r.mainThread.styleLayout)),
  otherWork: median(list.map((r) => r.mainThread.other)),
  requests: median(list.map((r) => r.requests)),
  transfer: Object.fromEntries(TRANSFER_TYPES.map((t) => [t, median(list.map((r) => r.transfer[t]))])) as Summary['transfer'],
});

/** The LCP and TBT a route may reach: relative to the bare page of the same run. */
interface Limits {
  maxLcp: number;
  maxTbt: number;
}

/** One line per route that misses a target, naming each miss. */
function shortfallLines(summaries: Summary[], { maxLcp, maxTbt }: Limits): string[] {
  const shortfalls: string[] = [];
  for (const s of summaries.filter((x) => baselineOf(x.route) === undefined)) {
    const miss: string[] = [];
    for (const c of CATEGORIES) if (s.scores[c] < targets.score) miss.push(`${c} ${s.scores[c]}`);
    if (s.lcp > maxLcp) miss.push(`LCP ${ms(s.lcp)} (target ≤ ${ms(maxLcp)}, ${targets.lcpRatio}× the bare page)`);
    if (s.tbt > maxTbt) miss.push(`TBT ${Math.round(s.tbt)} ms (target ≤ ${Math.round(maxTbt)} ms, the bare page + ${targets.tbtOverMs} ms)`);
    if (s.cls > targets.cls) miss.push(`CLS ${s.cls.toFixed(3)} (target 0)`);
    if (miss.length) shortfalls.push(`- \`${s.route}\`: ${miss.join(', ')}`);
  }
  return shortfalls;
}

/** The title, when and how long, the machine, Lighthouse's throttling and how the runs were made. */
function runSection({ results, runs, retries, startedAt, finishedAt, host }: BenchRun): string[] {
  const first = [...results.values()][0]?.[0];
  const th = first?.throttling;
  return [
    '# Lighthouse bench',
    '',
    `Written by \`npm run bench\` on ${finishedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC, in ${Math.round((finishedAt.getTime() - startedAt.getTime()) / 1000)} s.`,
    '',
    ...hostLines(host),
    `- Lighthouse default config: ${th?.formFactor ?? 'mobile'} form factor, ${th?.method ?? 'simulate'}d throttling ` +
      `(RTT ${th?.rttMs ?? '?'} ms, ${((th?.throughputKbps ?? 0) / 1024).toFixed(1)} Mbit/s, ${th?.cpuSlowdownMultiplier ?? '?'}× CPU slowdown)`,
    `- Server: the real local service (\`buildApp\`, pre-compressed Brotli/gzip) on 127.0.0.1; ${runs} run${runs > 1 ? 's' : ''} per route after one discarded warm-up run, ` +
      `in rounds (the bare page, then every route once), each value the median of its runs` +
      (retries ? ` (${retries} run${retries > 1 ? 's' : ''} repeated after a Lighthouse trace error)` : ''),
    '',
  ];
}

/** The targets with this run's limits, then the routes short of one (or that none is). */
function targetsSection(bare: Summary, { maxLcp, maxTbt }: Limits, shortfalls: string[]): string[] {
  return [
    '## Targets',
    '',
    `Performance, Accessibility, Best Practices and SEO ${targets.score}; CLS 0; against a bare one-paragraph page (\`${REFERENCE_ROUTE}\`, ` +
      `served by the same server with no headers beyond HTTP's own) measured in the same run: LCP ≤ ${targets.lcpRatio}× its LCP (${ms(bare.lcp)} → ≤ ${ms(maxLcp)}) and ` +
      `TBT ≤ its TBT + ${targets.tbtOverMs} ms (${Math.round(bare.tbt)} ms → ≤ ${Math.round(maxTbt)} ms).`,
    '',
    shortfalls.length ? `**Short of a target:**\n\n${shortfalls.join('\n')}` : `**Every route meets every target.**`,
    '',
  ];
}

/** The medians of the bare page and of every route: scores, timings against the bare page, requests and bytes. */
function perRouteTable(bare: Summary, summaries: Summary[]): string[] {
  const lines = [
    '## Per route (median)',
    '',
    row(['Route', 'Perf', 'A11y', 'BP', 'SEO', 'FCP', 'LCP', 'LCP ÷ bare', 'TBT', 'TBT − bare', 'CLS', 'Requests', 'HTML', 'CSS', 'JS', 'Other', 'Total']),
    row(Array<string>(17).fill('---')),
  ];
  for (const s of [bare, ...summaries]) {
    const total = TRANSFER_TYPES.reduce((sum, t) => sum + s.transfer[t], 0);
    lines.push(
      row([
        s === bare ? `\`${s.route}\` (bare reference)` : `\`${s.route}\``,
        s.scores.performance,
        s.scores.accessibility,
        s.scores['best-practices'],
        s.scores.seo,
        ms(s.fcp),
        ms(s.lcp),
        `${(s.lcp / bare.lcp).toFixed(2)}×`,
        `${Math.round(s.tbt)} ms`,
        `${Math.round(s.tbt - bare.tbt)} ms`,
        s.cls.toFixed(3),
        s.requests,
        ...TRANSFER_TYPES.map((t) => bytes(s.transfer[t])),
        bytes(total),
      ]),
    );
  }
  return lines;
}

/** The scores of each language's pages side by side: one row a language, one column a page. */
function perLanguageTable(summaries: Summary[]): string[] {
  const own = summaries.filter((x) => baselineOf(x.route) === undefined);
  const pages = [...new Set(own.map((x) => baseRoute(x.route)))];
  const rows = languages.filter((l) => own.some((x) => languageOfRoute(x.route) === l));
  if (!rows.length) return [];
  const lines = [
    '',
    '## Per language (median)',
    '',
    'Performance · Accessibility · Best Practices · SEO, then TBT, of each page in each language.',
    '',
    row(['Language', ...pages.map((p) => `\`${p}\``)]),
    row(Array<string>(pages.length + 1).fill('---')),
  ];
  for (const language of rows) {
    const cells = pages.map((page) => {
      const s = own.find((x) => languageOfRoute(x.route) === language && baseRoute(x.route) === page);
      return s ? `${CATEGORIES.map((c) => s.scores[c]).join(' · ')}, TBT ${Math.round(s.tbt)} ms` : '';
    });
    lines.push(row([`${language.code} (${language.name})`, ...cells]));
  }
  return lines;
}

/** Main-thread time per load (Lighthouse's mainthread-work-breakdown, under its CPU slowdown) against the bare page's, and the baseline build's where measured. */
function mainThreadTable(bare: Summary, summaries: Summary[]): string[] {
  const hasBaseline = summaries.some((x) => baselineOf(x.route) !== undefined);
  const ratio = (a: number, b: number) => (b > 0 ? `${(a / b).toFixed(1)}×` : '–');
  const lines = [
    '',
    '## Main-thread work per load (median)',
    '',
    'Lighthouse\'s `mainthread-work-breakdown` under its 4× CPU slowdown: style & layout, and all other work (script, parsing, paint, garbage collection, the browser\'s own), ' +
      'each also as a multiple of the bare page\'s in the same run' + (hasBaseline ? ', and the style & layout of the baseline build (`--baseline`) measured in the same rounds.' : '.'),
    '',
    row(['Route', 'Style & layout', '÷ bare', 'Other work', '÷ bare', ...(hasBaseline ? ['Style & layout ÷ baseline'] : [])]),
    row(Array<string>(hasBaseline ? 6 : 5).fill('---')),
  ];
  for (const s of [bare, ...summaries]) {
    const baseline = summaries.find((x) => baselineOf(x.route) === s.route);
    lines.push(
      row([
        s === bare ? `\`${s.route}\` (bare reference)` : `\`${s.route}\``,
        `${Math.round(s.styleLayout)} ms`,
        ratio(s.styleLayout, bare.styleLayout),
        `${Math.round(s.otherWork)} ms`,
        ratio(s.otherWork, bare.otherWork),
        ...(hasBaseline ? [baseline ? ratio(s.styleLayout, baseline.styleLayout) : ''] : []),
      ]),
    );
  }
  return lines;
}

/** Min / median / max of each measure, the bare page first, and what the transferred bytes include. */
function spreadTable(reference: RunResult[], results: Map<string, RunResult[]>): string[] {
  const lines = ['', '## Spread across runs (min / median / max)', '', row(['Route', 'Perf', 'FCP', 'LCP', 'TBT', 'CLS']), row(Array<string>(6).fill('---'))];
  for (const [route, list] of [[REFERENCE_ROUTE, reference] as [string, RunResult[]], ...results]) {
    lines.push(
      row([
        route === REFERENCE_ROUTE ? `\`${route}\` (bare reference)` : `\`${route}\``,
        spread(list.map((r) => r.scores.performance), String),
        spread(list.map((r) => r.fcp), ms),
        spread(list.map((r) => r.lcp), ms),
        spread(list.map((r) => r.tbt), (v) => `${Math.round(v)} ms`),
        spread(list.map((r) => r.cls), (v) => v.toFixed(3)),
      ]),
    );
  }
  lines.push(
    '',
    'Transferred bytes are what Lighthouse records on the wire: compressed bodies plus response headers (the security headers of an HTML response are about 1 KB of it). ' +
      'JS includes the web-vitals reporter, which the loader fetches once the page is idle; the beacon it sends when the page is hidden is not part of a Lighthouse run.',
    '',
  );
  return lines;
}

/** Per route, the audits `pick` names in any run, each with how many runs named it. */
function flaggedAudits(results: Map<string, RunResult[]>, pick: (run: RunResult) => Record<string, string>): string[] {
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
}

/** The audits below a full score, then the diagnostics, per route. */
function auditSections(results: Map<string, RunResult[]>): string[] {
  const failingLines = flaggedAudits(results, (run) => run.failing);
  const diagnosticLines = flaggedAudits(results, (run) => run.diagnostics);
  return [
    '## Audits below a full score',
    '',
    ...(failingLines.length ? failingLines : ['None, in any run.']),
    '',
    'Diagnostics and insights flagged (they carry no weight in the scores):',
    '',
    ...(diagnosticLines.length ? diagnosticLines : ['None.']),
    '',
  ];
}

/** `dist` is the measured build and `routes` its public routes; `notes` is bench/notes.md, if any. */
export function benchReport(run: BenchRun, dist: string, routes: string[], notes?: string): string {
  const summaries = [...run.results].map(summarise);
  const bare = summarise([REFERENCE_ROUTE, run.reference]);
  const limits: Limits = { maxLcp: bare.lcp * targets.lcpRatio, maxTbt: bare.tbt + targets.tbtOverMs };
  const lines = [
    ...runSection(run),
    ...targetsSection(bare, limits, shortfallLines(summaries, limits)),
    ...perRouteTable(bare, summaries),
    ...perLanguageTable(summaries),
    ...mainThreadTable(bare, summaries),
    ...spreadTable(run.reference, run.results),
    ...auditSections(run.results),
    '## Not measured',
    '',
    ...skipped.map((s) => `- ${s}`),
    '',
  ];
  // Why a target is missed is a judgement, not a measurement: it lives in bench/notes.md, kept by hand.
  if (notes?.trim()) lines.push('## Notes (bench/notes.md)', '', notes.trim(), '');
  lines.push(...buildSizeSections(dist, routes));
  return lines.join('\n');
}

/**
 * bench/header-cost.md: the bare page alone and with each header of the pages alone, measured
 * in interleaved rounds: what each header costs in TBT and LCP, median with its spread.
 */
export function headerCostReport(
  { results, reference, runs, retries, startedAt, finishedAt, host }: Omit<BenchRun, 'results'> & { results: Map<string, RunResult[]> },
  headers: Record<string, string>,
): string {
  const bareTbt = median(reference.map((r) => r.tbt));
  const bareLcp = median(reference.map((r) => r.lcp));
  const lines = [
    '# What each header of the pages costs',
    '',
    `Written by \`npm run bench -- --header-cost --runs ${runs}\` on ${finishedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC, in ${Math.round((finishedAt.getTime() - startedAt.getTime()) / 1000)} s` +
      (retries ? ` (${retries} run${retries > 1 ? 's' : ''} repeated after a Lighthouse trace error)` : '') + '.',
    '',
    ...hostLines(host),
    '',
    `The bare one-paragraph page (\`${REFERENCE_ROUTE}\`) with no headers, and the same page with one header of \`/\` added, ${runs} runs each in rounds. ` +
      'Lighthouse mobile (simulated slow 4G, 4× CPU). Median, then min / median / max.',
    '',
    row(['Header', 'Value', 'TBT', 'TBT − bare', 'LCP ÷ bare', 'TBT min / median / max', 'LCP min / median / max']),
    row(Array<string>(7).fill('---')),
  ];
  for (const [name, list] of [['(none: the bare page)', reference] as [string, RunResult[]], ...results]) {
    const tbt = median(list.map((r) => r.tbt));
    const lcp = median(list.map((r) => r.lcp));
    const value = headers[name] ?? '';
    lines.push(
      row([
        `\`${name}\``,
        value.length > 40 ? `\`${value.slice(0, 37)}…\`` : value ? `\`${value}\`` : '',
        `${Math.round(tbt)} ms`,
        `${Math.round(tbt - bareTbt)} ms`,
        `${(lcp / bareLcp).toFixed(2)}×`,
        spread(list.map((r) => r.tbt), (v) => `${Math.round(v)}`),
        spread(list.map((r) => r.lcp), ms),
      ]),
    );
  }
  lines.push('');
  return lines.join('\n');
}

/** The byte sizes of the build (stable, unlike times): each page with the JavaScript it loads up front, each widget entry with its chunks. */
function buildSizeSections(dist: string, routes: string[]): string[] {
  const lines: string[] = [];
  lines.push('## Page weight in the build', '');
  lines.push(
    'HTML with its inlined CSS, and the JavaScript the page loads before any widget is near (its scripts with their static imports, plus the vitals reporter). ' +
      'gzip is level 9, Brotli quality 11, as the build writes them; the server sends Brotli to browsers that accept it. One round trip on a fresh connection carries about 14 KB: ' +
      'the first screen (the page up to its first below-the-fold block) must arrive in it, headers included; the rest may take the next (docs/page-speed.md).',
    '',
  );
  lines.push(row(['Page', 'HTML raw', 'HTML gzip', 'HTML br', 'JS files', 'JS gzip', 'JS br', 'First screen br']), row(Array<string>(8).fill('---')));
  const vitalsChunk = fs.readdirSync(path.join(dist, 'assets')).find((f) => /^vitals-.*\.js$/.test(f));
  for (const route of [...routes, NOT_FOUND_ROUTE]) {
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
    const page = Buffer.from(html);
    const brotli = zlib.brotliCompressSync(page, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } });
    const firstScreen = firstScreenBytes(page, brotli, 'br', 0).bodyBytes;
    lines.push(
      row([`\`${route}\``, bytes(htmlSizes.raw), bytes(htmlSizes.gzip), bytes(htmlSizes.brotli), scripts.size, bytes(js.gzip), bytes(js.brotli), bytes(firstScreen)]),
    );
  }
  lines.push('');
  lines.push('## Widget entries with their chunks', '');
  const react = new Set(reactChunks(dist));
  lines.push(row(['Entry', 'Files', 'Raw', 'gzip', 'Brotli', 'Holds React']), row(Array<string>(6).fill('---')));
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

  return lines;
}
