/**
 * npm run bench:api — load test of the intake service.
 * Starts `node --import tsx server/main.ts` on 127.0.0.1 as the tests do
 * (scripts/service-process.ts: free port; here a fresh temp DATA_DIR, rate limit out of
 * the way, log level warn, SPAM_CHALLENGE=off) with a webhook target: the tests' receiver
 * (scripts/webhook-receiver.ts), which verifies every Standard Webhooks signature.
 * Drives POST /addSocietyQuery and POST /addQuery alternately with distinct
 * payloads (so dedupe keeps every one) at concurrency 1, 10 and 50, prints throughput,
 * latency and the rows actually stored, then waits until every stored lead has been
 * delivered (accepted once) to the receiver.
 * Each level runs BENCH_RUNS times (default 3), in rounds; min / median / max are reported.
 * Bounded: BENCH_REQUESTS per level (default 6000), a 10 s timeout per request and a hard deadline overall.
 *
 * npm run bench:api -- --instances N (N ≥ 2): the same load spread round robin over N
 * instances on one PostgreSQL (DATABASE_URL, else a throwaway server started here), after
 * the single-instance SQLite reference measured in the same run; both are reported with
 * their ratio, into bench/api-results-postgres.md.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import pg from 'pg';
import { repoRoot } from './paths.ts';
import { startThrowawayPostgres, type ThrowawayPostgres } from './throwaway-postgres.ts';
import { startServiceProcess, type ServiceProcess } from './service-process.ts';
import { startWebhookReceiver, webhookSecret } from './webhook-receiver.ts';
import { VALID_LEADS } from '../test/helpers/fixtures.ts';
import { LEAD_PATHS } from '../contract/http.ts';

const { values: args } = parseArgs({ options: { instances: { type: 'string', default: '1' } } });
const INSTANCES = Number(args.instances);
if (!Number.isInteger(INSTANCES) || INSTANCES < 1 || INSTANCES > 8) {
  console.error('usage: npm run bench:api [-- --instances N]   (N from 1 to 8; N ≥ 2 runs on PostgreSQL)');
  process.exit(2);
}

const REQUESTS = Number(process.env.BENCH_REQUESTS) || 6000;
/** Rounds of every level (BENCH_RUNS, default 3): the spread across them is reported, the goal judged on the median. */
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS) || 3);
const LEVELS = [1, 10, 50];
const DEADLINE_MS = (INSTANCES > 1 ? 600_000 : 240_000) * RUNS;
const GOAL = { concurrency: 50, storedPerSecond: 1500, p99Ms: 50 };


const DRAIN_DEADLINE_MS = 60_000;

type WebhookReceiver = Awaited<ReturnType<typeof startWebhookReceiver>>;
/** The receiver of the store being measured: every delivery of its service goes here. */
let receiver: WebhookReceiver | undefined;

interface Service {
  processes: ServiceProcess[];
  storedRows: () => Promise<number>;
  stop: () => Promise<void>;
}

/**
 * N service processes on one store, healthy, delivering to `webhook`: SQLite in a fresh
 * data folder (N = 1), or the PostgreSQL database at `databaseUrl`.
 */
async function startService(instances: number, webhook: { url: string; secret: string }, databaseUrl?: string): Promise<Service> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-api-data-'));
  const distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-api-dist-'));
  // BENCH_NODE_ARGS: extra node flags for the service, e.g. "--cpu-prof --cpu-prof-dir=.tmp/prof".
  const extraNodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const env = {
    DATA_DIR: dataDir,
    DIST_DIR: distDir,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_MAX: '1000000000',
    SPAM_CHALLENGE: 'off',
    WEBHOOK_URLS: webhook.url,
    WEBHOOK_SECRET: webhook.secret,
    DATABASE_URL: databaseUrl ?? '',
  };
  const started = await Promise.allSettled(Array.from({ length: instances }, () => startServiceProcess(env, extraNodeArgs)));
  const processes = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const pool = databaseUrl ? new pg.Pool({ connectionString: databaseUrl, max: 1 }) : undefined;
  const service: Service = {
    processes,
    async storedRows() {
      if (pool) return Number((await pool.query<{ n: string }>('SELECT count(*) AS n FROM leads')).rows[0]!.n);
      const db = new Database(path.join(dataDir, 'leads.db'), { readonly: true, fileMustExist: true });
      try {
        return (db.prepare('SELECT COUNT(*) AS n FROM leads').get() as { n: number }).n;
      } finally {
        db.close();
      }
    },
    async stop() {
      await Promise.all(processes.map((p) => p.stop()));
      await pool?.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
      fs.rmSync(distDir, { recursive: true, force: true });
    },
  };
  const failed = started.find((s) => s.status === 'rejected');
  if (failed) {
    await service.stop();
    throw failed.reason;
  }
  return service;
}

