/**
 * npm run bench:team -- [--leads N] [--samples N] [--only sqlite|postgres] [--keep DIR] [--priority=N]
 * The worklist at a million leads: fills a store with N leads (default 1,000,000; both kinds,
 * Indian names and cities, statuses, owners, notes: scripts/bench/team-data.ts) on SQLite and
 * on PostgreSQL (DATABASE_URL, else a throwaway server started here), starts the real service
 * on it as its own process, and times the team API one request at a time, as a member's
 * phone sends them: the first page, a status filter, the late list, the leads around one
 * ("Save and next"), a search by phone in another spelling, a search by part of a name or
 * society, and a status change. Reports p50 and p99 per
 * store against the goal (every p99 under 100 ms), with the query plan of each query behind
 * them and of every filter (no full scan of the leads for a search or a filter), into
 * bench/team-results.md. `--keep DIR` keeps the SQLite store in DIR and uses it again on the
 * next run (with PostgreSQL's DATABASE_URL, a database already holding N leads is used as it is).
 * `--priority=N` (-20 to 19, negative needs root) runs the bench, the service and a throwaway
 * PostgreSQL at that scheduling priority, for a machine other work shares; the report says so.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import pg from 'pg';
import { TEAM_API, type LeadDetail, type Neighbours, type WorklistPage } from '../contract/team.ts';
import { openDatabase } from '../server/store/sqlite.ts';
import { createPool, migrate } from '../server/store/postgres.ts';
import { numbered, selectSql } from '../server/team/worklist-postgres.ts';
import { hashOf } from '../server/team/sessions.ts';
import { countsSql, lateCountSql, LEAD_COLUMNS, sqliteSelectSql } from '../server/team/worklist.ts';
import { parseFilter, type Page } from '../server/team/worklist-filter.ts';
import { benchLead, FIRST_NAMES, fillPostgres, fillSqlite, SURNAMES } from './bench/team-data.ts';
import { repoRoot } from './paths.ts';
import { startServiceProcess, type ServiceProcess } from './service-process.ts';
import { startThrowawayPostgres, type ThrowawayPostgres } from './throwaway-postgres.ts';

const { values: args } = parseArgs({
  options: {
    leads: { type: 'string', default: '1000000' },
    samples: { type: 'string', default: '300' },
    only: { type: 'string' },
    keep: { type: 'string' },
    priority: { type: 'string' },
  },
});
const TOTAL = Number(args.leads);
const SAMPLES = Number(args.samples);
const PRIORITY = args.priority === undefined ? undefined : Number(args.priority);
if (
  !Number.isInteger(TOTAL) || TOTAL < 1000 || !Number.isInteger(SAMPLES) || SAMPLES < 20 || (args.only && args.only !== 'sqlite' && args.only !== 'postgres') ||
  (PRIORITY !== undefined && !(Number.isInteger(PRIORITY) && PRIORITY >= -20 && PRIORITY <= 19))
) {
  console.error('usage: npm run bench:team [-- --leads N (≥ 1000)] [--samples N (≥ 20)] [--only sqlite|postgres] [--keep DIR] [--priority=-20..19]');
  process.exit(2);
}
/** Gives a process (and, with `children`, the processes it has started) the --priority, when one is given. */
function prioritise(pid: number, children = false): void {
  if (PRIORITY === undefined) return;
  os.setPriority(pid, PRIORITY);
  if (!children) return;
  for (const task of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      if (fs.readFileSync(`/proc/${task}/stat`, 'utf8').split(') ')[1]!.split(' ')[1] === String(pid)) os.setPriority(Number(task), PRIORITY);
    } catch {
      /* gone meanwhile */
    }
  }
}
prioritise(process.pid);
const GOAL_P99_MS = 100;
const DAY = 86_400_000;
const START_GOAL_S = 10;
const WARM_UP = 20;
const ORIGIN = 'https://team.bench.example';
const now = Date.now();
const say = (text: string) => process.stdout.write(`${text}\n`);
const load = () => os.loadavg().map((v) => v.toFixed(2)).join(', ');

