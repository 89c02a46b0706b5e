/**
 * The team's store, the same on SQLite (a real leads.db) and PostgreSQL (a real throwaway
 * server): leads saved through the intake's own save, then the worklist's filters, search
 * (part of a name or society, a phone in another spelling), counts per status, late leads,
 * changes under a version check, notes, spam apart with its deliveries queued once, the CSV
 * rows, accounts, sessions and their expiry, sign-in failures, and a person's erasure through
 * the same code as `npm run leads -- --erase`, which leaves nothing of them in the files.
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_OWNER, teamToday, type LeadChange } from '../../contract/team.ts';
import { loadServerConfig } from '../../server/config.ts';
import { openIntakeStore } from '../../server/store/open-store.ts';
import type { IntakeStore } from '../../server/store/store.ts';
import { exportRow } from '../../server/team/csv-export.ts';
import { numbered } from '../../server/team/worklist-postgres.ts';
import { ABSOLUTE_MS, hashOf, IDLE_MS, liveSession, MAX_SIGN_IN_FAILURES, SIGN_IN_WINDOW_MS } from '../../server/team/sessions.ts';
import { parseFilter } from '../../server/team/worklist-filter.ts';
import type { Actor } from '../../server/team/audit.ts';
import { freshDatabase } from '../helpers/postgres.ts';
import { tempDir } from '../helpers/server.ts';
import { VALID_CAREER, VALID_SOCIETY } from '../helpers/fixtures.ts';

const DAY = 86_400_000;
const log = pino({ level: 'silent' });
const person = { spam: null, solution: null } as const;
const source = (extra: Partial<{ origin: string; partner: string; campaign: Record<string, string> }> = {}) => ({
  origin: extra.origin ?? 'https://societydesk.example',
  partner: extra.partner ?? null,
  noticeVersion: '2026-11-24',
  campaign: extra.campaign ?? {},
  page: '/',
});

describe.each(['sqlite', 'postgres'] as const)('team store: %s', (backend) => {
  let store: IntakeStore;
  let dataDir: string;
  let pool: pg.Pool | undefined;
  let sqlite: Database.Database | undefined;
  const ids: Record<string, number> = {};
  let asha: Actor;
  let ravi: Actor;
  let raviId = 0;

  /** A statement on the same database, outside the store (to age a lead, or look at what is kept). */
  async function sql<T = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
    if (pool) return (await pool.query(numbered(text), params)).rows as T[];
    const statement = sqlite!.prepare(text);
    return (statement.reader ? statement.all(...params) : (statement.run(...params), [])) as T[];
  }
  const save = async (key: string, kind: 'society' | 'career', fields: Record<string, string>, extra: Parameters<typeof source>[0] = {}, spam = false) => {
    const saved = await store.leads.save(kind, fields, source(extra), spam ? { spam: 'no-solution', solution: null } : person);
    if (!('leadId' in saved)) throw new Error('not stored');
    ids[key] = saved.leadId;
  };
  const now = () => Date.now();
  const list = async (query: Record<string, string>) => {
    await store.team.worklist.catchUp();
    return (await store.team.worklist.list(parseFilter(query), now(), 50)).map((l) => l.name);
  };

  beforeAll(async () => {
    dataDir = tempDir();
    const databaseUrl = backend === 'postgres' ? await freshDatabase() : undefined;
    store = await openIntakeStore({ ...loadServerConfig({ LOG_LEVEL: 'silent', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}), WEBHOOK_URLS: 'http://127.0.0.1:9/hook', WEBHOOK_SECRET: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' }), dataDir }, log);
    if (databaseUrl) pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
    else sqlite = new Database(path.join(dataDir, 'leads.db'));

    await save('old', 'society', { ...VALID_SOCIETY, name: 'Old Lead', email: 'old@example.in', phone: '+91 98111 33333', societyName: 'Green Meadows', city: 'Pune' });
    // Three days old and still new: late.
    await sql('UPDATE leads SET created_at = ? WHERE id = ?', [now() - 3 * DAY, ids.old]);
    await save('priya', 'society', { ...VALID_SOCIETY, name: 'Priya Raghunathan', email: 'priya.r@example.in', phone: '+91 98200 11111', societyName: 'Lake Shore Towers', city: 'Mumbai' }, { partner: 'greenpark-rwa' });
    await save('arjun', 'society', { ...VALID_SOCIETY, name: 'Arjun Mehta', email: 'arjun@example.in', phone: '022 2345 6789', societyName: 'Shanti Vihar', city: ' mumbai ' }, { campaign: { utm_campaign: 'diwali' } });
    await save('harish', 'career', { ...VALID_CAREER, name: 'Harish Krishnan', email: 'harish@example.in', phone: '0091 99000 22222' }, { origin: 'https://partner-site.in' });
    await save('bot', 'society', { ...VALID_SOCIETY, name: 'Cheap Pills', email: 'spam@example.com', phone: '+1 415 555 2671', societyName: 'Nothing', city: 'Nowhere' }, {}, true);

    const m1 = await store.team.accounts.invite('Asha@Team.example', 'admin', hashOf('token-asha-000000000000'), now(), now() + DAY);
    const m2 = await store.team.accounts.invite('ravi@team.example', undefined, hashOf('token-ravi-000000000000'), now(), now() + DAY);
    asha = { memberId: m1.id, name: m1.email };
    ravi = { memberId: m2.id, name: m2.email };
    raviId = m2.id;
    expect([m1.email, m1.role, m2.role]).toEqual(['asha@team.example', 'admin', 'member']);
  }, 180_000);
  afterAll(async () => {
    await store?.close();
    await pool?.end();
    sqlite?.close();
  });

  it('lists newest first, each filter narrowing by its own index, spam apart', async () => {
    expect(await list({})).toEqual(['Harish Krishnan', 'Arjun Mehta', 'Priya Raghunathan', 'Old Lead']);
    expect(await list({ kind: 'career' })).toEqual(['Harish Krishnan']);
    expect(await list({ city: 'MUMBAI' })).toEqual(['Arjun Mehta', 'Priya Raghunathan']);
    expect(await list({ source: 'greenpark-rwa' })).toEqual(['Priya Raghunathan']);
    expect(await list({ source: 'partner-site.in' })).toEqual(['Harish Krishnan']);
    expect(await list({ campaign: 'diwali' })).toEqual(['Arjun Mehta']);
    expect(await list({ late: '1' })).toEqual(['Old Lead']);
    expect(await list({ from: teamToday(now() - 4 * DAY), to: teamToday(now() - 2 * DAY) })).toEqual(['Old Lead']);
    expect(await list({ owner: NO_OWNER, kind: 'society', status: 'new' })).toHaveLength(3);
    expect(await list({ spam: '1' })).toEqual(['Cheap Pills']);
    expect(() => parseFilter({ status: 'maybe' })).toThrow(/unknown status/);
    expect(() => parseFilter({ q: 'ab' })).toThrow(/at least 3 characters/);
  });

  it('searches part of a name or society, an email, and a phone in any spelling', async () => {
    expect(await list({ q: 'rish' })).toEqual(['Harish Krishnan']);
    expect(await list({ q: 'RAGHU' })).toEqual(['Priya Raghunathan']);
    expect(await list({ q: 'shanti vih' })).toEqual(['Arjun Mehta']);
    expect(await list({ q: 'priya.r@example' })).toEqual(['Priya Raghunathan']);
    expect(await list({ q: '+919820011111' })).toEqual(['Priya Raghunathan']);
    expect(await list({ q: '098200-11111' })).toEqual(['Priya Raghunathan']);
    expect(await list({ q: '+91 99000 22222' })).toEqual(['Harish Krishnan']);
    expect(await list({ q: '11111' })).toEqual(['Priya Raghunathan']);
    expect(await list({ q: '100% off' })).toEqual([]);
    expect(await list({ q: 'pills' })).toEqual([]);
    expect(await list({ q: 'pills', spam: '1' })).toEqual(['Cheap Pills']);
    const filter = parseFilter({ q: 'mehta' });
    expect(await store.team.worklist.matches(filter, now(), 1000)).toBe(1);
  });

  it('finds a lead by the reference its person quotes, however they read it out; shows it, the form\'s language and how it came', async () => {
    const harish = (await store.team.worklist.lead(ids.harish!, now()))!;
    expect(harish.reference).toMatch(/^SD-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    expect([harish.language, harish.withoutProofOfWork]).toEqual(['en', false]);
    expect(await list({ q: harish.reference })).toEqual(['Harish Krishnan']);
    expect(await list({ q: harish.reference.toLowerCase().replace(/-/g, ' ') })).toEqual(['Harish Krishnan']);
    expect(await list({ q: harish.reference.slice(3) })).toEqual(['Harish Krishnan']);
    expect((await store.team.worklist.list(parseFilter({}), now(), 50)).find((l) => l.id === ids.harish)?.reference).toBe(harish.reference);
  });

  it('a reference without its "SD" that also reads as a word or a number finds its lead, and the word still finds by name', async () => {
    await sql('UPDATE leads SET reference = ? WHERE id = ?', ['SD-ACDE-FHJK', ids.priya]);
    await sql('UPDATE leads SET reference = ? WHERE id = ?', ['SD-2345-6789', ids.arjun]);
    expect(await list({ q: 'ACDE-FHJK' })).toEqual(['Priya Raghunathan']);
    expect(await list({ q: 'acdefhjk' })).toEqual(['Priya Raghunathan']);
    expect(await list({ q: '2345 6789' })).toEqual(['Arjun Mehta']);
    expect(await list({ q: '23456789' })).toEqual(['Arjun Mehta']);
    // "RAGHUNAT" reads as SD-RA6H-VNAT too (G for 6, U for V), and is part of a name.
    expect(await list({ q: 'raghunat' })).toEqual(['Priya Raghunathan']);
    expect(await list({ q: 'MAHENDRA' })).toEqual([]);
  });

  it('counts per status, from the kept totals and under other filters alike', async () => {
    const society = await store.team.worklist.counts(parseFilter({ kind: 'society' }), now());
    expect(society).toEqual({ new: 3, contacted: 0, 'demo booked': 0, 'set up': 0, 'not a fit': 0 });
    const mumbai = await store.team.worklist.counts(parseFilter({ city: 'mumbai', status: 'contacted' }), now());
    expect(mumbai.new).toBe(2);
    expect((await store.team.worklist.counts(parseFilter({ spam: '1' }), now())).new).toBe(1);
  });

  it('a change needs the version it was read at: the second of two is refused and told who changed it', async () => {
    const id = ids.arjun!;
    const first = await store.team.worklist.lead(id, now());
    expect(first).toMatchObject({ status: 'new', version: 1, owner: null, late: false });
    const change: LeadChange = { version: 1, status: 'contacted', ownerId: raviId, nextCallOn: teamToday(now() + 2 * DAY), note: 'Called: wants a demo.' };
    expect(await store.team.worklist.change(id, change, asha, now())).toMatchObject({ ok: true });
    const refused = await store.team.worklist.change(id, { version: 1, status: 'not a fit' }, ravi, now());
    expect(refused).toMatchObject({ ok: false, reason: 'conflict', by: 'asha@team.example' });
    // A note alone overwrites nothing: it needs no version.
    expect(await store.team.worklist.change(id, { version: 1, note: 'Sent the brochure.' }, ravi, now())).toMatchObject({ ok: true });
    expect(await store.team.worklist.change(id, { version: 2, status: 'offer' }, ravi, now())).toMatchObject({ ok: false, reason: 'invalid' });
    const lead = (await store.team.worklist.lead(id, now()))!;
    expect(lead).toMatchObject({ status: 'contacted', version: 2, owner: { id: raviId, email: 'ravi@team.example' }, nextCallOn: change.nextCallOn });
    expect(lead.notes.map((n) => [n.author, n.text])).toEqual([
      ['asha@team.example', 'Called: wants a demo.'],
      ['ravi@team.example', 'Sent the brochure.'],
    ]);
    expect(lead.history.map((h) => [h.actor, h.detail])).toEqual([
      ['ravi@team.example', { note: true }],
      ['asha@team.example', { status: ['new', 'contacted'], owner: [null, 'ravi@team.example'], nextCallOn: [null, change.nextCallOn], note: true }],
    ]);
    expect(await list({ owner: String(raviId) })).toEqual(['Arjun Mehta']);
    expect((await store.team.worklist.counts(parseFilter({ kind: 'society' }), now())).contacted).toBe(1);
    // A next-call date that has passed makes it late; the late list is longest late first (Old Lead: since two days ago).
    expect(await store.team.worklist.change(id, { version: 2, nextCallOn: teamToday(now() - DAY) }, ravi, now())).toMatchObject({ ok: true });
    expect(await list({ late: '1' })).toEqual(['Old Lead', 'Arjun Mehta']);
    // The CSV row: status, owner, next call, late, the notes with who and when.
    const [row] = await store.team.worklist.exportBatch(parseFilter({ status: 'contacted' }), now(), 10);
    const cells = exportRow(row!);
    expect(cells.slice(3, 7)).toEqual(['contacted', 'ravi@team.example', teamToday(now() - DAY), 'yes']);
    expect(cells.at(-1)).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+05:30 asha@team\.example: Called: wants a demo\.\n.+ ravi@team\.example: Sent the brochure\.$/);
  });

  it('"not spam" queues its deliveries once', async () => {
    const first = await store.team.worklist.notSpam(ids.bot!, ['webhook http://127.0.0.1:9/hook'], asha, now());
    expect(first).toEqual({ ok: true, queued: 1 });
    expect(await store.team.worklist.notSpam(ids.bot!, ['webhook http://127.0.0.1:9/hook'], ravi, now())).toMatchObject({ ok: false, reason: 'conflict', by: 'asha@team.example' });
    expect(await sql('SELECT target, status FROM deliveries WHERE lead_id = ?', [ids.bot])).toEqual([{ target: 'webhook http://127.0.0.1:9/hook', status: 'pending' }]);
    expect(await list({ spam: '1' })).toEqual([]);
    expect((await store.team.worklist.counts(parseFilter({ spam: '1' }), now())).new).toBe(0);
  });

  it('accounts: an invitation works once and within its time; a removed member keeps nothing that opens a session', async () => {
    const { accounts, sessions } = store.team;
    const token = hashOf('token-ravi-000000000000');
    expect((await accounts.invitation(token))?.member.email).toBe('ravi@team.example');
    const key = { id: 'cred-ravi', publicKey: new Uint8Array([1, 2, 3]), counter: 0, transports: ['internal'] };
    expect((await accounts.registerPasskey(token, key, now()))?.email).toBe('ravi@team.example');
    expect(await accounts.registerPasskey(token, { ...key, id: 'cred-2' }, now())).toBeUndefined();
    expect((await accounts.passkey('cred-ravi'))?.passkey).toMatchObject({ counter: 0, transports: ['internal'], publicKey: new Uint8Array([1, 2, 3]) });
    // A new invitation ends the older unused one.
    await accounts.invite('ravi@team.example', undefined, hashOf('token-ravi-111111111111'), now(), now() + DAY);
    await accounts.invite('ravi@team.example', undefined, hashOf('token-ravi-222222222222'), now(), now() + DAY);
    expect((await accounts.invitation(hashOf('token-ravi-111111111111')))!.expiresAt).toBeLessThanOrEqual(now());
    expect((await accounts.registerPasskey(hashOf('token-ravi-111111111111'), { ...key, id: 'cred-3' }, now()))).toBeUndefined();

    await sessions.create(hashOf('session-ravi'), raviId, now());
    expect((await liveSession(sessions, 'session-ravi', now()))?.member.email).toBe('ravi@team.example');
    await accounts.remove('RAVI@team.example', now());
    expect(await liveSession(sessions, 'session-ravi', now())).toBeUndefined();
    expect(await accounts.passkey('cred-ravi')).toBeUndefined();
    expect(await accounts.registerPasskey(hashOf('token-ravi-222222222222'), { ...key, id: 'cred-4' }, now())).toBeUndefined();
    expect((await accounts.list()).find((m) => m.email === 'ravi@team.example')).toMatchObject({ passkeys: 0, removedAt: expect.any(Number) });
    expect((await accounts.active()).map((m) => m.email)).toEqual(['asha@team.example']);
  });

  it('sessions end after 12 idle hours, 7 days in any case, and at sign-out; failures are counted per client for 15 minutes', async () => {
    const { sessions } = store.team;
    const t = now();
    await sessions.create(hashOf('s-idle'), asha.memberId!, t);
    expect(await liveSession(sessions, 's-idle', t + IDLE_MS - 1000)).toBeDefined();
    expect(await liveSession(sessions, 's-idle', t + IDLE_MS - 1000 + IDLE_MS + 1)).toBeUndefined();
    await sessions.create(hashOf('s-busy'), asha.memberId!, t);
    for (let at = t + IDLE_MS / 2; at < t + ABSOLUTE_MS; at += IDLE_MS / 2) expect(await liveSession(sessions, 's-busy', at), String(at - t)).toBeDefined();
    expect(await liveSession(sessions, 's-busy', t + ABSOLUTE_MS + 1)).toBeUndefined();
    await sessions.create(hashOf('s-out'), asha.memberId!, t);
    await sessions.end(hashOf('s-out'));
    expect(await liveSession(sessions, 's-out', t)).toBeUndefined();

    for (let i = 1; i <= MAX_SIGN_IN_FAILURES; i++) expect(await sessions.addFailure('client-a', t)).toBe(i);
    expect(await sessions.failures('client-a', t + 1)).toBe(MAX_SIGN_IN_FAILURES);
    expect(await sessions.failures('client-b', t)).toBe(0);
    expect(await sessions.failures('client-a', t + SIGN_IN_WINDOW_MS)).toBe(0);
    expect(await sessions.addFailure('client-a', t + SIGN_IN_WINDOW_MS)).toBe(1);
  });

  it("erases a person through --erase's code: lead, notes, deliveries, search entry, and their audit entries' details", async () => {
    const id = ids.priya!;
    expect((await store.team.worklist.change(id, { version: 1, status: 'contacted', note: 'Priya asked for a call on 98200 11111.' }, asha, now())).ok).toBe(true);
    await store.team.audit.record({ at: now(), actor: asha, action: 'view', leadId: id });
    const record = await store.team.person.record({ email: 'priya.r@example.in' });
    expect(record.leads).toHaveLength(1);
    expect(record.lead_notes).toHaveLength(1);
    expect(record.team_audit!.length).toBe(2);
    const erased = await store.team.person.erase({ phone: '9820011111' }, now());
    expect(erased).toMatchObject({ leads: 1, cleaned: true, rows: { leads: 1, lead_notes: 1, team_audit: 2 } });
    expect(await list({ q: 'raghu' })).toEqual([]);
    expect(Number((await sql<{ n: number }>('SELECT COUNT(*) AS n FROM lead_notes WHERE lead_id = ?', [id]))[0]!.n)).toBe(0);
    expect(Number((await sql<{ n: number }>('SELECT COUNT(*) AS n FROM team_audit WHERE lead_id = ?', [id]))[0]!.n)).toBe(0);
    const kept = await sql<{ action: string; detail: unknown; leadId: unknown }>("SELECT action, detail, lead_id AS \"leadId\" FROM team_audit WHERE action IN ('change', 'view') AND lead_id IS NULL");
    expect(kept.length).toBeGreaterThanOrEqual(2);
    expect(kept.every((e) => e.detail === null)).toBe(true);
    expect((await store.team.worklist.counts(parseFilter({ kind: 'society' }), now())).contacted).toBe(1);
    if (backend === 'sqlite') {
      // Nothing of her is left in any file of the data folder (secure_delete, FTS5 secure-delete, the WAL truncated).
      for (const needle of ['Raghunathan', 'raghunathan', 'priya.r@example.in', '9820011111', 'Lake Shore Towers', 'lake shore towers', 'asked for a call']) {
        for (const file of fs.readdirSync(dataDir)) expect(fs.readFileSync(path.join(dataDir, file)).includes(Buffer.from(needle)), `${needle} in ${file}`).toBe(false);
      }
    }
  });
});