let service: Service | undefined;
let postgres: ThrowawayPostgres | undefined;
const cleanup = async (): Promise<void> => {
  agent.destroy();
  await service?.stop();
  postgres?.stop();
  await receiver?.stop();
};
const deadline = setTimeout(() => {
  process.stderr.write('bench-api: deadline reached, stopping\n');
  void cleanup().finally(() => process.exit(1));
}, DEADLINE_MS);
deadline.unref();

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

let nextInstance = 0;
/** A POST to the next instance, round robin (as a proxy in front of them would). */
function post(urlPath: string, body: string): Promise<{ status: number; ms: number }> {
  const { processes } = service!;
  const { port } = processes[nextInstance++ % processes.length]!;
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

/** The tests' valid payloads (test/helpers/fixtures.ts: plain data over the contract, no test library), made distinct per request. */
function payload(level: number, i: number): [string, string] {
  const kind = i % 2 === 0 ? 'society' : 'career';
  const tag = `${level}-${i}`;
  const lead = VALID_LEADS[kind];
  const body = {
    ...lead,
    name: `${lead.name} ${tag}`,
    email: lead.email.replace('@', `.${tag}@`),
    phone: `+91 9${kind === 'society' ? 8 : 7}${String(i).padStart(8, '0')}`,
    // An application's message is its longest field: a realistic body size.
    ...(kind === 'career' ? { message: `I would like to join the team (${tag}). `.repeat(8) } : {}),
  };
  return [LEAD_PATHS[kind], JSON.stringify(body)];
}

/** CPU time the service processes have used, in ms (Linux /proc; NaN elsewhere): on a shared machine, their cost per request is steadier than wall-clock rates. PostgreSQL's own is not counted. */
function serviceCpuMs(): number {
  let total = 0;
  for (const { child } of service!.processes) {
    try {
      const fields = fs.readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      total += ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime + stime, in USER_HZ (100)
    } catch {
      return Number.NaN;
    }
  }
  return total;
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
  const before = await service!.storedRows();
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
  return { concurrency, cpuMsPerRequest, requests: REQUESTS, seconds, ok, stored: (await service!.storedRows()) - before, p50: at(50), p99: at(99) };
}

// Everything printed below is also written to bench/api-results.md (bench/api-results-postgres.md
// with --instances), so the last run is on record.
const printed: string[] = [];
const report = (text: string): void => {
  console.log(text);
  printed.push(text);
};
function writeResults(): void {
  const file = path.join(repoRoot, 'bench', INSTANCES > 1 ? 'api-results-postgres.md' : 'api-results.md');
  const body = [
    INSTANCES > 1 ? `# Intake API bench: ${INSTANCES} instances on PostgreSQL, against one on SQLite` : '# Intake API bench',
    '',
    `Written by \`npm run bench:api${INSTANCES > 1 ? ` -- --instances ${INSTANCES}` : ''}\` on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC.`,
    '',
    `- Machine: ${os.cpus()[0]?.model.trim() ?? 'unknown CPU'}, ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GB, ${os.type()} ${os.release()}; Node ${process.version}`,
    `- Load average (1, 5, 15 min): ${loadAtStart.map((l) => l.toFixed(2)).join(', ')} at the start, ${os.loadavg().map((l) => l.toFixed(2)).join(', ')} at the end (\`uptime\`)`,
    `- Reproduce: \`BENCH_RUNS=${RUNS} BENCH_REQUESTS=${REQUESTS} npm run bench:api${INSTANCES > 1 ? ` -- --instances ${INSTANCES}` : ''}\` on an otherwise idle machine (bench/notes.md)`,
    '',
    '```',
    ...printed,
    '```',
    '',
  ].join('\n');
  fs.writeFileSync(file, body);
  console.log(`written: ${path.relative(repoRoot, file)}`);
}

interface RunOutcome {
  storedPerSecond: number;
  p99: number;
  pass: boolean;
}

/** One store under the whole load: every level, then the drain; the report lines, and the goal's figures. */
async function benchStore(label: string, instances: number, databaseUrl?: string): Promise<RunOutcome> {
  const secret = webhookSecret();
  const hooks = (receiver = await startWebhookReceiver(secret));
  const loadBefore = os.loadavg();
  try {
    service = await startService(instances, { url: hooks.url, secret }, databaseUrl);
    // Warm-up (JIT, connection pool, page cache); not reported, not counted.
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
      `${label}intake API bench: ${os.cpus().length} CPUs, Node ${process.version}, ${REQUESTS} requests per level, ${RUNS} run${RUNS > 1 ? 's' : ''}, both endpoints alternating, ` +
        `a webhook target, SPAM_CHALLENGE=off; load average before: ${loadBefore.map((l) => l.toFixed(2)).join(', ')}`,
    );
    report(line(header));
    for (const r of rows) report(line(r));
    report(`spread across ${RUNS} run${RUNS > 1 ? 's' : ''} (min / median / max):`);
    for (const level of LEVELS) {
      const mine = results.filter((r) => r.concurrency === level);
      report(
        `  concurrency ${String(level).padStart(2)}: accepted req/s ${spread(mine.map((r) => r.ok / r.seconds), 0)}, ` +
          `p50 ms ${spread(mine.map((r) => r.p50), 2)}, p99 ms ${spread(mine.map((r) => r.p99), 2)}`,
      );
    }

    // Every stored lead (the warm-up's too) reaches the webhook receiver, once.
    const total = await service.storedRows();
    const drainStarted = performance.now();
    const drainCpuBefore = serviceCpuMs();
    // This receiver accepts every request whose signature verifies: the leads delivered are the
    // distinct webhook-ids it saw; anything it accepted beyond them is a repeat.
    const delivered = () => hooks.attempts.size;
    const repeats = () => hooks.accepted.length - hooks.attempts.size;
    report(`webhook deliveries when the load stopped: ${delivered()} of ${total}`);
    while (delivered() < total && performance.now() - drainStarted < DRAIN_DEADLINE_MS) await new Promise((r) => setTimeout(r, 50));
    await new Promise((r) => setTimeout(r, 500)); // a repeat would arrive here
    const allDelivered = delivered() === total && repeats() === 0 && hooks.badSignatures.length === 0;
    const drainCpuMs = serviceCpuMs() - drainCpuBefore;
    report(
      `webhook deliveries: ${delivered()} of ${total} stored leads accepted by the receiver, ${repeats()} repeats, ` +
        `${hooks.badSignatures.length} bad signatures, ${((performance.now() - drainStarted) / 1000).toFixed(1)} s after the load (service CPU ${drainCpuMs.toFixed(0)} ms): ${allDelivered ? 'all delivered' : 'NOT all delivered'}`,
    );

    const atGoal = results.filter((r) => r.concurrency === GOAL.concurrency);
    const storedPerSecond = median(atGoal.map((r) => r.stored / r.seconds));
    const p99 = median(atGoal.map((r) => r.p99));
    const pass = storedPerSecond >= GOAL.storedPerSecond && p99 < GOAL.p99Ms && results.every((r) => r.stored === r.ok) && allDelivered;
    report(
      `goal at concurrency ${GOAL.concurrency}: >= ${GOAL.storedPerSecond} stored/s with p99 < ${GOAL.p99Ms} ms (medians of ${RUNS} runs), stored = 2xx, every lead delivered → ` +
        `${storedPerSecond.toFixed(0)} stored/s, p99 ${p99.toFixed(2)} ms: ${pass ? 'PASS' : 'FAIL'}`,
    );
    report(`load average (1, 5, 15 min): ${os.loadavg().map((l) => l.toFixed(2)).join(', ')}`);
    return { storedPerSecond, p99, pass };
  } finally {
    await service?.stop();
    service = undefined;
    await hooks.stop();
    receiver = undefined;
  }
}