/** A random lead id of the store (the generator's ids are 1..TOTAL). */
const anyId = () => 1 + Math.floor(Math.random() * TOTAL);
/** A lead that is not spam, read from the generator (the same rows the store holds). */
function personLead() {
  for (;;) {
    const lead = benchLead(anyId(), TOTAL, now);
    if (!lead.spam) return lead;
  }
}
/** The same number spelled unlike the stored one: a trunk 0 and a hyphen, or +91 and spaces. */
const otherSpelling = (stored: string, national: string) =>
  stored.startsWith('0') ? `+91 ${national.slice(0, 5)} ${national.slice(5)}` : `0${national.slice(0, 5)}-${national.slice(5)}`;
const SOCIETY_WORDS = ['meadow', 'vihar', 'residency', 'heights', 'krupa', 'palm', 'towers', 'enclave', 'orchid', 'kaveri'];
/** 3 to 6 letters from inside a first name, a surname or a society's name, as someone half remembers it. */
function partOfAName(): string {
  const r = Math.random();
  const list: readonly string[] = r < 0.35 ? FIRST_NAMES : r < 0.7 ? SURNAMES : SOCIETY_WORDS;
  const word = list[Math.floor(Math.random() * list.length)]!.toLowerCase();
  const length = Math.min(word.length, 4 + Math.floor(Math.random() * 3));
  const start = Math.floor(Math.random() * (word.length - length + 1));
  return word.slice(start, start + length);
}

interface Operation {
  name: string;
  /** Untimed preparation; returns the timed request and a check of its answer. */
  prepare(api: Api): Promise<{ request: () => Promise<Response>; check: (body: unknown) => string | undefined }>;
}
type Api = (url: string, init?: { method?: string; body?: unknown }) => Promise<Response>;

const OPERATIONS: Operation[] = [
  {
    name: 'first page',
    prepare: async (api) => ({ request: () => api(TEAM_API.leads), check: (b) => ((b as WorklistPage).leads.length === 50 ? undefined : 'not a full page') }),
  },
  {
    name: 'status filter',
    prepare: async (api) => {
      const status = ['contacted', 'demo booked', 'set up', 'not a fit', 'screening', 'interview', 'offer'][Math.floor(Math.random() * 7)]!;
      return {
        request: () => api(`${TEAM_API.leads}?status=${encodeURIComponent(status)}`),
        check: (b) => ((b as WorklistPage).leads.every((l) => l.status === status) ? undefined : `a lead not "${status}"`),
      };
    },
  },
  {
    name: 'late list, longest late first',
    prepare: async (api) => ({
      request: () => api(`${TEAM_API.leads}?late=1`),
      check: (b) => {
        const leads = (b as WorklistPage).leads;
        const inOrder = leads.every((l, i) => l.late && (i === 0 || leads[i - 1]!.lateSince! <= l.lateSince!));
        return leads.length === 50 && inOrder ? undefined : 'not 50 late leads, longest late first';
      },
    }),
  },
  {
    name: 'next and previous lead (late list)',
    prepare: async (api) => {
      const { leads } = (await (await api(`${TEAM_API.leads}?late=1`)).json()) as WorklistPage;
      const at = 1 + Math.floor(Math.random() * (leads.length - 2));
      return {
        request: () => api(`${TEAM_API.neighbours(leads[at]!.id)}?late=1`),
        check: (b) => {
          const n = b as Neighbours;
          return n.previous === leads[at - 1]!.id && n.next === leads[at + 1]!.id ? undefined : `not the leads around ${leads[at]!.id}`;
        },
      };
    },
  },
  {
    name: 'phone search, another spelling',
    prepare: async (api) => {
      const lead = personLead();
      const q = otherSpelling(lead.fields.phone!, lead.phoneKey);
      return {
        request: () => api(`${TEAM_API.leads}?q=${encodeURIComponent(q)}`),
        check: (b) => ((b as WorklistPage).leads.some((l) => l.id === lead.id) ? undefined : `lead ${lead.id} not found by ${q}`),
      };
    },
  },
  {
    name: 'part of a name or society',
    prepare: async (api) => {
      const q = partOfAName();
      return {
        request: () => api(`${TEAM_API.leads}?q=${encodeURIComponent(q)}`),
        check: (b) => {
          const page = b as WorklistPage;
          const bad = page.leads.find((l) => ![l.name, l.email, l.organisation].some((v) => v.toLowerCase().includes(q)));
          return page.leads.length === 0 ? `nothing found for "${q}"` : bad ? `lead ${bad.id} does not hold "${q}"` : undefined;
        },
      };
    },
  },
  {
    name: 'status change',
    prepare: async (api) => {
      const id = personLead().id;
      const { lead } = (await (await api(TEAM_API.lead(id))).json()) as { lead: LeadDetail };
      const statuses = lead.kind === 'society' ? ['contacted', 'demo booked', 'set up', 'not a fit'] : ['screening', 'interview', 'not selected'];
      const status = statuses.filter((s) => s !== lead.status)[Math.floor(Math.random() * (statuses.length - 1))]!;
      return {
        request: () => api(TEAM_API.lead(id), { method: 'PATCH', body: { version: lead.version, status } }),
        check: (b) => ((b as { lead?: LeadDetail }).lead?.status === status ? undefined : 'not changed'),
      };
    },
  },
];

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

