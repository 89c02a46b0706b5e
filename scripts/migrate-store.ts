/**
 * npm run migrate-store -- --to postgres://… [--data-dir DIR]
 * Copies a SQLite data folder (leads.db: leads with their references, their delivery outbox
 * state and acknowledged addresses, the unexpired used proof-of-work solutions and idempotency
 * keys (an erased lead's as its tombstone), the record of erasures, and the team's members,
 * passkeys, each lead's status, owner, next-call date and notes, and the audit log; vitals.db:
 * field vitals and funnel counts; the proof-of-work key file) into PostgreSQL, creating or
 * upgrading the schema there: a device still retrying a send gets its first answer from
 * PostgreSQL too, and an erased lead is not stored again. Each copied row records
 * which SQLite row it came from, so a second run copies nothing twice. Stop the SQLite
 * service first: a delivery it sends after the copy would be sent again from PostgreSQL.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { CAMPAIGN_COLUMNS, CAMPAIGN_KEYS } from '../contract/campaign.ts';
import { DatabaseOpenError, type Db, dbPath, openReadOnly, vitalsDbPath } from '../server/store/sqlite.ts';
import { createPool, describeUrl, migrate, transaction } from '../server/store/postgres.ts';
import { IDEMPOTENCY_KEEP_MS } from '../server/intake/idempotency.ts';
import { dataDir as defaultDataDir } from './paths.ts';
import { cliArgs, fail } from './reports/cli.ts';
import { terminalSafe } from './reports/terminal-safe.ts';

/** `$1, $2, …, $n`: PostgreSQL's parameters of an INSERT of n values. */
const placeholders = (n: number): string => Array.from({ length: n }, (_, i) => `$${i + 1}`).join(', ');

