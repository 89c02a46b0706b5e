/**
 * The team's side on several instances: two service processes on one PostgreSQL behind a
 * real nginx doing round robin (all started here). A member invited with `npm run team`
 * registers a passkey and signs in through nginx; the session, kept in the database, is
 * honoured by the instance that did not sign them in, which then acts for them; a removal
 * ends the session on both. (Sign-in failures counted across both: multi-instance.unit.test.ts.)
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEAM_API } from '../../contract/team.ts';
import { freePort } from '../../scripts/free-port.ts';
import { launchBrowser } from '../helpers/browser.ts';
import { validLead } from '../helpers/fixtures.ts';
import { startNginx } from '../helpers/nginx.ts';
import { freshDatabase } from '../helpers/postgres.ts';
import { distDir, postJson, startServerProcess } from '../helpers/server.ts';
import { acceptInvitation, invite, pageWithPasskeys, sessionCookie, signIn, signOut, teamCli, teamFetch } from '../helpers/team.ts';

describe('the team on two instances behind nginx, on PostgreSQL', { timeout: 240_000 }, () => {
  let instances: Awaited<ReturnType<typeof startServerProcess>>[] = [];
  let nginx: Awaited<ReturnType<typeof startNginx>>;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let db: pg.Pool;
  let origin: string;
  let cliEnv: Record<string, string>;

  beforeAll(async () => {
    const url = await freshDatabase();
    db = new pg.Pool({ connectionString: url, max: 2 });
    const port = await freePort();
    origin = `http://localhost:${port}`;
    const env = { DATABASE_URL: url, DIST_DIR: distDir, TRUST_PROXY: '1', SPAM_CHALLENGE: 'off', TEAM_ORIGIN: origin, RATE_LIMIT_MAX: '1000' };
    instances = await Promise.all([startServerProcess(env), startServerProcess(env)]);
    nginx = await startNginx(instances.map((i) => i.url), { port });
    cliEnv = { DATABASE_URL: url, TEAM_ORIGIN: origin };
    browser = await launchBrowser();
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await nginx?.stop();
    await Promise.all(instances.map((i) => i.stop()));
    await db?.end();
  }, 60_000);

  /** The upstream (host:port) nginx sent the last request of `method path` to. */
  const upstreamOf = (method: string, path: string) => nginx.accessLog().filter((l) => l.split(' ')[1] === method && l.split(' ')[2] === path).at(-1)?.split(' ')[4];

  it('signs in through one instance and acts through the other', async () => {
    const [a, b] = instances as [(typeof instances)[0], (typeof instances)[0]];
    expect((await postJson(`${a.url}/addSocietyQuery`, validLead('society', { name: 'Farida Khan', email: 'farida@example.in' }))).status).toBe(200);
    const leadId = Number((await db.query("SELECT id FROM leads WHERE fields->>'email' = 'farida@example.in'")).rows[0].id);

    const context = await browser.newContext();
    const page = await pageWithPasskeys(context);
    await acceptInvitation(page, await invite('nadia@team.example', 'member', cliEnv));
    await signOut(page);
    await signIn(page, origin);
    await page.locator('[data-lead-id]').filter({ hasText: 'Farida Khan' }).waitFor();

    // The instance that checked the passkey, and the other one.
    const signedInBy = upstreamOf('POST', TEAM_API.signIn)!;
    expect([a.url, b.url].map((u) => new URL(u).host)).toContain(signedInBy);
    const other = [a, b].find((i) => new URL(i.url).host !== signedInBy)!;
    const cookie = await sessionCookie(context, origin);
    const lead = (await (await teamFetch(`${other.url}${TEAM_API.lead(leadId)}`, { cookie })).json()) as { lead: { version: number } };
    const changed = await teamFetch(`${other.url}${TEAM_API.lead(leadId)}`, { method: 'PATCH', cookie, origin, body: { version: lead.lead.version, status: 'contacted', note: 'Reached her through the other instance.' } });
    expect(changed.status).toBe(200);
    expect((await db.query('SELECT status FROM leads WHERE id = $1', [leadId])).rows[0].status).toBe('contacted');

    // The browser sees it through nginx, whichever instance answers; both served its team requests.
    await page.goto(`${origin}/team/leads/${leadId}`);
    await page.getByText('Reached her through the other instance.').waitFor();
    expect(await page.getByRole('radio', { name: 'Contacted' }).isChecked()).toBe(true);
    const teamUpstreams = new Set(nginx.accessLog().filter((l) => l.split(' ')[2]!.startsWith('/team/api/')).map((l) => l.split(' ')[4]));
    expect(teamUpstreams.size).toBe(2);

    // Removed with the CLI: the session ends on both instances at once.
    expect((await teamCli(['--remove', 'nadia@team.example'], cliEnv)).code).toBe(0);
    for (const instance of [a, b]) expect((await teamFetch(`${instance.url}${TEAM_API.me}`, { cookie })).status).toBe(401);
    await context.close();
  });
});