interface Result {
  name: string;
  p50: number;
  p99: number;
  max: number;
  /** The service process's CPU time per timed request (user + system), which other work on the machine does not inflate the way it does wall time. */
  cpuMs: number;
}

/** CPU time (ms) a process has used: /proc/PID/stat's utime + stime, in clock ticks of 10 ms. */
function cpuMsOf(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function measure(service: ServiceProcess, cookie: string): Promise<Result[]> {
  const api: Api = (url, init = {}) =>
    fetch(`${service.url}${url}`, {
      method: init.method ?? 'GET',
      headers: { cookie, ...(init.body ? { 'content-type': 'application/json', origin: ORIGIN } : {}) },
      body: init.body ? JSON.stringify(init.body) : undefined,
    });
  const results: Result[] = [];
  for (const operation of OPERATIONS) {
    const times: number[] = [];
    let cpuAtStart = 0;
    for (let i = 0; i < WARM_UP + SAMPLES; i++) {
      if (i === WARM_UP) cpuAtStart = cpuMsOf(service.child.pid!);
      const { request, check } = await operation.prepare(api);
      const start = performance.now();
      const res = await request();
      const body: unknown = await res.json();
      const ms = performance.now() - start;
      if (!res.ok) throw new Error(`${operation.name}: HTTP ${res.status} ${JSON.stringify(body)}`);
      const wrong = check(body);
      if (wrong) throw new Error(`${operation.name}: ${wrong}`);
      if (i >= WARM_UP) times.push(ms);
    }
    // The preparations between timed requests (a GET before a status change) are in the CPU time too: counted in, as an upper bound.
    const cpuMs = (cpuMsOf(service.child.pid!) - cpuAtStart) / SAMPLES;
    times.sort((a, b) => a - b);
    results.push({ name: operation.name, p50: percentile(times, 50), p99: percentile(times, 99), max: times[times.length - 1]!, cpuMs });
    say(`  ${operation.name.padEnd(32)} p50 ${percentile(times, 50).toFixed(1).padStart(6)} ms   p99 ${percentile(times, 99).toFixed(1).padStart(6)} ms   service CPU ${cpuMs.toFixed(2)} ms/request`);
  }
  return results;
}

/** The queries behind each timed request and every filter, as each store would plan them. */
function planCases() {
  const sample = benchLead(Math.floor(TOTAL / 2), TOTAL, now);
  const phone = otherSpelling(sample.fields.phone!, sample.phoneKey);
  const f = (query: Record<string, string>) => parseFilter(query);
  return [
    { name: 'first page (newest 51, not spam)', kind: 'list', filter: f({}), full: 'allowed' },
    { name: 'first page: counts per status (kept totals)', kind: 'counts', filter: f({}) },
    { name: 'status filter', kind: 'list', filter: f({ status: 'contacted' }) },
    { name: 'phone search, another spelling', kind: 'list', filter: f({ q: phone }) },
    { name: 'phone search: matches (up to 201)', kind: 'matches', filter: f({ q: phone }) },
    { name: 'part of a name', kind: 'list', filter: f({ q: 'rish' }) },
    { name: 'part of a name: matches (up to 201)', kind: 'matches', filter: f({ q: 'rish' }) },
    { name: 'part of a society name', kind: 'list', filter: f({ q: 'meadow' }) },
    { name: 'a whole name (a few hundred leads)', kind: 'list', filter: f({ q: sample.fields.name! }) },
    { name: "one person's email (a rare term)", kind: 'list', filter: f({ q: sample.fields.email! }) },
    { name: 'kind and status', kind: 'list', filter: f({ kind: 'career', status: 'interview' }) },
    { name: 'owner', kind: 'list', filter: f({ owner: '3' }) },
    { name: 'nobody owns it, new', kind: 'list', filter: f({ owner: 'none', status: 'new' }) },
    { name: 'city', kind: 'list', filter: f({ city: 'Pune' }) },
    { name: 'city: counts per status', kind: 'counts', filter: f({ city: 'Pune' }) },
    { name: 'source (a partner)', kind: 'list', filter: f({ source: 'greenpark-rwa' }) },
    { name: 'campaign', kind: 'list', filter: f({ campaign: 'diwali' }) },
    { name: 'dates (one week)', kind: 'list', filter: f({ from: '2026-06-01', to: '2026-06-07' }) },
    { name: 'late, longest late first', kind: 'list', filter: f({ late: '1' }) },
    { name: 'late, its next page', kind: 'list', filter: f({ late: '1' }), after: { id: sample.id, lateAt: now - 30 * DAY } },
    { name: 'late, the lead before one ("previous")', kind: 'list', filter: f({ late: '1' }), after: { id: sample.id, lateAt: now - 30 * DAY }, backward: true },
    { name: 'newest first, the lead before one ("previous")', kind: 'list', filter: f({}), after: { id: sample.id }, backward: true },
    { name: 'late: the chip\'s count', kind: 'late count', filter: f({}) },
    { name: 'late and an owner: the chip\'s count', kind: 'late count', filter: f({ owner: '3' }) },
    { name: 'spam list', kind: 'list', filter: f({ spam: '1' }) },
    { name: 'status change', kind: 'update', filter: f({}) },
  ] as const;
}

/** The page a plan case reads: 51 leads (201 ids for a search's matches), from its place in the list and in its direction when it has one. */
function pageOf(c: ReturnType<typeof planCases>[number]): Page {
  return { limit: c.kind === 'matches' ? 201 : 51, ...('after' in c ? { after: c.after } : {}), ...('backward' in c ? { backward: c.backward } : {}) };
}

/** A plan line that reads the whole leads table: SQLite's "SCAN l" without an index, PostgreSQL's "Seq Scan on leads". */
const FULL_SCAN = /^SCAN (?:l|leads)(?: |$)(?!.*USING)|Seq Scan on leads\b/m;

function sqlitePlans(dataDir: string): { name: string; plan: string; full: boolean; allowed: boolean }[] {
  const db = new Database(path.join(dataDir, 'leads.db'), { readonly: true });
  try {
    return planCases().map((c) => {
      const { sql, params } =
        c.kind === 'update'
          ? { sql: 'UPDATE leads SET status = ?, owner_id = ?, next_call_on = ?, version = version + 1 WHERE id = ? AND version = ?', params: ['contacted', 1, null, 1, 1] }
          : c.kind === 'counts'
            ? countsSql(c.filter, now)
            : c.kind === 'late count'
              ? lateCountSql(c.filter, now)
              : sqliteSelectSql(c.kind === 'matches' ? 'l.id' : LEAD_COLUMNS, c.filter, now, pageOf(c));
      const rows = db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params.map((p) => (typeof p === 'boolean' ? Number(p) : p))) as { detail: string }[];
      const plan = rows.map((r) => r.detail).join('\n');
      return { name: c.name, plan, full: FULL_SCAN.test(plan), allowed: 'full' in c };
    });
  } finally {
    db.close();
  }
}

