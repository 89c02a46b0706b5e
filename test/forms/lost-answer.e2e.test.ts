/**
 * Issue 40, finding 11: a send whose answer was lost says it succeeded once its retry is
 * answered. In Chromium against the built site and the real service: the first answer to a
 * registration is cut off after the service stored the lead (the request goes through, the
 * connection is reset before the page reads a byte of the answer); the form shows the spec's
 * failure toast and keeps the send; its retry goes with the same Idempotency-Key and gets the
 * first answer; then the success toast and the confirmation with the lead's reference appear,
 * and one lead is stored.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFERENCE_PATTERN } from '../../contract/lead-reference.ts';
import { REGISTRATION_ERROR, REGISTRATION_SUCCESS } from '../../widgets/registry/names.ts';
import { launchBrowser } from '../helpers/browser.ts';
import { formValues } from '../helpers/fixtures.ts';
import { readDb, startServer } from '../helpers/server.ts';

let site: Awaited<ReturnType<typeof startServer>>;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let proxy: Awaited<ReturnType<typeof cuttingProxy>>;

/**
 * A TCP proxy in front of the service that forwards everything, except that the answer to the
 * next request starting with `cut` (once armed) is never passed on: once the service answers it, the
 * browser gets its first bytes, then its connection is reset (RST), as a mobile network
 * dropping the connection does.
 */
async function cuttingProxy(target: string, cut: string) {
  const { port: targetPort } = new URL(target);
  let armed = false;
  const requests: string[] = [];
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(targetPort), '127.0.0.1');
    let cutting = false;
    client.on('data', (chunk: Buffer) => {
      const text = chunk.toString('latin1');
      if (/^[A-Z]+ \//.test(text)) requests.push(text.split('\r\n\r\n', 1)[0]!);
      if (armed && text.startsWith(cut)) {
        armed = false;
        cutting = true;
      }
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      if (cutting) {
        // The answer's headers, then the reset before its body: the browser has the answer's start, so it cannot send the request again by itself.
        cutting = false;
        upstream.destroy();
        client.write(chunk.subarray(0, chunk.indexOf('\r\n\r\n') + 4), () => setTimeout(() => client.resetAndDestroy(), 50));
        return;
      }
      client.write(chunk);
    });
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    requests,
    /** Cuts the answer to the next request that starts with `cut`. */
    arm: () => {
      armed = true;
      requests.length = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

beforeAll(async () => {
  site = await startServer({ site: true, env: { ALTCHA_MAX_NUMBER: '2000' } });
  proxy = await cuttingProxy(site.url, 'POST /addSocietyQuery');
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await proxy?.close();
  await site?.stop();
});

const FORM = 'society-registration';

describe('a send whose first answer was lost', () => {
  // The retry comes from the outbox worker (Background Sync), or, with no worker, from the form's own retries.
  it.each([
    ['the outbox worker', 'allow'],
    ['the form itself (no service worker)', 'block'],
  ] as const)('retried by %s: the failure, then the success toast and the confirmation with its reference; one lead', async (_, serviceWorkers) => {
    const context = await browser.newContext({ serviceWorkers });
    const page = await context.newPage();
    await page.goto(`${proxy.url}/`);
    await page.locator(`${FORM} [name="name"]`).focus();
    await page.waitForFunction((t) => !!document.querySelector(t)?.shadowRoot?.querySelector('button[type="submit"]:not([disabled])'), FORM);
    const email = `lost.answer.${serviceWorkers}@example.in`;
    for (const [name, value] of Object.entries(formValues('society', { email }))) if (value) await page.locator(`${FORM} [name="${name}"]`).fill(value);

    // Every answer the form shows, in order, by the events it tells its page (the failure toast may last only
    // as long as the worker's retry takes: a few milliseconds).
    await page.evaluate(
      ([error, success]) => {
        const seen: { type: string; reason?: string; at: number }[] = [];
        (window as unknown as { outcomes: typeof seen }).outcomes = seen;
        document.addEventListener(error!, (e) => seen.push({ type: 'error', reason: (e as CustomEvent<{ reason: string }>).detail.reason, at: performance.now() }));
        document.addEventListener(success!, () => seen.push({ type: 'success', at: performance.now() }));
      },
      [REGISTRATION_ERROR, REGISTRATION_SUCCESS],
    );
    const outcomes = () => page.evaluate(() => (window as unknown as { outcomes: { type: string; reason?: string; at: number }[] }).outcomes);

    // The first POST reaches the service and is stored; its answer never reaches the page.
    proxy.arm();
    await page.locator(`${FORM} button[type="submit"]`).click();
    await expect.poll(async () => (await outcomes()).length, { timeout: 30_000 }).toBeGreaterThanOrEqual(1);
    expect((await outcomes())[0]).toMatchObject({ type: 'error', reason: 'network' }); // the spec's "Registration Failed"
    const leads = () => readDb(site.dataDir, (db) => db.prepare("SELECT reference FROM leads WHERE json_extract(fields, '$.email') = ?").pluck().all(email)) as string[];
    expect(leads()).toHaveLength(1);

    // Then, within 15 s of the failure, the success: its event, its toast, the confirmation with the reference.
    await expect.poll(async () => (await outcomes()).map((o) => o.type), { timeout: 20_000 }).toEqual(['error', 'success']);
    const [failed, succeeded] = await outcomes();
    expect(succeeded!.at - failed!.at).toBeLessThan(15_000);
    await page.getByRole('status').filter({ hasText: 'Registration Successful!' }).waitFor();
    await page.locator(FORM).getByRole('heading', { name: 'Registration Successful!' }).waitFor();
    const [reference] = leads();
    expect(leads()).toHaveLength(1);
    expect(reference).toMatch(REFERENCE_PATTERN);
    await page.locator(FORM).getByText(reference!).waitFor();
    // The cut send and its retry: one Idempotency-Key.
    const keys = proxy.requests.filter((r) => r.startsWith('POST /addSocietyQuery')).map((r) => /^idempotency-key: (.*)$/im.exec(r)?.[1]);
    expect(keys.length).toBeGreaterThanOrEqual(2);
    expect(new Set(keys).size).toBe(1);
    await context.close();
  });
});
