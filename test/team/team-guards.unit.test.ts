/**
 * What the team's side refuses, at the service (SQLite) with the built site, without a
 * browser: signed out, every /team API answers 401; /team/ is served with the strict CSP,
 * no-store and noindex, and stays out of the sitemap and the public pages; a cross-origin
 * request carrying a valid session cookie (CSRF) is refused; an invitation used, or past its
 * 24 hours, is refused; a client asking for more than 60 sign-in challenges a minute gets 429.
 * The members and sessions here are made through the store, as an invitation and a passkey
 * sign-in make them; the ceremonies themselves, in Chromium: team-guards.e2e.test.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEAM_API } from '../../contract/team.ts';
import { loadServerConfig } from '../../server/config.ts';
import { openIntakeStore } from '../../server/store/open-store.ts';
import type { IntakeStore } from '../../server/store/store.ts';
import { INVITATION_MS, newInvitationToken } from '../../server/team/passkeys.ts';
import { hashOf, newSessionId, SESSION_COOKIE } from '../../server/team/sessions.ts';
import { validLead } from '../helpers/fixtures.ts';
import { distDir, postJson, readDb } from '../helpers/server.ts';
import { startTeamServer, teamFetch } from '../helpers/team.ts';

const ENV = { SPAM_CHALLENGE: 'off' };
let server: Awaited<ReturnType<typeof startTeamServer>>;
/** A second store on the service's data, as the team's CLI holds one. */
let store: IntakeStore;
const LEAD = { name: 'Kavita Deshpande', email: 'kavita.deshpande@example.in', phone: '+91 99887 76655', societyName: 'Sunrise Heights', city: 'Nagpur', position: '' };

beforeAll(async () => {
  server = await startTeamServer(ENV);
  store = await openIntakeStore({ ...loadServerConfig({ ...ENV, TEAM_ORIGIN: server.origin }), dataDir: server.dataDir }, pino({ level: 'silent' }));
  expect((await postJson(`${server.url}/addSocietyQuery`, validLead('society', LEAD))).status).toBe(200);
});
afterAll(async () => {
  await store?.close();
  await server?.stop();
});

const leadId = () => readDb(server.dataDir, (db) => db.prepare("SELECT id FROM leads WHERE json_extract(fields, '$.email') = ?").pluck().get(LEAD.email)) as number;

/** A member invited and signed in, as a passkey sign-in leaves them: their session's Cookie header. */
async function signedInMember(email: string): Promise<string> {
  const at = Date.now();
  const member = await store.team.accounts.invite(email, 'member', newInvitationToken().tokenHash, at, at + INVITATION_MS);
  const session = newSessionId();
  await store.team.sessions.create(hashOf(session), member.id, at);
  return `${SESSION_COOKIE}=${session}`;
}

describe('signed out', () => {
  it('every /team API answers 401, whatever the method, known path or not', async () => {
    const id = leadId();
    const calls: [string, string, unknown?][] = [
      ['GET', TEAM_API.me],
      ['GET', TEAM_API.members],
      ['GET', `${TEAM_API.leads}?status=new`],
      ['GET', TEAM_API.leadsCsv],
      ['GET', TEAM_API.lead(id)],
      ['PATCH', TEAM_API.lead(id), { version: 1, status: 'contacted' }],
      ['POST', TEAM_API.notSpam(id), {}],
      ['POST', TEAM_API.outcomeEmail(id), { outcome: 'offer' }],
      ['POST', TEAM_API.person, { leadId: id, by: 'email' }],
      ['POST', TEAM_API.personErase, { leadId: id, by: 'email' }],
      ['GET', TEAM_API.audit],
      ['GET', '/team/api/no-such-thing'],
      ['DELETE', '/team/api/leads'],
    ];
    for (const [method, url, body] of calls) {
      const res = await teamFetch(`${server.url}${url}`, { method, body, origin: server.origin });
      expect(res.status, `${method} ${url}`).toBe(401);
      expect(res.headers.get('cache-control'), url).toBe('no-store');
      const answer = (await res.json()) as { code: string };
      expect(answer.code).toBe('signed-out');
      expect(JSON.stringify(answer)).not.toContain(LEAD.name);
    }
    // A session cookie nobody was given is no session.
    expect((await teamFetch(`${server.url}${TEAM_API.me}`, { cookie: '__Host-team-session=made-up-value-0123456789' })).status).toBe(401);
  });

  it('/team/ is served with the strict CSP, no-store and noindex, and stays out of the sitemap and the public pages', async () => {
    for (const url of ['/team', '/team/', '/team/leads/1', '/team/index.html']) {
      const res = await fetch(`${server.url}${url}`);
      expect(res.status, url).toBe(200);
      expect(res.headers.get('cache-control'), url).toBe('no-store');
      expect(res.headers.get('x-robots-tag'), url).toBe('noindex, nofollow');
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/);
      expect(csp).toContain("frame-ancestors 'none'");
      const html = await res.text();
      expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
    }
    const asset = /src="(\/team\/assets\/[^"]+\.js)"/.exec(await (await fetch(`${server.url}/team/`)).text())![1]!;
    expect((await fetch(`${server.url}${asset}`)).headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect(fs.readFileSync(path.join(distDir, 'sitemap.xml'), 'utf8')).not.toContain('/team');
    expect(JSON.parse(fs.readFileSync(path.join(distDir, 'build-meta.json'), 'utf8')).routes).not.toContain('/team/');
    // No public page or public script names the app or its files.
    for (const file of fs.readdirSync(distDir, { recursive: true }) as string[]) {
      if (file.startsWith('team') || !/\.(html|js|css)$/.test(file)) continue;
      const text = fs.readFileSync(path.join(distDir, file), 'utf8');
      expect(text, file).not.toContain('/team/');
      expect(text, file).not.toContain('Sign in with a passkey');
    }
  });
});