async function postgresPlans(url: string) {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  try {
    const out = [];
    for (const c of planCases()) {
      const { sql, params } =
        c.kind === 'update'
          ? { sql: 'UPDATE leads SET status = $1, owner_id = $2, next_call_on = $3, version = version + 1 WHERE id = $4', params: ['contacted', 1, null, 1] }
          : c.kind === 'counts'
            ? countsSql(c.filter, now, (n) => `$${n}`)
            : c.kind === 'late count'
              ? { sql: numbered(lateCountSql(c.filter, now).sql), params: lateCountSql(c.filter, now).params }
              : selectSql(c.kind === 'matches' ? 'l.id' : LEAD_COLUMNS, c.filter, now, pageOf(c));
      const rows = (await pool.query(`EXPLAIN (COSTS OFF) ${sql}`, params)).rows as { 'QUERY PLAN': string }[];
      const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
      out.push({ name: c.name, plan, full: FULL_SCAN.test(plan), allowed: 'full' in c });
    }
    return out;
  } finally {
    await pool.end();
  }
}

interface StoreRun {
  store: 'SQLite' | 'PostgreSQL';
  fillSeconds: number;
  /** From spawning the service on the filled store to its first healthy answer, and what ran. */
  startSeconds: number;
  entry: string;
  size: string;
  results: Result[];
  plans: { name: string; plan: string; full: boolean; allowed: boolean }[];
  note: string;
}

