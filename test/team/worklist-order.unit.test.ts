/**
 * The worklist as a phone tool, in the store, the same on SQLite (a real leads.db) and
 * PostgreSQL (a real throwaway server): the late list longest late first and paged by its
 * cursor; each lead's late_at kept equal to the contract's lateSince through the intake,
 * the index catch-up and the team's changes; the leads around one ("Save and next") in the
 * newest-first list, the late list and a search; a search's counts per status and late;
 * members' names on owners and notes; the CSV's times in India with their offset.
 */
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lateSince, teamToday } from '../../contract/team.ts';
import { loadServerConfig } from '../../server/config.ts';
import { numbered } from '../../server/team/worklist-postgres.ts';
import { openIntakeStore } from '../../server/store/open-store.ts';
import type { IntakeStore } from '../../server/store/store.ts';
import type { Actor } from '../../server/team/audit.ts';
import { exportRow, teamIsoTime } from '../../server/team/csv-export.ts';
import { hashOf } from '../../server/team/sessions.ts';
import { cursorOf } from '../../server/team/worklist.ts';
import { parseFilter, type Cursor } from '../../server/team/worklist-filter.ts';
import { VALID_SOCIETY } from '../helpers/fixtures.ts';
import { freshDatabase } from '../helpers/postgres.ts';
import { tempDir } from '../helpers/server.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const log = pino({ level: 'silent' });