describe('refused', () => {
  it('a cross-origin request carrying a valid session cookie (CSRF)', async () => {
    const cookie = await signedInMember('csrf@team.example');
    const id = leadId();
    const version = ((await (await teamFetch(`${server.url}${TEAM_API.lead(id)}`, { cookie })).json()) as { lead: { version: number } }).lead.version;
    // Any other origin, none, and the same path spelled with an escape the router decodes.
    for (const [origin, url] of [
      ['https://evil.example', TEAM_API.lead(id)],
      [`http://127.0.0.1:${new URL(server.origin).port}`, TEAM_API.lead(id)],
      [undefined, TEAM_API.lead(id)],
      ['https://evil.example', TEAM_API.lead(id).replace('/api/', '/%61pi/')],
    ] as const) {
      const res = await teamFetch(`${server.url}${url}`, { method: 'PATCH', cookie, origin, body: { version, status: 'contacted', note: 'forged' } });
      expect(res.status, `${origin} ${url}`).toBe(403);
      expect(((await res.json()) as { code: string }).code).toBe('cross-origin');
    }
    expect(readDb(server.dataDir, (db) => db.prepare('SELECT status FROM leads WHERE id = ?').pluck().get(id))).toBe('new');
    expect(readDb(server.dataDir, (db) => db.prepare("SELECT COUNT(*) FROM lead_notes WHERE text = 'forged'").pluck().get())).toBe(0);
    // The same request from the team's origin goes through.
    const res = await teamFetch(`${server.url}${TEAM_API.lead(id)}`, { method: 'PATCH', cookie, origin: server.origin, body: { version, note: 'from the worklist' } });
    expect(res.status).toBe(200);
  });


  it('an invitation used, or past its 24 hours', async () => {
    // Used: its passkey registered, which uses the invitation in the same transaction.
    const used = newInvitationToken();
    const at = Date.now();
    await store.team.accounts.invite('twice@team.example', 'member', used.tokenHash, at, at + INVITATION_MS);
    expect(await store.team.accounts.registerPasskey(used.tokenHash, { id: 'AAAA', publicKey: new Uint8Array(65), counter: 0, transports: ['internal'] }, at)).toBeDefined();
    const again = await teamFetch(`${server.url}${TEAM_API.invitation}`, { origin: server.origin, body: { token: used.token } });
    expect([again.status, ((await again.json()) as { code: string }).code]).toEqual([410, 'invitation-used']);

    // Made 24 hours and a second ago.
    const late = newInvitationToken();
    const made = Date.now() - INVITATION_MS - 1000;
    await store.team.accounts.invite('late@team.example', 'member', late.tokenHash, made, made + INVITATION_MS);
    const expired = await teamFetch(`${server.url}${TEAM_API.invitationOptions}`, { origin: server.origin, body: { token: late.token } });
    expect([expired.status, ((await expired.json()) as { code: string }).code]).toEqual([410, 'invitation-expired']);
  });
});

describe('sign-in attempts', () => {
  it('a client may ask for 60 sign-in challenges a minute (each is stored), then gets 429', async () => {
    const own = await startTeamServer({ SPAM_CHALLENGE: 'off' });
    try {
      for (let i = 1; i <= 60; i++) expect((await teamFetch(`${own.url}${TEAM_API.signInOptions}`, { origin: own.origin, body: {} })).status, `request ${i}`).toBe(200);
      const refused = await teamFetch(`${own.url}${TEAM_API.signInOptions}`, { origin: own.origin, body: {} });
      expect(refused.status).toBe(429);
      expect(((await refused.json()) as { code: string }).code).toBe('too-many-attempts');
    } finally {
      await own.stop();
    }
  });
});