/** The service on the filled store, and how long it took to answer /health (the goal: START_GOAL_S). */
async function startService(env: Record<string, string>): Promise<{ service: ServiceProcess; startSeconds: number; entry: string }> {
  const started = performance.now();
  // As a server runs it (the compiled service, no TypeScript to compile at start) when npm run build made it.
  const compiled = fs.existsSync(path.join(repoRoot, 'server-build', 'main.js'));
  const service = await startServiceProcess({ DIST_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'bench-team-dist-')), LOG_LEVEL: 'warn', TEAM_ORIGIN: ORIGIN, RATE_LIMIT_MAX: '1000000', ...env }, [], { compiled });
  const startSeconds = (performance.now() - started) / 1000;
  prioritise(service.child.pid!);
  const entry = compiled ? 'server-build/main.js' : 'server/main.ts through tsx';
  say(`  the service (${entry}) answered /health ${startSeconds.toFixed(1)} s after it was started (goal: under ${START_GOAL_S} s)`);
  return { service, startSeconds, entry };
}

const progressOf = (label: string) => {
  let last = 0;
  return (n: number) => {
    if (n - last >= 100_000 || n === TOTAL) {
      last = n;
      process.stdout.write(`  ${label}: ${n.toLocaleString('en-IN')} leads\r`);
    }
  };
};

