/**
 * npm run bench:api — load test of the intake service.
 * Starts `node --import tsx server/main.ts` on 127.0.0.1 (free port, fresh temp DATA_DIR,
 * rate limit out of the way, log level warn, SPAM_CHALLENGE=off) with a webhook target:
 * a local receiver started here (node:http) that verifies every Standard Webhooks
 * signature. Drives POST /addSocietyQuery and POST /addQuery alternately with distinct
 * payloads (so dedupe keeps every one) at concurrency 1, 10 and 50, prints throughput,
 * latency and the rows actually stored, then waits until every stored lead has been
 * delivered (accepted once) to the receiver.
 * Each level runs BENCH_RUNS times (default 3), in rounds; min / median / max are reported.
 * Bounded: BENCH_REQUESTS per level (default 6000), a 10 s timeout per request and a hard deadline overall.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { repoRoot } from './paths.ts';
import { Webhook } from 'standardwebhooks';

const REQUESTS = Number(process.env.BENCH_REQUESTS) || 6000;
/** Rounds of every level (BENCH_RUNS, default 3): the spread across them is reported, the goal judged on the median. */
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS) || 3);
const LEVELS = [1, 10, 50];
const DEADLINE_MS = 240_000 * Math.max(1, Number(process.env.BENCH_RUNS) || 3);
const GOAL = { concurrency: 50, storedPerSecond: 1500, p99Ms: 50 };

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });

const DRAIN_DEADLINE_MS = 60_000;

// The webhook receiver: counts each lead it accepts, and any signature that fails.
const webhookSecret = `whsec_${Buffer.from(crypto.getRandomValues(new Uint8Array(24))).toString('base64')}`;
const verifier = new Webhook(webhookSecret);
const deliveredIds = new Set<string>();
let deliveredRepeats = 0;
let badSignatures = 0;
const receiver = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    try {
      verifier.verify(Buffer.concat(chunks).toString('utf8'), req.headers as Record<string, string>);
    } catch {
      badSignatures++;
      res.writeHead(401).end();
      return;
    }
    const id = String(req.headers['webhook-id']);
    if (deliveredIds.has(id)) deliveredRepeats++;
    deliveredIds.add(id);
    res.writeHead(204).end();
  });
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const receiverUrl = `http://127.0.0.1:${(receiver.address() as net.AddressInfo).port}/leads`;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-api-data-'));
const distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-api-dist-'));
const port = await freePort();
// BENCH_NODE_ARGS: extra node flags for the service, e.g. "--cpu-prof --cpu-prof-dir=.tmp/prof".
const extraNodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
const child = spawn(process.execPath, [...extraNodeArgs, '--import', 'tsx', 'server/main.ts'], {
  cwd: repoRoot,
  env: {
    ...process.env,
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    DIST_DIR: distDir,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_MAX: '1000000000',
    SPAM_CHALLENGE: 'off',
    WEBHOOK_URLS: receiverUrl,
    WEBHOOK_SECRET: webhookSecret,
  },
  stdio: ['ignore', 'ignore', 'pipe'],
});
let childStderr = '';
child.stderr!.on('data', (chunk) => {
  childStderr = (childStderr + chunk).slice(-4000);
});

const cleanup = async (): Promise<void> => {
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
  }
  receiver.closeAllConnections();
  receiver.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(distDir, { recursive: true, force: true });
};
const deadline = setTimeout(() => {
  process.stderr.write('bench-api: deadline reached, stopping\n');
  void cleanup().finally(() => process.exit(1));
}, DEADLINE_MS);
deadline.unref();

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

function post(urlPath: string, body: string): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: urlPath,
        method: 'POST',
        agent,
        timeout: 10_000,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }));
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', () => resolve({ status: 0, ms: performance.now() - started }));
    req.end(body);
  });
}