describe.each(['sqlite', 'postgres'] as const)('the worklist as a phone tool: %s', (backend) => {
  let store: IntakeStore;
  let pool: pg.Pool | undefined;
  let sqlite: Database.Database | undefined;
  let asha: Actor;
  let ashaId = 0;
  const ids: Record<string, number> = {};
  const now = () => Date.now();

  async function sql<T = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
    if (pool) return (await pool.query(numbered(text), params)).rows as T[];
    const statement = sqlite!.prepare(text);
    return (statement.reader ? statement.all(...params) : (statement.run(...params), [])) as T[];
  }
  /** A society lead through the intake's own save, received `ageMs` ago (aged before the index sees it, as a lead stored then would be). */
  async function lead(key: string, name: string, ageMs: number, city = 'Pune') {
    const saved = await store.leads.save('society', { ...VALID_SOCIETY, name, email: `${key}@example.in`, phone: `+91 98${String(Object.keys(ids).length).padStart(3, '0')} 4${String(Object.keys(ids).length).padStart(4, '0')}`, city }, { origin: 'https://societydesk.example', partner: null, noticeVersion: '2026-11-24', campaign: {}, page: '/' }, { spam: null, solution: null });
    if (!('leadId' in saved)) throw new Error('not stored');
    ids[key] = saved.leadId;
    await sql('UPDATE leads SET created_at = ? WHERE id = ?', [now() - ageMs, saved.leadId]);
  }
  const names = (leads: { id: number }[]) => leads.map((l) => Object.keys(ids).find((k) => ids[k] === l.id));
  const version = async (id: number) => (await store.team.worklist.lead(id, now()))!.version;

  beforeAll(async () => {
    const dataDir = tempDir();
    const databaseUrl = backend === 'postgres' ? await freshDatabase() : undefined;
    store = await openIntakeStore({ ...loadServerConfig({ LOG_LEVEL: 'silent', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) }), dataDir }, log);
    if (databaseUrl) pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
    else sqlite = new Database(path.join(dataDir, 'leads.db'));

    const member = await store.team.accounts.invite('asha@team.example', 'admin', hashOf('token-asha-000000000000'), now(), now() + DAY, { name: 'Asha Rao', language: 'ta' });
    ashaId = member.id;
    asha = { memberId: member.id, name: member.email };

    await lead('threeDays', 'Three Days', 3 * DAY);
    await lead('thirtyHours', 'Thirty Hours', 30 * HOUR);
    await lead('twoHours', 'Two Hours', 2 * HOUR);
    await lead('calledBack', 'Called Back', 10 * DAY);
    await lead('tomorrow', 'Tomorrow', 9 * DAY);
    await lead('settled', 'Settled', 8 * DAY, 'Mumbai');
    while ((await store.team.worklist.catchUp()) > 0);
    const change = (id: number, change: Parameters<typeof store.team.worklist.change>[1]) => store.team.worklist.change(id, change, asha, now());
    expect(await change(ids.calledBack!, { version: 1, status: 'contacted', nextCallOn: teamToday(now() - 2 * DAY), ownerId: ashaId, note: 'Asked to call back.' })).toMatchObject({ ok: true });
    expect(await change(ids.tomorrow!, { version: 1, status: 'contacted', nextCallOn: teamToday(now() + DAY) })).toMatchObject({ ok: true });
    expect(await change(ids.settled!, { version: 1, status: 'set up' })).toMatchObject({ ok: true });
  }, 180_000);
  afterAll(async () => {
    await store?.close();
    await pool?.end();
    sqlite?.close();
  });

  it("keeps each lead's late_at as the contract's lateSince, through the intake, the index and the team's changes", async () => {
    const rows = await sql<{ id: number; status: string; created_at: number; next_call_on: string | null; late_at: number | null }>(
      'SELECT id, status, created_at, next_call_on, late_at FROM leads ORDER BY id',
    );
    expect(rows).toHaveLength(6);
    for (const row of rows) {
      const expected = lateSince({ status: row.status, createdAt: Number(row.created_at), nextCallOn: row.next_call_on });
      expect(row.late_at === null ? null : Number(row.late_at), `lead ${row.id}`).toBe(expected);
    }
    expect(rows.find((r) => Number(r.id) === ids.settled)!.late_at).toBeNull();
  });

  it('lists the late leads longest late first, and pages them by their cursor', async () => {
    const late = parseFilter({ late: '1' });
    const all = await store.team.worklist.list(late, now(), 50);
    // Three days old and new: late for two days; a next call the day before yesterday: late since yesterday began; 30 hours old: late for 6 hours.
    expect(names(all)).toEqual(['threeDays', 'calledBack', 'thirtyHours']);
    expect(all.every((l) => l.late && l.lateSince! <= now())).toBe(true);
    const first = await store.team.worklist.list(late, now(), 2);
    const rest = await store.team.worklist.list(late, now(), 2, cursorOf(late, first[1]!));
    expect(names([...first, ...rest])).toEqual(names(all));
    expect(await store.team.worklist.lateCount(parseFilter({}), now())).toBe(3);
    expect(await store.team.worklist.lateCount(parseFilter({ owner: String(ashaId), status: 'new' }), now())).toBe(1);
    expect(await store.team.worklist.lateCount(parseFilter({ city: 'mumbai' }), now())).toBe(0);
    // Counts per status leave the late flag out: each chip counts the same leads whichever is chosen.
    expect(await store.team.worklist.counts(late, now())).toEqual(await store.team.worklist.counts(parseFilter({}), now()));
  });

  it('a saved lead leaves the late list and the next one comes up; its neighbours are those of the list it was opened from', async () => {
    const late = parseFilter({ late: '1' });
    expect(await store.team.worklist.neighbours(ids.calledBack!, late, now())).toEqual({ previous: ids.threeDays, next: ids.thirtyHours });
    expect(await store.team.worklist.neighbours(ids.threeDays!, late, now())).toEqual({ previous: null, next: ids.calledBack });
    expect(await store.team.worklist.neighbours(ids.thirtyHours!, late, now())).toEqual({ previous: ids.calledBack, next: null });
    // Newest first (every lead but spam), and within a search.
    const newest = parseFilter({});
    const order = names(await store.team.worklist.list(newest, now(), 50));
    expect(order).toEqual(['settled', 'tomorrow', 'calledBack', 'twoHours', 'thirtyHours', 'threeDays']);
    expect(await store.team.worklist.neighbours(ids.calledBack!, newest, now())).toEqual({ previous: ids.tomorrow, next: ids.twoHours });
    await store.team.worklist.catchUp();
    expect(await store.team.worklist.neighbours(ids.thirtyHours!, parseFilter({ q: 'hours' }), now())).toEqual({ previous: ids.twoHours, next: null });
    expect(await store.team.worklist.neighbours(999_999, late, now())).toBeUndefined();

    // Called back and given a next call tomorrow: no longer late, and the lead after it is still found from where it stood.
    const before = await store.team.worklist.neighbours(ids.calledBack!, late, now());
    expect(await store.team.worklist.change(ids.calledBack!, { version: await version(ids.calledBack!), nextCallOn: teamToday(now() + DAY) }, asha, now())).toMatchObject({ ok: true });
    expect(names(await store.team.worklist.list(late, now(), 50))).toEqual(['threeDays', 'thirtyHours']);
    expect(before?.next).toBe(ids.thirtyHours);
    // A lead not in the late list (any more) has the list's first lead next, and none before it.
    expect(await store.team.worklist.neighbours(ids.calledBack!, late, now())).toEqual({ previous: null, next: ids.threeDays });
    // Back as it was, for the tests after this one.
    expect(await store.team.worklist.change(ids.calledBack!, { version: await version(ids.calledBack!), nextCallOn: teamToday(now() - 2 * DAY) }, asha, now())).toMatchObject({ ok: true });
  });

  it("counts a search's matches per status and late, and stops counting past the cap", async () => {
    await store.team.worklist.catchUp();
    const tally = await store.team.worklist.searchTally(parseFilter({ q: 'example.in', status: 'contacted' }), now(), 200);
    expect(tally).toEqual({ counts: { new: 3, contacted: 2, 'demo booked': 0, 'set up': 1, 'not a fit': 0, screening: 0, interview: 0, offer: 0, 'not selected': 0 }, late: 3, matches: 2 });
    expect(await store.team.worklist.searchTally(parseFilter({ q: 'hours', late: '1' }), now(), 200)).toMatchObject({ late: 1, matches: 1 });
    expect(await store.team.worklist.searchTally(parseFilter({ q: 'example.in' }), now(), 5)).toBeUndefined();
  });

  it('names owners and note authors by their name, and writes CSV times in India with their offset', async () => {
    const [row] = await store.team.worklist.exportBatch(parseFilter({ owner: String(ashaId) }), now(), 10);
    expect(row!.owner).toEqual({ id: ashaId, email: 'asha@team.example', name: 'Asha Rao' });
    expect(row!.notes.map((n) => n.author)).toEqual(['Asha Rao']);
    const cells = exportRow(row!);
    expect(cells[2]).toBe(teamIsoTime(row!.createdAt));
    expect(cells[2]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+05:30$/);
    expect(Date.parse(cells[2]!)).toBe(Math.floor(row!.createdAt / 1000) * 1000);
    expect(cells.at(-1)).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+05:30 Asha Rao: Asked to call back\.$/);

    // A member sets their own name and language; an empty name shows their email again.
    expect(await store.team.accounts.setProfile(ashaId, { name: '  Asha R. ', language: 'kn' })).toMatchObject({ name: 'Asha R.', language: 'kn' });
    expect((await store.team.accounts.active()).find((m) => m.id === ashaId)).toMatchObject({ name: 'Asha R.', language: 'kn' });
    expect(await store.team.accounts.setProfile(ashaId, { name: '' })).toMatchObject({ name: '', language: 'kn' });
    expect((await store.team.worklist.lead(ids.calledBack!, now()))!.notes[0]!.author).toBe('asha@team.example');
    // An invitation again keeps what they chose unless it says otherwise.
    expect(await store.team.accounts.invite('asha@team.example', undefined, hashOf('token-asha-111111111111'), now(), now() + DAY)).toMatchObject({ name: '', language: 'kn' });
    expect(await store.team.accounts.setProfile(999_999, { name: 'Nobody' })).toBeUndefined();
  });

  it('pages through leads late since the same moment (one next-call day) one at a time, missing none', async () => {
    const day = teamToday(now() - 5 * DAY);
    for (const key of ['tieA', 'tieB', 'tieC']) {
      await lead(key, key, 20 * DAY);
      await store.team.worklist.catchUp();
      expect(await store.team.worklist.change(ids[key]!, { version: 1, status: 'contacted', nextCallOn: day }, asha, now())).toMatchObject({ ok: true });
    }
    const late = parseFilter({ late: '1' });
    const seen: string[] = [];
    let after: Cursor | undefined;
    for (let page = 0; page < 10; page++) {
      const [one] = await store.team.worklist.list(late, now(), 1, after);
      if (!one) break;
      seen.push(names([one])[0]!);
      after = cursorOf(late, one);
    }
    // The three share late_at: they come in id order, between the longest late lead and the next.
    expect(seen).toEqual(['tieA', 'tieB', 'tieC', 'threeDays', 'calledBack', 'thirtyHours']);
    expect(await store.team.worklist.neighbours(ids.tieB!, late, now())).toEqual({ previous: ids.tieA, next: ids.tieC });
  });
});

describe('the cursor of a list', () => {
  it('is the lead\'s id newest first, and its late_at with its id in the late list', () => {
    const lead = { id: 7, lateSince: 1_700_000_000_000 };
    const late: Cursor = cursorOf(parseFilter({ late: '1' }), lead);
    expect(late).toEqual({ id: 7, lateAt: 1_700_000_000_000 });
    expect(cursorOf(parseFilter({}), lead)).toEqual({ id: 7 });
    // A text search keeps newest first, late or not.
    expect(cursorOf(parseFilter({ late: '1', q: 'asha' }), lead)).toEqual({ id: 7 });
  });
});
