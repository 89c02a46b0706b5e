/**
 * The team's side in tests: the service on a port the test picks (so TEAM_ORIGIN can name
 * it as http://localhost:PORT, the only http origin passkeys work on), invitations made by
 * the real `npm run team` CLI, and Chromium's virtual WebAuthn authenticator (CDP) standing
 * in for a phone's fingerprint or a laptop's screen lock.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { freePort } from '../../scripts/free-port.ts';
import { repoRoot } from '../../scripts/paths.ts';
import { startServer } from './server.ts';

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

/** An invitation link from `npm run team -- --invite EMAIL --role ROLE`. */
export async function invite(email: string, role: 'admin' | 'member', env: Record<string, string>): Promise<string> {
  const { stdout, stderr, code } = await teamCli(['--invite', email, '--role', role], env);
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