function payload(level: number, i: number): [string, string] {
  const tag = `${level}-${i}`;
  if (i % 2 === 0) {
    return [
      '/addSocietyQuery',
      JSON.stringify({
        name: `Bench Resident ${tag}`,
        email: `resident.${tag}@bench.example`,
        phone: `+91 98${String(i).padStart(8, '0')}`,
        societyName: `Bench Heights ${tag}`,
        city: 'Pune',
        position: 'Secretary',
      }),
    ];
  }
  return [
    '/addQuery',
    JSON.stringify({
      name: `Bench Applicant ${tag}`,
      email: `applicant.${tag}@bench.example`,
      phone: `+91 97${String(i).padStart(8, '0')}`,
      college: 'Bench Institute of Technology',
      course: 'B.Tech',
      yearOfStudy: '3rd year',
      areaOfInterest: 'tech-intern',
      message: `I would like to join the team (${tag}). `.repeat(8),
    }),
  ];
}

async function waitForHealth(): Promise<void> {
  const until = Date.now() + 30_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`service exited early:\n${childStderr}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/health`);
      if (res.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`service did not become healthy:\n${childStderr}`);
}

function storedRows(): number {
  const db = new Database(path.join(dataDir, 'leads.db'), { readonly: true, fileMustExist: true });
  try {
    return (db.prepare('SELECT COUNT(*) AS n FROM leads').get() as { n: number }).n;
  } finally {
    db.close();
  }
}

/** CPU time the service process has used, in ms (Linux /proc; NaN elsewhere): on a shared machine, its cost per request is steadier than wall-clock rates. */
function serviceCpuMs(): number {
  try {
    const fields = fs.readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime + stime, in USER_HZ (100)
  } catch {
    return Number.NaN;
  }
}

interface Result {
  concurrency: number;
  cpuMsPerRequest: number;
  requests: number;
  seconds: number;
  ok: number;
  stored: number;
  p50: number;
  p99: number;
}

async function runLevel(concurrency: number, run: number): Promise<Result> {
  const latencies: number[] = [];
  let ok = 0;
  let next = 0;
  const before = storedRows();
  const cpuBefore = serviceCpuMs();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < REQUESTS) {
        const i = next++;
        // Distinct per run and level, so that dedupe keeps every lead.
        const [urlPath, body] = payload(run * 100 + concurrency, i);
        const { status, ms } = await post(urlPath, body);
        latencies.push(ms);
        if (status >= 200 && status < 300) ok++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (p: number) => latencies[Math.min(latencies.length - 1, Math.ceil((p / 100) * latencies.length) - 1)]!;
  const cpuMsPerRequest = (serviceCpuMs() - cpuBefore) / REQUESTS;
  return { concurrency, cpuMsPerRequest, requests: REQUESTS, seconds, ok, stored: storedRows() - before, p50: at(50), p99: at(99) };
}

// Everything printed below is also written to bench/api-results.md, so the last run is on record.
const printed: string[] = [];
const report = (text: string): void => {
  console.log(text);
  printed.push(text);
};
function writeResults(): void {
  const file = path.join(repoRoot, 'bench', 'api-results.md');
  const body = [
    '# Intake API bench',
    '',
    `Written by \`npm run bench:api\` on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC.`,
    '',
    `- Machine: ${os.cpus()[0]?.model.trim() ?? 'unknown CPU'}, ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GB, ${os.type()} ${os.release()}; Node ${process.version}`,
    `- Load average (1, 5, 15 min): ${loadBefore.map((l) => l.toFixed(2)).join(', ')} at the start, ${os.loadavg().map((l) => l.toFixed(2)).join(', ')} at the end (\`uptime\`)`,
    `- Reproduce: \`BENCH_RUNS=${RUNS} BENCH_REQUESTS=${REQUESTS} npm run bench:api\` on an otherwise idle machine (bench/notes.md)`,
    '',
    '```',
    ...printed,
    '```',
    '',
  ].join('\n');
  fs.writeFileSync(file, body);
  console.log(`written: ${path.relative(repoRoot, file)}`);
}

