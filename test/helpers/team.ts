/**
 * The team's side in tests: the service on a port the test picks (so TEAM_ORIGIN can name
 * it as http://localhost:PORT, the only http origin passkeys work on), invitations made by
 * the real `npm run team` CLI, and Chromium's virtual WebAuthn authenticator (CDP) standing
 * in for a phone's fingerprint or a laptop's screen lock.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { lateSince } from '../../contract/team.ts';
import { freePort } from '../../scripts/free-port.ts';
import { repoRoot } from '../../scripts/paths.ts';
import { dbPath } from '../../server/store/sqlite.ts';
import { validLead } from './fixtures.ts';
import { postJson, startServer } from './server.ts';

const run = promisify(execFile);

/** The service with the built site on a free port, its team origin http://localhost:PORT. */
export async function startTeamServer(env: Record<string, string> = {}) {
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  const server = await startServer({ site: true, port, env: { TEAM_ORIGIN: origin, ...env } });
  return { ...server, origin };
}

/** `npm run team -- ARGS` against a data folder (or env.DATABASE_URL): its stdout, stderr and exit code. */
export async function teamCli(args: string[], env: Record<string, string>): Promise<{ stdout: string; stderr: string; code: number }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'scripts/team.ts', ...args], {
      cwd: repoRoot,
      env: { ...process.env, DATABASE_URL: '', SMTP_URL: '', NOTIFY_EMAIL_TO: '', ...env },
    });
    return { stdout, stderr, code: 0 };
  } catch (error) {
    const e = error as { stdout: string; stderr: string; code: number };
    return { stdout: e.stdout, stderr: e.stderr, code: e.code };
  }
}

/** An invitation link from `npm run team -- --invite EMAIL --role ROLE` (and any more of its options). */
export async function invite(email: string, role: 'admin' | 'member', env: Record<string, string>, more: string[] = []): Promise<string> {
  const { stdout, stderr, code } = await teamCli(['--invite', email, '--role', role, ...more], env);
  expect(code, stderr).toBe(0);
  const link = /https?:\/\/\S+\/team\/invite#\S+/.exec(stdout)?.[0];
  if (!link) throw new Error(`no invitation link in:\n${stdout}`);
  return link;
}

/** A page whose browser has a platform authenticator with user verification (a passkey device). */
export async function pageWithPasskeys(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return page;
}

/** Opens an invitation link and registers a passkey; resolves once the worklist shows. */
export async function acceptInvitation(page: Page, link: string): Promise<void> {
  await page.goto(link);
  await page.getByRole('button', { name: 'Register a passkey' }).click();
  await page.getByRole('heading', { level: 1, name: 'Worklist' }).waitFor();
}

/** Signs in with the page's passkey; resolves once the worklist shows. */
export async function signIn(page: Page, origin: string): Promise<void> {
  await page.goto(`${origin}/team/`);
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await page.getByRole('heading', { level: 1, name: 'Worklist' }).waitFor();
}

/** Opens the bar's menu (the screens, export, the member's name and language, sign-out). */
export async function openMenu(page: Page): Promise<void> {
  const menu = page.getByRole('button', { name: 'Menu' });
  if ((await menu.getAttribute('aria-expanded')) !== 'true') await menu.click();
}

/** Signs out from the menu; resolves once sign-in shows. */
export async function signOut(page: Page): Promise<void> {
  await openMenu(page);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.getByRole('button', { name: 'Sign in with a passkey' }).waitFor();
}

/** The leads the list shows, cards or table rows alike: the link of each. */
export const leadLinks = (page: Page) => page.locator('a[data-lead-link]');

/** A request of the team API with a member's cookie, as another program would send it. */
export async function teamFetch(url: string, init: { method?: string; cookie?: string; origin?: string; body?: unknown } = {}) {
  const headers: Record<string, string> = {};
  if (init.cookie) headers.cookie = init.cookie;
  if (init.origin) headers.origin = init.origin;
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  return fetch(url, { method: init.method ?? (init.body === undefined ? 'GET' : 'POST'), headers, body: init.body === undefined ? undefined : JSON.stringify(init.body) });
}

/** The `Cookie` header value of a context's team session. */
export async function sessionCookie(context: BrowserContext, origin: string): Promise<string> {
  const cookie = (await context.cookies(origin)).find((c) => c.name === '__Host-team-session');
  if (!cookie) throw new Error('no team session cookie');
  return `${cookie.name}=${cookie.value}`;
}

export interface SeededLead {
  id: number;
  name: string;
  /** What the person typed (their data, in Latin letters whatever the app's language). */
  fields: Record<string, string>;
  /** Hours since it came in. */
  ageHours: number;
}

/**
 * Society leads sent through the service's own form endpoint (SQLite), then aged: `late` of
 * them came in 25 hours and more ago and are still new (late), the oldest first; the rest
 * came in within the last hours. Each lead's late_at is set as the service keeps it.
 */
export async function seedLeads(server: { url: string; dataDir: string }, { total, late }: { total: number; late: number }): Promise<SeededLead[]> {
  const seeded: SeededLead[] = [];
  for (let i = 0; i < total; i++) {
    const name = `${FIRST_NAMES[i % FIRST_NAMES.length]} ${SURNAMES[Math.floor(i / FIRST_NAMES.length) % SURNAMES.length]}`;
    const fields = { name, email: `lead${i}@example.in`, phone: `+91 98${String(100 + i).padStart(3, '0')} 4${String(1000 + i).padStart(4, '0')}`, societyName: `${SOCIETIES[i % SOCIETIES.length]} Residency`, city: CITIES[i % CITIES.length]! };
    const response = await postJson(`${server.url}/addSocietyQuery`, validLead('society', fields));
    expect(response.status, name).toBe(200);
    // Oldest first, as ids go: lead 0 came in 25 + late hours ago, the last late one 26 hours ago, the rest within the last hours.
    seeded.push({ id: 0, name, fields, ageHours: i < late ? 25 + late - i : total - i });
  }
  const db = new Database(dbPath(server.dataDir));
  try {
    const ids = db.prepare('SELECT id FROM leads ORDER BY id').pluck().all() as number[];
    const age = db.prepare('UPDATE leads SET created_at = ?, late_at = ? WHERE id = ?');
    const now = Date.now();
    seeded.forEach((lead, i) => {
      lead.id = ids[i]!;
      const createdAt = now - lead.ageHours * 3_600_000;
      age.run(createdAt, lateSince({ status: 'new', createdAt, nextCallOn: null }), lead.id);
    });
  } finally {
    db.close();
  }
  return seeded;
}

const FIRST_NAMES = ['Meera', 'Arjun', 'Priya', 'Farida', 'Harish', 'Kavita', 'Ravi', 'Sneha', 'Imran', 'Lakshmi'];
const SURNAMES = ['Iyer', 'Mehta', 'Khan'];
const SOCIETIES = ['Lake View', 'Green Meadows', 'Shanti Vihar', 'Palm Grove', 'Sai Krupa'];
const CITIES = ['Bengaluru', 'Pune', 'Chennai', 'Hyderabad', 'Kolkata', 'Mumbai'];