async function runSqlite(): Promise<StoreRun> {
  const dataDir = args.keep ? path.resolve(args.keep) : fs.mkdtempSync(path.join(os.tmpdir(), 'bench-team-sqlite-'));
  const reuse = args.keep !== undefined && fs.existsSync(path.join(dataDir, 'leads.db'));
  try {
    let fillSeconds = 0;
    if (reuse) {
      const db = new Database(path.join(dataDir, 'leads.db'), { readonly: true });
      const held = db.prepare('SELECT COUNT(*) FROM leads').pluck().get() as number;
      db.close();
      if (held !== TOTAL) throw new Error(`${dataDir} holds ${held} leads, not ${TOTAL}: give --leads ${held}, or another --keep folder`);
      say(`SQLite in ${dataDir}: ${TOTAL.toLocaleString('en-IN')} leads, filled by an earlier run`);
    } else {
      fs.mkdirSync(dataDir, { recursive: true });
      say(`SQLite in ${dataDir}: filling ${TOTAL.toLocaleString('en-IN')} leads…`);
      const started = performance.now();
      const db = openDatabase(dataDir);
      fillSqlite(db, TOTAL, now, progressOf('SQLite'));
      db.prepare('INSERT INTO team_sessions (id_hash, member_id, created_at, last_seen_at) VALUES (?, 1, ?, ?)').run(hashOf('bench-session-sqlite-0000'), now, now);
      db.close();
      fillSeconds = (performance.now() - started) / 1000;
    }
    // A session that is fresh now (an earlier run's has gone idle).
    const session = new Database(path.join(dataDir, 'leads.db'));
    session.prepare('UPDATE team_sessions SET created_at = ?, last_seen_at = ?').run(Date.now(), Date.now());
    session.close();
    const size = fs.readdirSync(dataDir).reduce((sum, f) => sum + fs.statSync(path.join(dataDir, f)).size, 0);
    say(`\n  ${reuse ? 'reused' : `filled in ${fillSeconds.toFixed(0)} s`}, ${(size / 2 ** 20).toFixed(0)} MB; timing the API (${SAMPLES} requests per operation, one at a time)…`);
    const { service, startSeconds, entry } = await startService({ DATA_DIR: dataDir });
    try {
      const results = await measure(service, '__Host-team-session=bench-session-sqlite-0000');
      return { store: 'SQLite', fillSeconds, startSeconds, entry, size: `${(size / 2 ** 20).toFixed(0)} MB (leads.db)`, results, plans: sqlitePlans(dataDir), note: 'one service process, leads.db on the local disk' };
    } finally {
      await service.stop();
    }
  } finally {
    if (!args.keep) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function runPostgres(): Promise<StoreRun> {
  let server: ThrowawayPostgres | undefined;
  let url = process.env.DATABASE_URL?.trim();
  let note = 'given as DATABASE_URL';
  if (!url) {
    server = await startThrowawayPostgres();
    url = await server.createDatabase('bench_team');
    note = 'a throwaway server started by the bench (Debian\'s PostgreSQL, default settings but fsync off)';
  }
  try {
    say(`PostgreSQL: filling ${TOTAL.toLocaleString('en-IN')} leads…`);
    const started = performance.now();
    const pool = createPool(url, { max: 2, application: 'bench-team' });
    try {
      await migrate(pool);
      const held = Number((await pool.query<{ n: string }>('SELECT count(*) AS n FROM leads')).rows[0]!.n);
      if (held === 0) await fillPostgres(pool, TOTAL, now, progressOf('PostgreSQL'));
      else if (server || held !== TOTAL) throw new Error(`DATABASE_URL holds ${held} leads: give an empty database (the bench fills it), or one an earlier run filled with --leads ${held}`);
      else say(`  ${held.toLocaleString('en-IN')} leads there from an earlier run`);
      await pool.query(
        'INSERT INTO team_sessions (id_hash, member_id, created_at, last_seen_at) VALUES ($1, 1, $2, $2) ON CONFLICT (id_hash) DO UPDATE SET created_at = $2, last_seen_at = $2',
        [hashOf('bench-session-postgres-00'), Date.now()],
      );
    } finally {
      await pool.end();
    }
    const fillSeconds = (performance.now() - started) / 1000;
    const sizePool = new pg.Pool({ connectionString: url, max: 1 });
    const size = Number((await sizePool.query<{ n: string }>('SELECT pg_database_size(current_database()) AS n')).rows[0]!.n);
    // The server's processes (our throwaway one's only): the postmaster, whose later children inherit it, and those it runs now.
    if (server) {
      const backend = Number((await sizePool.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid);
      prioritise(Number(fs.readFileSync(`/proc/${backend}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]), true);
    }
    await sizePool.end();
    say(`\n  filled in ${fillSeconds.toFixed(0)} s, ${(size / 2 ** 20).toFixed(0)} MB; timing the API (${SAMPLES} requests per operation, one at a time)…`);
    const { service, startSeconds, entry } = await startService({ DATABASE_URL: url });
    try {
      const results = await measure(service, '__Host-team-session=bench-session-postgres-00');
      return { store: 'PostgreSQL', fillSeconds, startSeconds, entry, size: `${(size / 2 ** 20).toFixed(0)} MB (the database)`, results, plans: await postgresPlans(url), note };
    } finally {
      await service.stop();
    }
  } finally {
    server?.stop();
  }
}

function report(runs: StoreRun[], loadBefore: string, loadAfter: string): { markdown: string; pass: boolean } {
  const cpu = os.cpus();
  const lines = [
    '# Team worklist bench: the API at a million leads',
    '',
    `Written by \`npm run bench:team\` on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC.`,
    '',
    `- Machine: ${cpu[0]?.model.trim()}, ${cpu.length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GB; Node ${process.version}`,
    `- Load average (1, 5, 15 min): ${loadBefore} at the start, ${loadAfter} at the end (other work was running on this shared machine)`,
    ...(PRIORITY === undefined ? [] : [`- Scheduling priority: the bench, the service${args.only === 'sqlite' ? '' : ' and the throwaway PostgreSQL'} ran at nice ${PRIORITY} (\`--priority=${PRIORITY}\`), the rest of the machine's work at its own`]),
    `- Store: ${TOTAL.toLocaleString('en-IN')} leads (about 80 % societies, 20 % applications, 3 % spam, statuses by age, 12 owners, notes on about 45 % of worked leads) over 330 days, 30 cities`,
    `- Each operation: ${WARM_UP} requests to warm up, then ${SAMPLES} timed one at a time over HTTP to the service as its own process (as a member's phone sends them), each answer checked (the phone search finds the lead, every lead found holds the term, the status changed)`,
    `- Goal: every p99 under ${GOAL_P99_MS} ms, on SQLite and on PostgreSQL; the service healthy within ${START_GOAL_S} s of its start on the full store`,
    '- "service CPU": the service process\'s own CPU time per timed request (`/proc`; PostgreSQL\'s work is in its server processes, not counted), which other work on a shared machine does not inflate as it does the wall-clock times',
    '',
    '| operation | ' + runs.map((r) => `${r.store} p50 | ${r.store} p99 | ${r.store} service CPU`).join(' | ') + ' |',
    '|---|' + runs.map(() => '---:|---:|---:').join('|') + '|',
  ];
  for (const op of OPERATIONS) {
    const cells = runs.map((r) => {
      const res = r.results.find((x) => x.name === op.name)!;
      return `${res.p50.toFixed(1)} ms | ${res.p99.toFixed(1)} ms | ${res.cpuMs.toFixed(2)} ms`;
    });
    lines.push(`| ${op.name} | ${cells.join(' | ')} |`);
  }
  let pass = true;
  lines.push('');
  for (const r of runs) {
    const worst = Math.max(...r.results.map((x) => x.p99));
    const scans = r.plans.filter((p) => p.full && !p.allowed);
    const ok = worst < GOAL_P99_MS && scans.length === 0 && r.startSeconds < START_GOAL_S;
    pass &&= ok;
    lines.push(
      `- **${r.store}** (${r.note}): ${r.fillSeconds ? `filled in ${r.fillSeconds.toFixed(0)} s` : 'filled by an earlier run'}, ${r.size}; the service (${r.entry}) started (healthy) in ${r.startSeconds.toFixed(1)} s; worst p99 ${worst.toFixed(1)} ms; ` +
        `${scans.length === 0 ? 'no full scan of the leads for a search or a filter' : `FULL SCAN in: ${scans.map((s) => s.name).join(', ')}`}: **${ok ? 'PASS' : 'FAIL'}**`,
    );
  }
  lines.push('', '## Query plans', '', 'The queries behind each request and every filter, as the store plans them on the filled database (SQLite: `EXPLAIN QUERY PLAN`; PostgreSQL: `EXPLAIN (COSTS OFF)`). The first page alone reads the table in id order, newest first, and stops after 51 rows (LIMIT); every filter and search starts from an index of its own, the part-of-a-name search from the trigram index (SQLite: the FTS5 table `lead_search`, read newest first; PostgreSQL: `leads_search`, pg_trgm).', '');
  for (const r of runs) {
    lines.push(`### ${r.store}`, '');
    for (const p of r.plans) lines.push(`**${p.name}**${p.full ? (p.allowed ? ' (reads in id order, stopped by LIMIT)' : ' — FULL SCAN') : ''}`, '', '```', p.plan, '```', '');
  }
  return { markdown: lines.join('\n') + '\n', pass };
}

const loadBefore = load();
const runs: StoreRun[] = [];
if (args.only !== 'postgres') runs.push(await runSqlite());
if (args.only !== 'sqlite') runs.push(await runPostgres());
const { markdown, pass } = report(runs, loadBefore, load());
const out = path.join(repoRoot, 'bench', 'team-results.md');
fs.writeFileSync(out, markdown);
say(`\n${markdown.split('\n## Query plans')[0]}\nwritten to ${path.relative(repoRoot, out)}`);
process.exit(pass ? 0 : 1);
