/**
 * The worklist API a phone uses, through the whole service (buildApp, `inject`), on SQLite
 * and on PostgreSQL: the late list longest late first with its count and a cursor to the
 * next page, a search's counts per status, the leads around one ("Save and next"), a
 * member's own name and language, members by name, "Not spam" telling what it queued, and
 * the CSV named for its filter with India's times.
 */
import path from 'node:path';
import Database from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lateSince, PAGE_SIZE, TEAM_API, teamToday, type Neighbours, type NotSpamAnswer, type TeamMember, type WorklistPage } from '../../contract/team.ts';
import { buildApp } from '../../server/app.ts';
import { loadServerConfig } from '../../server/config.ts';
import { numbered } from '../../server/team/worklist-postgres.ts';
import { hashOf } from '../../server/team/sessions.ts';
import { validLead } from '../helpers/fixtures.ts';
import { freshDatabase } from '../helpers/postgres.ts';
import { tempDir } from '../helpers/server.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const ORIGIN = 'http://localhost:8080';
const SESSION = 'worklist-api-session-0000000000';
/** Late leads: more than a page, so the late list has a next page. */
const LATE = PAGE_SIZE + 3;

describe.each(['sqlite', 'postgres'] as const)('the worklist API: %s', (backend) => {
  let app: FastifyInstance;
  let pool: pg.Pool | undefined;
  let sqlite: Database.Database | undefined;
  let memberId = 0;

  async function sql<T = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
    if (pool) return (await pool.query(numbered(text), params)).rows as T[];
    const statement = sqlite!.prepare(text);
    return (statement.reader ? statement.all(...params) : (statement.run(...params), [])) as T[];
  }
  const get = async <T,>(url: string) => {
    const response = await app.inject({ method: 'GET', url, headers: { cookie: `__Host-team-session=${SESSION}` } });
    return { status: response.statusCode, headers: response.headers, body: response.body, json: () => response.json<T>() };
  };
  const send = async <T,>(method: 'POST' | 'PATCH', url: string, payload: unknown) => {
    const response = await app.inject({ method, url, payload: payload as object, headers: { cookie: `__Host-team-session=${SESSION}`, origin: ORIGIN } });
    return { status: response.statusCode, json: () => response.json<T>() };
  };
  /** Ages a lead to `ageMs` old, as the service would keep it (its late_at by the contract's rule). */
  const age = (id: number, ageMs: number) => {
    const createdAt = Date.now() - ageMs;
    return sql('UPDATE leads SET created_at = ?, late_at = ? WHERE id = ?', [createdAt, lateSince({ status: 'new', createdAt, nextCallOn: null }), id]);
  };

  beforeAll(async () => {
    const databaseUrl = backend === 'postgres' ? await freshDatabase() : undefined;
    const dataDir = tempDir();
    const config = {
      ...loadServerConfig({
        LOG_LEVEL: 'silent',
        TEAM_ORIGIN: ORIGIN,
        SPAM_CHALLENGE: 'off',
        RATE_LIMIT_MAX: '1000',
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      }),
      distDir: tempDir('team-dist-'),
      dataDir,
    };
    app = await buildApp(config);
    await app.ready();
    if (databaseUrl) pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
    else sqlite = new Database(path.join(dataDir, 'leads.db'));

    const now = Date.now();
    const [member] = await sql<{ id: number }>("INSERT INTO team_members (email, role, name, language, created_at) VALUES ('asha@team.example', 'admin', 'Asha Rao', 'ta', ?) RETURNING id", [now]);
    memberId = Number(member!.id);
    await sql('INSERT INTO team_members (email, role, created_at) VALUES (?, ?, ?)', ['ravi@team.example', 'member', now]);
    await sql('INSERT INTO team_sessions (id_hash, member_id, created_at, last_seen_at) VALUES (?, ?, ?, ?)', [hashOf(SESSION), memberId, now, now]);

    // LATE leads received 2 to 3 days ago (each an hour apart), and one a moment ago.
    for (let i = 0; i < LATE + 1; i++) {
      const response = await app.inject({ method: 'POST', url: '/addSocietyQuery', payload: validLead('society', { name: `Lead ${i}`, email: `lead${i}@example.in`, phone: `+91 98${String(i).padStart(3, '0')} 12345` }) });
      expect(response.statusCode).toBe(200);
    }
    const leads = await sql<{ id: number }>('SELECT id FROM leads ORDER BY id');
    for (const [i, { id }] of leads.slice(0, LATE).entries()) await age(Number(id), 2 * DAY + (LATE - i) * HOUR);
  }, 180_000);
  afterAll(async () => {
    await app?.close();
    await pool?.end();
    sqlite?.close();
  });

  it('the late list: longest late first, its count beside the counts per status, and a cursor to its next page', async () => {
    const first = await get<WorklistPage>(`${TEAM_API.leads}?late=1`);
    expect(first.status).toBe(200);
    const page = first.json();
    expect(page.late).toBe(LATE);
    expect(page.counts).toMatchObject({ new: LATE + 1 });
    expect(page.leads).toHaveLength(PAGE_SIZE);
    expect(page.leads.map((l) => l.name).slice(0, 3)).toEqual(['Lead 0', 'Lead 1', 'Lead 2']);
    expect(page.next).toMatch(/^\d+-\d+$/);
    const second = (await get<WorklistPage>(`${TEAM_API.leads}?late=1&before=${page.next}`)).json();
    expect(second.leads.map((l) => l.name)).toEqual([`Lead ${LATE - 3}`, `Lead ${LATE - 2}`, `Lead ${LATE - 1}`]);
    expect([second.next, second.counts, second.late]).toEqual([null, undefined, undefined]);
    // Newest first without the late filter.
    expect((await get<WorklistPage>(TEAM_API.leads)).json().leads[0]!.name).toBe(`Lead ${LATE}`);
  });

  it("a search's results come with their count, and the chips count within it", async () => {
    const search = (await get<WorklistPage>(`${TEAM_API.leads}?q=${encodeURIComponent('lead1')}`)).json();
    // lead1@, lead10@ … lead19@: eleven.
    expect([search.matches, search.matchesCapped, search.counts?.new, search.late]).toEqual([11, false, 11, 11]);
    const broad = (await get<WorklistPage>(`${TEAM_API.leads}?q=example.in&status=contacted`)).json();
    expect([broad.matches, broad.counts?.new, broad.counts?.contacted, broad.late]).toEqual([0, LATE + 1, 0, LATE]);
  });

  it('the leads around one in the list it was opened from', async () => {
    const { leads } = (await get<WorklistPage>(`${TEAM_API.leads}?late=1`)).json();
    const around = await get<Neighbours>(`${TEAM_API.neighbours(leads[1]!.id)}?late=1`);
    expect(around.json()).toEqual({ previous: leads[0]!.id, next: leads[2]!.id });
    expect((await get<Neighbours>(`${TEAM_API.neighbours(leads[0]!.id)}`)).json()).toMatchObject({ next: null });
    expect((await get(`${TEAM_API.neighbours(999_999)}?late=1`)).status).toBe(404);
    expect((await get(`${TEAM_API.neighbours(leads[0]!.id)}?status=maybe`)).status).toBe(400);
  });

  it("a member sets their own name and language; the team is listed by name", async () => {
    expect((await get<{ member: TeamMember }>(TEAM_API.me)).json().member).toMatchObject({ name: 'Asha Rao', language: 'ta' });
    const changed = await send<{ member: TeamMember }>('PATCH', TEAM_API.me, { name: 'Asha R.', language: 'kn' });
    expect([changed.status, changed.json().member.name, changed.json().member.language]).toEqual([200, 'Asha R.', 'kn']);
    expect((await send('PATCH', TEAM_API.me, { language: 'fr' })).status).toBe(400);
    expect((await send('PATCH', TEAM_API.me, { name: 'Asha\u0007' })).status).toBe(400);
    expect((await send('PATCH', TEAM_API.me, { name: 'x'.repeat(81) })).status).toBe(400);
    const { members } = (await get<{ members: TeamMember[] }>(TEAM_API.members)).json();
    expect(members.map((m) => [m.email, m.name])).toEqual([
      ['asha@team.example', 'Asha R.'],
      ['ravi@team.example', ''],
    ]);
    // Assigned to her in one request; the lead's owner carries her name.
    const { leads } = (await get<WorklistPage>(`${TEAM_API.leads}?late=1`)).json();
    const lead = leads[0]!;
    expect((await send('PATCH', TEAM_API.lead(lead.id), { version: lead.version, ownerId: memberId })).status).toBe(200);
    expect((await get<WorklistPage>(`${TEAM_API.leads}?owner=${memberId}`)).json().leads[0]!.owner).toEqual({ id: memberId, email: 'asha@team.example', name: 'Asha R.' });
  });

  it('"Not spam" says how many deliveries it queued and whether the person hears from us', async () => {
    const [spam] = await sql<{ id: number }>('SELECT id FROM leads ORDER BY id DESC LIMIT 1');
    await sql("UPDATE leads SET spam_reason = 'no-solution' WHERE id = ?", [spam!.id]);
    const answer = await send<NotSpamAnswer>('POST', TEAM_API.notSpam(Number(spam!.id)), {});
    expect(answer.status).toBe(200);
    // No webhook and no email set up here: nothing was sent anywhere, and the app says so.
    expect(answer.json()).toMatchObject({ queued: 0, deliveries: 0, acknowledged: false, lead: { spam: false } });
  });

  it('the CSV is named for its filter and gives its times in India with their offset', async () => {
    const csv = await get(`${TEAM_API.leadsCsv}?late=1`);
    expect(csv.status).toBe(200);
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="leads-late-${teamToday()}.csv"`);
    const rows = csv.body.trim().split('\r\n');
    expect(rows).toHaveLength(LATE + 1);
    expect(rows[1]!.split(',')[2]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+05:30$/);
    // Longest late first, as the list shows them.
    expect(rows[1]).toContain('Lead 0');
    const named = await get(`${TEAM_API.leadsCsv}?status=${encodeURIComponent('demo booked')}&city=Navi%20Mumbai`);
    expect(named.headers['content-disposition']).toBe(`attachment; filename="leads-demo-booked-navi-mumbai-${teamToday()}.csv"`);
    expect((await get(`${TEAM_API.leadsCsv}?spam=1`)).headers['content-disposition']).toBe(`attachment; filename="spam-all-${teamToday()}.csv"`);
  });
});