const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const spread = (xs: number[], digits: number) => [Math.min(...xs), median(xs), Math.max(...xs)].map((v) => v.toFixed(digits)).join(' / ');
const loadAtStart = os.loadavg();

let exitCode = 0;
try {
  if (INSTANCES === 1) {
    if (!(await benchStore('', 1)).pass) exitCode = 1;
  } else {
    const reference = await benchStore('SQLite, 1 instance (the reference, measured in this run): ', 1);
    report('');
    let databaseUrl = process.env.DATABASE_URL?.trim();
    if (!databaseUrl) {
      postgres = await startThrowawayPostgres();
      databaseUrl = await postgres.createDatabase('bench');
    }
    const shared = await benchStore(`PostgreSQL, ${INSTANCES} instances round robin${process.env.DATABASE_URL ? '' : ' (a throwaway local server, fsync off)'}: `, INSTANCES, databaseUrl);
    report('');
    report(
      `at concurrency ${GOAL.concurrency}: PostgreSQL × ${INSTANCES} stores ${(shared.storedPerSecond / reference.storedPerSecond).toFixed(2)}× the leads/s of SQLite × 1 ` +
        `(${shared.storedPerSecond.toFixed(0)} against ${reference.storedPerSecond.toFixed(0)}), p99 ${(shared.p99 / reference.p99).toFixed(2)}× (${shared.p99.toFixed(2)} ms against ${reference.p99.toFixed(2)} ms)`,
    );
    if (!shared.pass) exitCode = 1;
  }
  writeResults();
} catch (error) {
  console.error(`bench-api failed: ${(error as Error).message}`);
  exitCode = 1;
} finally {
  await cleanup();
  clearTimeout(deadline);
}
process.exit(exitCode);