const values = cliArgs(
  { to: { type: 'string' }, 'data-dir': { type: 'string' } },
  'usage: npm run migrate-store -- --to postgres://USER@HOST/DATABASE [--data-dir DIR]',
);
const url = values.to ?? process.env.DATABASE_URL;
if (!url || !/^postgres(ql)?:\/\//.test(url)) fail('--to must be a postgres:// URL (or set DATABASE_URL)');
const dataDir = values['data-dir'] ?? defaultDataDir();
if (!fs.existsSync(dbPath(dataDir))) fail(`no database at ${dbPath(dataDir)}: nothing to copy`);

/**
 * Which SQLite row a copy came from: the same row gives the same mark on every run. A lead's
 * team columns (status, owner, next call, version, search keys, when it is late) change as the team works, so
 * they are not part of its mark.
 */
const TEAM_COLUMNS = new Set(['status', 'owner_id', 'next_call_on', 'version', 'phone_key', 'city_key', 'late_at']);
const mark = (table: string, row: Record<string, unknown>) =>
  `sqlite:${table}:${createHash('sha256').update(JSON.stringify(table === 'leads' ? Object.fromEntries(Object.entries(row).filter(([k]) => !TEAM_COLUMNS.has(k))) : row)).digest('base64url')}`;
const BATCH = 200;

const open = (which: 'leads' | 'vitals'): Db | undefined => {
  if (!fs.existsSync(which === 'leads' ? dbPath(dataDir) : vitalsDbPath(dataDir))) return undefined;
  try {
    return openReadOnly(dataDir, which);
  } catch (error) {
    if (error instanceof DatabaseOpenError) {
      process.stderr.write(`${terminalSafe(error.message)}\n`);
      process.exit(1);
    }
    throw error;
  }
};

const leadsDb = open('leads')!;
const vitalsDb = open('vitals');
const pool = createPool(url, { max: 2, application: 'intake-migrate-store' });
const counts = { leads: 0, leadsThere: 0, deliveries: 0, keys: 0, erasures: 0, vitals: 0, vitalsThere: 0, funnel: 0, solutions: 0, key: false, members: 0, passkeys: 0, notes: 0, audit: 0 };
/** A SQLite lead's id → its copy's id in PostgreSQL (this run's copies and an earlier run's). */
const copyOf = new Map<number, number>();

try {
  await migrate(pool);

  // The team's members first (by email), then their passkeys: a lead's owner and a note's author are members.
  const memberIds = new Map<number, number>();
  for (const m of leadsDb.prepare('SELECT * FROM team_members ORDER BY id').all() as Record<string, unknown>[]) {
    const { rowCount } = await pool.query(
      'INSERT INTO team_members (email, role, name, language, created_at, removed_at) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (email) DO NOTHING',
      [m.email, m.role, m.name, m.language, m.created_at, m.removed_at],
    );
    counts.members += rowCount ?? 0;
    memberIds.set(m.id as number, Number((await pool.query<{ id: number }>('SELECT id FROM team_members WHERE email = $1', [m.email])).rows[0]!.id));
  }
  for (const k of leadsDb.prepare('SELECT * FROM team_passkeys').all() as Record<string, unknown>[]) {
    const { rowCount } = await pool.query(
      'INSERT INTO team_passkeys (id, member_id, public_key, counter, transports, created_at, last_used_at) VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (id) DO NOTHING',
      [k.id, memberIds.get(k.member_id as number), k.public_key, k.counter, k.transports, k.created_at, k.last_used_at],
    );
    counts.passkeys += rowCount ?? 0;
  }
  const member = (id: unknown) => (id === null ? null : (memberIds.get(id as number) ?? null));
  const notesOf = leadsDb.prepare('SELECT * FROM lead_notes WHERE lead_id = ? ORDER BY id');

  const leads = leadsDb.prepare('SELECT * FROM leads ORDER BY id').all() as Record<string, unknown>[];
  const deliveriesOf = leadsDb.prepare('SELECT * FROM deliveries WHERE lead_id = ? ORDER BY id');
  const acknowledgedOf = leadsDb.prepare('SELECT address_hash, queued_at FROM acknowledged_addresses WHERE lead_id = ?');
  const cvOf = leadsDb.prepare('SELECT id, name, type, size, sha256, content, created_at, claimed_at FROM cv_uploads WHERE lead_id = ?');
  for (let start = 0; start < leads.length; start += BATCH) {
    await transaction(pool, async (client) => {
      for (const row of leads.slice(start, start + BATCH)) {
        const { rows } = await client.query<{ id: number }>(
          `INSERT INTO leads (kind, created_at, dedupe_key, fields, origin, partner, notice_version, spam_reason, imported_from, ${CAMPAIGN_COLUMNS}, page, reference, language, without_proof, status, owner_id, next_call_on, version, late_at)
           VALUES (${placeholders(18 + CAMPAIGN_KEYS.length)}) ON CONFLICT (imported_from) DO NOTHING RETURNING id`,
          [
            row.kind, row.created_at, row.dedupe_key, row.fields, row.origin, row.partner, row.notice_version, row.spam_reason, mark('leads', row),
            ...CAMPAIGN_KEYS.map((key) => row[key] ?? null), row.page ?? null,
            row.reference, row.language ?? null, row.without_proof === 1,
            row.status, member(row.owner_id), row.next_call_on, row.version, row.late_at,
          ],
        );
        const id = rows[0]?.id;
        if (id === undefined) {
          counts.leadsThere++;
          const there = await client.query<{ id: number }>('SELECT id FROM leads WHERE imported_from = $1', [mark('leads', row)]);
          if (there.rows[0]) copyOf.set(Number(row.id), Number(there.rows[0].id));
          continue;
        }
        copyOf.set(Number(row.id), Number(id));
        counts.leads++;
        for (const n of notesOf.all(row.id) as Record<string, unknown>[]) {
          await client.query('INSERT INTO lead_notes (lead_id, author_id, text, created_at) VALUES ($1, $2, $3, $4)', [id, member(n.author_id), n.text, n.created_at]);
          counts.notes++;
        }
        for (const d of deliveriesOf.all(row.id) as Record<string, unknown>[]) {
          await client.query(
            `INSERT INTO deliveries (lead_id, target, status, attempts, next_attempt_at, created_at, delivered_at, last_error)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
            [id, d.target, d.status, d.attempts, d.next_attempt_at, d.created_at, d.delivered_at, d.last_error],
          );
          counts.deliveries++;
        }
        // The 24-hour acknowledgement limit moves with its lead (the same key: the proof-of-work key moves too).
        for (const a of acknowledgedOf.all(row.id) as { address_hash: string; queued_at: number }[]) {
          await client.query('INSERT INTO acknowledged_addresses (address_hash, lead_id, queued_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [a.address_hash, id, a.queued_at]);
        }
        // An application's CV moves with it, bytes and all (an unclaimed upload stays behind: it is deleted within a day anyway).
        for (const c of cvOf.all(row.id) as Record<string, unknown>[]) {
          await client.query(
            'INSERT INTO cv_uploads (id, lead_id, name, type, size, sha256, content, created_at, claimed_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (id) DO NOTHING',
            [c.id, id, c.name, c.type, c.size, c.sha256, c.content, c.created_at, c.claimed_at],
          );
        }
      }
    });
  }

  // The audit log, once (it has no mark of its own): into a database whose log is still empty.
  if (Number((await pool.query<{ n: string }>('SELECT count(*) AS n FROM team_audit')).rows[0]!.n) === 0) {
    for (const e of leadsDb.prepare('SELECT * FROM team_audit ORDER BY id').all() as Record<string, unknown>[]) {
      await pool.query('INSERT INTO team_audit (at, member_id, actor, action, lead_id, detail) VALUES ($1, $2, $3, $4, $5, $6)', [
        e.at, member(e.member_id), e.actor, e.action, e.lead_id === null ? null : (copyOf.get(e.lead_id as number) ?? null), e.detail,
      ]);
      counts.audit++;
    }
  }

  const solutions = leadsDb.prepare('SELECT signature, expires_at FROM used_solutions WHERE expires_at >= ?').all(Date.now()) as { signature: string; expires_at: number }[];
  for (const s of solutions) {
    const { rowCount } = await pool.query('INSERT INTO used_solutions (signature, expires_at) VALUES ($1, $2) ON CONFLICT DO NOTHING', [s.signature, s.expires_at]);
    counts.solutions += rowCount ?? 0;
  }

  // Idempotency keys still kept: a retry after the move gets its first answer, not a second lead.
  // An erased lead's key is a tombstone (the key alone), and stays one.
  const keptSince = Date.now() - IDEMPOTENCY_KEEP_MS;
  for (const k of leadsDb.prepare('SELECT * FROM idempotency_keys WHERE created_at >= ?').all(keptSince) as Record<string, unknown>[]) {
    const leadId = k.lead_id === null ? null : copyOf.get(Number(k.lead_id));
    if (leadId === undefined) continue; // its lead was not copied
    const { rowCount } = await pool.query(
      'INSERT INTO idempotency_keys (key, fingerprint, lead_id, status, body, created_at) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (key) DO NOTHING',
      [k.key, k.fingerprint, leadId, k.status, k.body, k.created_at],
    );
    counts.keys += rowCount ?? 0;
  }
  for (const t of leadsDb.prepare('SELECT key, created_at FROM erased_idempotency_keys WHERE created_at >= ?').all(keptSince) as { key: string; created_at: number }[]) {
    const { rowCount } = await pool.query('INSERT INTO erased_idempotency_keys (key, created_at) VALUES ($1, $2) ON CONFLICT DO NOTHING', [t.key, t.created_at]);
    counts.keys += rowCount ?? 0;
  }
  // The record of erasures (when, why, how many rows; nobody's data) goes with the data it accounts for.
  for (const e of leadsDb.prepare('SELECT * FROM erasures ORDER BY id').all() as Record<string, unknown>[]) {
    const { rowCount } = await pool.query(
      'INSERT INTO erasures (erased_at, reason, leads, rows, imported_from) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (imported_from) DO NOTHING',
      [e.erased_at, e.reason, e.leads, e.rows, mark('erasures', e)],
    );
    counts.erasures += rowCount ?? 0;
  }

  // Challenges handed out by the SQLite service stay good when the key moves with them.
  const keyFile = path.join(dataDir, 'altcha-hmac.key');
  if (fs.existsSync(keyFile)) {
    const { rowCount } = await pool.query("INSERT INTO settings (name, value) VALUES ('altcha_hmac_key', $1) ON CONFLICT (name) DO NOTHING", [
      fs.readFileSync(keyFile, 'utf8').trim(),
    ]);
    counts.key = (rowCount ?? 0) > 0;
  }

  if (vitalsDb) {
    const samples = vitalsDb.prepare('SELECT * FROM vitals ORDER BY id').all() as Record<string, unknown>[];
    for (let start = 0; start < samples.length; start += BATCH) {
      await transaction(pool, async (client) => {
        for (const v of samples.slice(start, start + BATCH)) {
          const { rowCount } = await client.query(
            `INSERT INTO vitals (page, name, value, rating, navigation_type, created_at, imported_from)
             VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (imported_from) DO NOTHING`,
            [v.page, v.name, v.value, v.rating, v.navigation_type, v.created_at, mark('vitals', v)],
          );
          if (rowCount) counts.vitals++;
          else counts.vitalsThere++;
        }
      });
    }
    // A day's count already there (an earlier run) is kept, not added to again.
    const hasFunnel = vitalsDb.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'funnel_counts'").get();
    const funnel = hasFunnel ? (vitalsDb.prepare('SELECT * FROM funnel_counts').all() as Record<string, unknown>[]) : [];
    for (const f of funnel) {
      const { rowCount } = await pool.query(
        `INSERT INTO funnel_counts (day, page, source, medium, campaign, partner, event, count) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT DO NOTHING`,
        [f.day, f.page, f.source, f.medium, f.campaign, f.partner, f.event, f.count],
      );
      counts.funnel += rowCount ?? 0;
    }
  }
} catch (error) {
  process.stderr.write(terminalSafe(`migrate-store: ${describeUrl(url)}: ${(error as Error).message}\n`));
  process.exitCode = 1;
} finally {
  leadsDb.close();
  vitalsDb?.close();
  await pool.end();
}

if (!process.exitCode) {
  process.stdout.write(
    terminalSafe(
      `copied from ${dataDir} into ${describeUrl(url)}: ${counts.leads} leads (${counts.leadsThere} were there already) with ${counts.deliveries} deliveries, ` +
        `${counts.keys} idempotency keys, ${counts.erasures} erasure records, ` +
        `${counts.vitals} vitals samples (${counts.vitalsThere} there already), ${counts.funnel} funnel counts, ${counts.solutions} used proof-of-work solutions` +
        `${counts.key ? ', the proof-of-work key' : ''}; the team: ${counts.members} members, ${counts.passkeys} passkeys, ${counts.notes} notes, ${counts.audit} audit entries\n`,
    ),
  );
}
