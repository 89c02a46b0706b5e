/**
 * Issue 40, findings 4–9 on the team's side, through the real service (its API over HTTP) on
 * SQLite and a throwaway PostgreSQL:
 * - 4: a member who lists, searches, pages through spam and changes a lead leaves one audit
 *   entry per act, with the filter, how many leads and their ids, and no personal data; a 409
 *   (which shows the lead again) is a view; a signed CV link's download is recorded;
 * - 5: the sign-in lockout counts an IPv6 /64 as one client;
 * - 6: inviting a member again revokes their passkeys and ends their sessions at once;
 * - 8: the CSV export is an admin's (a member gets 403), and it is audited with its ids;
 * - 9: a NUL (any control character) in a search is ignored: 200, not 500.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { TEAM_API, type AuditEntry } from '../../contract/team.ts';
import { loadServerConfig } from '../../server/config.ts';
import { openIntakeStore } from '../../server/store/open-store.ts';
import type { IntakeStore } from '../../server/store/store.ts';
import { hashOf, MAX_SIGN_IN_FAILURES, SESSION_COOKIE } from '../../server/team/sessions.ts';
import { VALID_SOCIETY } from '../helpers/fixtures.ts';
import { freshDatabase } from '../helpers/postgres.ts';
import { postJson, startServer, type RunningServer } from '../helpers/server.ts';

const TEAM_ORIGIN = 'https://team.societydesk.example';
const PERSONAL = ['Sunita', 'sunita', '98765', 'Green Park', 'Delhi'];

describe.each(['sqlite', 'postgres'] as const)('the team’s audit log and guards: %s', (backend) => {
  let server: RunningServer;
  let store: IntakeStore;
  let member: string;
  let admin: string;
  let memberEmail: string;
  const ids: number[] = [];

  /** A session cookie for a new member of `role` (the database keeps the session's hash, as a sign-in would). */
  async function session(role: 'admin' | 'member'): Promise<{ cookie: string; email: string; memberId: number }> {
    const email = `${role}-${crypto.randomUUID().slice(0, 8)}@team.example`;
    const m = await store.team.accounts.invite(email, role, hashOf(`token-${email}`), Date.now(), Date.now() + 86_400_000);
    const id = `session-${crypto.randomUUID()}`;
    await store.team.sessions.create(hashOf(id), m.id, Date.now());
    return { cookie: `${SESSION_COOKIE}=${id}`, email, memberId: m.id };
  }
  const get = (path: string, cookie: string) => fetch(`${server.url}${path}`, { headers: { cookie } });
  const send = (method: string, path: string, cookie: string, body: unknown) =>
    fetch(`${server.url}${path}`, { method, headers: { cookie, origin: TEAM_ORIGIN, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const entriesOf = async (email: string): Promise<AuditEntry[]> => (await store.team.audit.list({ limit: 1000 })).filter((e) => e.actor === email).reverse();

  beforeAll(async () => {
    const env = { SPAM_CHALLENGE: 'off', TEAM_ORIGIN, TRUST_PROXY: 'loopback', ...(backend === 'postgres' ? { DATABASE_URL: await freshDatabase() } : {}) };
    server = await startServer({ env });
    store = await openIntakeStore({ ...loadServerConfig(env), dataDir: server.dataDir }, pino({ level: 'silent' }));
    for (let i = 0; i < 3; i++) {
      const res = await postJson(`${server.url}/addSocietyQuery`, { ...VALID_SOCIETY, name: 'Sunita Sharma', email: `sunita${i}@example.in`, societyName: `Green Park ${i}` });
      expect(res.status).toBe(200);
    }
    const spam = await store.leads.save('society', { ...VALID_SOCIETY, email: 'bot@example.in', societyName: 'Spam Towers' }, { origin: null, partner: null, noticeVersion: null, campaign: {}, page: null }, { spam: 'no-solution', solution: null });
    if ('leadId' in spam) ids.push(spam.leadId);
    ({ cookie: member, email: memberEmail } = await session('member'));
    ({ cookie: admin } = await session('admin'));
  }, 180_000);
  afterAll(async () => {
    await store?.close();
    await server?.stop();
  });

  it('4: listing, searching, paging through spam and changing a lead: one entry each, with the filter, the count and the ids, no personal data', async () => {
    const list = await get(`${TEAM_API.leads}?kind=society`, member);
    expect(list.status).toBe(200);
    const shown = ((await list.json()) as { leads: { id: number; version: number }[] }).leads;
    expect(shown).toHaveLength(3);
    expect((await get(`${TEAM_API.leads}?q=sunita`, member)).status).toBe(200);
    expect((await get(`${TEAM_API.leads}?spam=1`, member)).status).toBe(200);
    const lead = shown[0]!;
    expect((await send('PATCH', TEAM_API.lead(lead.id), member, { version: lead.version, status: 'contacted' })).status).toBe(200);
    // The same change made on the version read before: 409, whose answer shows the whole lead again.
    expect((await send('PATCH', TEAM_API.lead(lead.id), member, { version: lead.version, status: 'demo booked' })).status).toBe(409);

    const entries = await entriesOf(memberEmail);
    expect(entries.map((e) => e.action)).toEqual(['list', 'list', 'list', 'change', 'view']);
    const [listed, searched, spam] = entries as [AuditEntry, AuditEntry, AuditEntry];
    const idsOf = (leads: { id: number }[]) => leads.map((l) => l.id).sort((a, b) => a - b);
    const sorted = idsOf(shown);
    expect(listed.detail).toEqual({ filter: { kind: 'society' }, count: 3, ids: `${sorted[0]}-${sorted[2]}` });
    expect(searched.detail).toMatchObject({ filter: { q: true }, count: 3 });
    expect(spam.detail).toEqual({ filter: { spam: '1' }, count: 1, ids: String(ids[0]) });
    expect(entries[4]).toMatchObject({ leadId: lead.id, detail: { conflict: true } });
    const text = JSON.stringify(entries);
    for (const value of PERSONAL) expect(text).not.toContain(value);
  });

  it('8: the CSV export is an admin’s act: 403 for a member; audited with its ids for an admin', async () => {
    const refused = await get(`${TEAM_API.leadsCsv}?kind=society`, member);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { code: string }).code).toBe('forbidden');
    const csv = await get(`${TEAM_API.leadsCsv}?kind=society`, admin);
    expect(csv.status).toBe(200);
    expect((await csv.text()).split('\r\n').filter(Boolean)).toHaveLength(4);
    await expect.poll(async () => (await store.team.audit.list({ limit: 1000 })).find((e) => e.action === 'export')?.detail).toMatchObject({ filter: { kind: 'society' }, rows: 3, count: 3 });
  });

  it('9: a NUL and other control characters in a search are ignored', async () => {
    for (const q of ['sun\u0000ita', '\u0000\u0000sunita', 'sunita\u0007', 'sun\u001bita']) {
      const res = await get(`${TEAM_API.leads}?q=${encodeURIComponent(q)}`, member);
      expect(res.status, JSON.stringify(q)).toBe(200);
      expect(((await res.json()) as { leads: unknown[] }).leads).toHaveLength(3);
    }
  });

  it('5: failed sign-ins from any address of one IPv6 /64 count together', async () => {
    const from = (n: number) => `2001:db8:40:5:${n.toString(16)}::1`;
    for (let i = 0; i < MAX_SIGN_IN_FAILURES; i++) {
      const res = await fetch(`${server.url}${TEAM_API.signIn}`, { method: 'POST', headers: { origin: TEAM_ORIGIN, 'content-type': 'application/json', 'x-forwarded-for': from(i) }, body: '{}' });
      expect(res.status).toBe(401);
    }
    const locked = await fetch(`${server.url}${TEAM_API.signInOptions}`, { method: 'POST', headers: { origin: TEAM_ORIGIN, 'content-type': 'application/json', 'x-forwarded-for': from(999) }, body: '{}' });
    expect(locked.status).toBe(429);
    const elsewhere = await fetch(`${server.url}${TEAM_API.signInOptions}`, { method: 'POST', headers: { origin: TEAM_ORIGIN, 'content-type': 'application/json', 'x-forwarded-for': '2001:db8:40:6::1' }, body: '{}' });
    expect(elsewhere.status).toBe(200);
  });

  it('6: inviting a member again revokes their passkey and ends their sessions at once', async () => {
    const email = 'lost.phone@team.example';
    const first = await store.team.accounts.invite(email, 'member', hashOf('token-lost-phone-1'), Date.now(), Date.now() + 86_400_000);
    const key = { id: `cred-${backend}-lost`, publicKey: new Uint8Array([1, 2, 3]), counter: 0, transports: ['internal'] };
    expect((await store.team.accounts.registerPasskey(hashOf('token-lost-phone-1'), key, Date.now()))?.id).toBe(first.id);
    const id = `session-${crypto.randomUUID()}`;
    await store.team.sessions.create(hashOf(id), first.id, Date.now());
    expect((await get(TEAM_API.me, `${SESSION_COOKIE}=${id}`)).status).toBe(200);

    const again = await store.team.accounts.invite(email, undefined, hashOf('token-lost-phone-2'), Date.now(), Date.now() + 86_400_000);
    expect(again.revokedPasskeys).toBe(1);
    expect(await store.team.accounts.passkey(key.id)).toBeUndefined();
    expect((await get(TEAM_API.me, `${SESSION_COOKIE}=${id}`)).status).toBe(401);
  });
});