let exitCode = 0;
const loadBefore = os.loadavg();
try {
  await waitForHealth();
  // Warm-up (JIT, connection pool, SQLite page cache); not reported, not counted.
  await Promise.all(Array.from({ length: 200 }, (_, i) => post(...payload(0, i))));

  const results: Result[] = [];
  const runOf = new Map<Result, number>();
  for (let run = 1; run <= RUNS; run++) {
    for (const level of LEVELS) {
      const result = await runLevel(level, run);
      results.push(result);
      runOf.set(result, run);
    }
  }

  const rows = results.map((r) => [
    String(runOf.get(r)),
    String(r.concurrency),
    String(r.requests),
    (r.ok / r.seconds).toFixed(0),
    r.p50.toFixed(2),
    r.p99.toFixed(2),
    String(r.ok),
    String(r.stored),
    r.stored === r.ok ? 'yes' : 'NO',
    r.cpuMsPerRequest.toFixed(3),
  ]);
  const header = ['run', 'concurrency', 'requests', 'accepted req/s', 'p50 ms', 'p99 ms', '2xx', 'stored rows', 'stored = 2xx', 'service CPU ms/req'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padStart(widths[i]!)).join('  ');
  report(
    `intake API bench: ${os.cpus().length} CPUs, Node ${process.version}, ${REQUESTS} requests per level, both endpoints alternating, ` +
      `a webhook target, SPAM_CHALLENGE=off; load average before: ${loadBefore.map((l) => l.toFixed(2)).join(', ')}`,
  );
  report(line(header));
  for (const r of rows) report(line(r));
  const median = (xs: number[]) => {
    const s = [...xs].sort((a, b) => a - b);
    const mid = Math.floor(s.length / 2);
    return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
  };
  const spread = (xs: number[], digits: number) => [Math.min(...xs), median(xs), Math.max(...xs)].map((v) => v.toFixed(digits)).join(' / ');
  report(`spread across ${RUNS} run${RUNS > 1 ? 's' : ''} (min / median / max):`);
  for (const level of LEVELS) {
    const mine = results.filter((r) => r.concurrency === level);
    report(
      `  concurrency ${String(level).padStart(2)}: accepted req/s ${spread(mine.map((r) => r.ok / r.seconds), 0)}, ` +
        `p50 ms ${spread(mine.map((r) => r.p50), 2)}, p99 ms ${spread(mine.map((r) => r.p99), 2)}`,
    );
  }

  // Every stored lead (the warm-up's too) reaches the webhook receiver, once.
  const total = storedRows();
  const drainStarted = performance.now();
  const drainCpuBefore = serviceCpuMs();
  const delivered = () => [...deliveredIds].length;
  report(`webhook deliveries when the load stopped: ${delivered()} of ${total}`);
  while (delivered() < total && performance.now() - drainStarted < DRAIN_DEADLINE_MS) await new Promise((r) => setTimeout(r, 50));
  await new Promise((r) => setTimeout(r, 500)); // a repeat would arrive here
  const allDelivered = delivered() === total && deliveredRepeats === 0 && badSignatures === 0;
  const drainCpuMs = serviceCpuMs() - drainCpuBefore;
  report(
    `webhook deliveries: ${delivered()} of ${total} stored leads accepted by the receiver, ${deliveredRepeats} repeats, ` +
      `${badSignatures} bad signatures, ${((performance.now() - drainStarted) / 1000).toFixed(1)} s after the load (service CPU ${drainCpuMs.toFixed(0)} ms): ${allDelivered ? 'all delivered' : 'NOT all delivered'}`,
  );

  const atGoal = results.filter((r) => r.concurrency === GOAL.concurrency);
  const storedPerSecond = median(atGoal.map((r) => r.stored / r.seconds));
  const goalP99 = median(atGoal.map((r) => r.p99));
  const pass = storedPerSecond >= GOAL.storedPerSecond && goalP99 < GOAL.p99Ms && results.every((r) => r.stored === r.ok) && allDelivered;
  report(
    `goal at concurrency ${GOAL.concurrency}: >= ${GOAL.storedPerSecond} stored/s with p99 < ${GOAL.p99Ms} ms (medians of ${RUNS} runs), stored = 2xx, every lead delivered → ` +
      `${storedPerSecond.toFixed(0)} stored/s, p99 ${goalP99.toFixed(2)} ms: ${pass ? 'PASS' : 'FAIL'}`,
  );
  report(`load average (1, 5, 15 min): ${os.loadavg().map((l) => l.toFixed(2)).join(', ')}`);
  writeResults();
  if (!pass) exitCode = 1;
} catch (error) {
  console.error(`bench-api failed: ${(error as Error).message}`);
  exitCode = 1;
} finally {
  agent.destroy();
  await cleanup();
  clearTimeout(deadline);
}
process.exit(exitCode);
