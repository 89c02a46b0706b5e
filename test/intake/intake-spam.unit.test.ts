import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { createChallenge, solveChallenge } from 'altcha-lib/v1';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchChallenge, solve, solvedHeader } from '../helpers/altcha.ts';
import { countRows, postJson, rawRequest, readDb, ROOT, startServer, tempDir, type RunningServer } from '../helpers/server.ts';
import { VALID_SOCIETY } from '../helpers/fixtures.ts';
import { outboxDrained } from '../helpers/outbox.ts';
import { startWebhookReceiver, webhookSecret } from '../../scripts/webhook-receiver.ts';

const run = promisify(execFile);
const leadsCli = async (args: string[]) => (await run(process.execPath, ['--import', 'tsx', 'scripts/leads.ts', ...args], { cwd: ROOT, env: { ...process.env, DATA_DIR: '' } })).stdout;

const HMAC_KEY = 'test-altcha-key-7f3a9c2e5b1d8046e9c7a2f5';
const society = (i: number) => ({ ...VALID_SOCIETY, name: `Resident ${i}`, email: `resident${i}@example.in` });
const spamOf = (dataDir: string, email: string) =>
  readDb(dataDir, (db) => db.prepare("SELECT spam_reason FROM leads WHERE json_extract(fields, '$.email') = ?").pluck().all(email));
const deliveriesOf = (dataDir: string, email: string) =>
  readDb(dataDir, (db) =>
    db.prepare("SELECT COUNT(*) FROM deliveries d JOIN leads l ON l.id = d.lead_id WHERE json_extract(l.fields, '$.email') = ?").pluck().get(email),
  );
const waitFor = async (check: () => boolean, timeoutMs = 15_000) => {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 25));
  }
};

describe('spam: a proof of work (ALTCHA) tells people from scripts', () => {
  const secret = webhookSecret();
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
  let server: RunningServer;
  beforeAll(async () => {
    receiver = await startWebhookReceiver(secret);
    server = await startServer({ env: {
      RATE_LIMIT_MAX: '1000',
      WEBHOOK_URLS: receiver.url,
      WEBHOOK_SECRET: secret,
      ALTCHA_HMAC_KEY: HMAC_KEY,
      ALTCHA_MAX_NUMBER: '5000',
    } });
  });
  afterAll(async () => {
    await server?.stop();
    await receiver?.stop();
  });

  it('GET /altcha-challenge gives a signed, expiring challenge to any origin, never cached', async () => {
    const res = await rawRequest(`${server.url}/altcha-challenge`, { method: 'GET', headers: { origin: 'https://rwa.example' } });
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['access-control-allow-origin']).toBe('https://rwa.example');
    const challenge = JSON.parse(res.text);
    expect(Object.keys(challenge).sort()).toEqual(['algorithm', 'challenge', 'maxnumber', 'salt', 'signature']);
    expect(challenge).toMatchObject({ algorithm: 'SHA-256', maxnumber: 5000 });
    const expires = Number(new URLSearchParams(challenge.salt.split('?')[1]).get('expires')) * 1000;
    expect(expires - Date.now()).toBeGreaterThan(19 * 60_000);
    expect(expires - Date.now()).toBeLessThanOrEqual(20 * 60_000);
  });

  it('stores and delivers a lead whose X-Altcha solution was solved with altcha-lib', async () => {
    const res = await postJson(`${server.url}/addSocietyQuery`, society(1), { 'x-altcha': await solvedHeader(server.url) });
    expect(res.status).toBe(200);
    expect(spamOf(server.dataDir, 'resident1@example.in')).toEqual([null]);
    await waitFor(() => receiver.accepted.some((a) => a.body.data.fields.email === 'resident1@example.in'));
  });

  it('stores scripted posts without a solution as spam, answers them exactly like people, and delivers none', async () => {
    const person = await postJson(`${server.url}/addSocietyQuery`, society(2), { 'x-altcha': await solvedHeader(server.url) });
    // Alike but for the lead's own reference, which each lead has, spam or not.
    const withoutReference = (text: string) => text.replace(/"reference":"SD-[0-9A-Z]{4}-[0-9A-Z]{4}"/, '"reference":"…"');
    const personText = withoutReference(await person.text());
    expect(personText).toContain('"reference":"…"');
    const before = receiver.accepted.length + 1;
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => postJson(`${server.url}/addSocietyQuery`, society(100 + i))));
    for (const a of answers) {
      expect(a.status).toBe(person.status);
      expect(a.headers.get('content-type')).toBe(person.headers.get('content-type'));
      expect(withoutReference(await a.text())).toBe(personText);
    }
    for (let i = 0; i < 50; i++) expect(spamOf(server.dataDir, `resident${100 + i}@example.in`)).toEqual(['no-solution']);
    expect(deliveriesOf(server.dataDir, 'resident120@example.in')).toBe(0);
    await waitFor(() => receiver.accepted.length >= before);
    await outboxDrained(server.dataDir);
    const scripted = new Set(Array.from({ length: 50 }, (_, i) => `resident${100 + i}@example.in`));
    expect(receiver.accepted.filter((a) => scripted.has(a.body.data.fields.email!))).toEqual([]);
    expect(receiver.accepted).toHaveLength(before);
  });

  it('flags a reused, tampered, garbled or expired solution, each with its reason', async () => {
    const header = await solvedHeader(server.url);
    expect((await postJson(`${server.url}/addSocietyQuery`, society(3), { 'x-altcha': header })).status).toBe(200);
    expect((await postJson(`${server.url}/addSocietyQuery`, society(4), { 'x-altcha': header })).status).toBe(200);
    const tampered = JSON.parse(Buffer.from(await solvedHeader(server.url), 'base64').toString());
    tampered.number += 1;
    await postJson(`${server.url}/addSocietyQuery`, society(5), { 'x-altcha': Buffer.from(JSON.stringify(tampered)).toString('base64') });
    await postJson(`${server.url}/addSocietyQuery`, society(6), { 'x-altcha': 'not base64 json' });
    const old = await createChallenge({ hmacKey: HMAC_KEY, maxnumber: 100, expires: new Date(Date.now() - 1000) });
    await postJson(`${server.url}/addSocietyQuery`, society(7), { 'x-altcha': await solve(old) });
    const foreign = await createChallenge({ hmacKey: 'someone-else', maxnumber: 100, expires: new Date(Date.now() + 60_000) });
    await postJson(`${server.url}/addSocietyQuery`, society(8), { 'x-altcha': await solve(foreign) });

    expect([3, 4, 5, 6, 7, 8].map((i) => spamOf(server.dataDir, `resident${i}@example.in`)[0])).toEqual([
      null,
      'reused-solution',
      'invalid-solution',
      'invalid-solution',
      'expired-solution',
      'invalid-solution',
    ]);
  });

  it('stores a double submit (same form, same solution) once, as a person', async () => {
    const header = await solvedHeader(server.url);
    const [a, b] = await Promise.all([
      postJson(`${server.url}/addSocietyQuery`, society(9), { 'x-altcha': header }),
      postJson(`${server.url}/addSocietyQuery`, society(9), { 'x-altcha': header }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(spamOf(server.dataDir, 'resident9@example.in')).toEqual([null]);
  });

  it('does not let a flagged submission swallow the same person’s real one', async () => {
    expect((await postJson(`${server.url}/addSocietyQuery`, society(10))).status).toBe(200); // e.g. the challenge had expired
    expect((await postJson(`${server.url}/addSocietyQuery`, society(10), { 'x-altcha': await solvedHeader(server.url) })).status).toBe(200);
    expect(spamOf(server.dataDir, 'resident10@example.in')).toEqual(['no-solution', null]);
    await waitFor(() => receiver.accepted.some((a) => a.body.data.fields.email === 'resident10@example.in'));
  });

  it('takes a scripted repeat of a person’s lead for a repeat, whichever spelling of the phone it uses', async () => {
    const person = { ...society(11), phone: '+91 98765 43210' };
    expect((await postJson(`${server.url}/addSocietyQuery`, person, { 'x-altcha': await solvedHeader(server.url) })).status).toBe(200);
    for (const phone of ['098765 43210', '091 9876543210', '+91 098765 43210']) {
      expect((await postJson(`${server.url}/addSocietyQuery`, { ...person, phone })).status, phone).toBe(200);
    }
    expect(spamOf(server.dataDir, 'resident11@example.in')).toEqual([null]);
  });

  it('npm run leads hides spam unless --include-spam; its JSON always says spam or not', async () => {
    const people = JSON.parse(await leadsCli(['--data-dir', server.dataDir, '--format', 'json']));
    expect(people.every((l: { spam: boolean }) => l.spam === false)).toBe(true);
    expect(people.map((l: { email: string }) => l.email)).toContain('resident1@example.in');
    expect(people.map((l: { email: string }) => l.email)).not.toContain('resident100@example.in');
    const all = JSON.parse(await leadsCli(['--data-dir', server.dataDir, '--format', 'json', '--include-spam']));
    expect(all.length).toBe(countRows(server.dataDir, 'leads'));
    expect(all.find((l: { email: string }) => l.email === 'resident100@example.in')).toMatchObject({ spam: true, spamReason: 'no-solution' });
    const table = await leadsCli(['--data-dir', server.dataDir, '--include-spam', '--kind', 'society']);
    expect(table).toMatch(/\bspam\b/);
    expect(table).toContain('reused-solution');
  });

  it('is solved in seconds by altcha-lib at this difficulty (the widget solves while the visitor types)', async () => {
    const challenge = await fetchChallenge(server.url);
    const started = performance.now();
    expect(await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber).promise).not.toBeNull();
    expect(performance.now() - started).toBeLessThan(5000);
  });
});

describe('spam: SPAM_CHALLENGE=off', () => {
  it('stores and delivers leads without a solution', async () => {
    const secret = webhookSecret();
    const receiver = await startWebhookReceiver(secret);
    const server = await startServer({ env: { SPAM_CHALLENGE: 'off', WEBHOOK_URLS: receiver.url, WEBHOOK_SECRET: secret } });
    try {
      expect((await postJson(`${server.url}/addSocietyQuery`, society(1))).status).toBe(200);
      expect(spamOf(server.dataDir, 'resident1@example.in')).toEqual([null]);
      await waitFor(() => receiver.accepted.length === 1);
      expect((await fetch(`${server.url}/altcha-challenge`)).status).toBe(200); // a widget may still fetch one
    } finally {
      await server.stop();
      await receiver.stop();
    }
  });
});

describe('spam: the HMAC key', () => {
  it('is made once in DATA_DIR (0600) when ALTCHA_HMAC_KEY is unset, so a challenge outlives a restart', async () => {
    const fs = await import('node:fs');
    const path = await import('node:path');
    const dir = tempDir();
    const first = await startServer({ env: { DATA_DIR: dir, ALTCHA_MAX_NUMBER: '2000' } });
    const header = await solvedHeader(first.url);
    await first.stop();
    const keyFile = path.join(dir, 'altcha-hmac.key');
    expect(fs.statSync(keyFile).mode & 0o777).toBe(0o600);
    const second = await startServer({ env: { DATA_DIR: dir, ALTCHA_MAX_NUMBER: '2000' } });
    try {
      expect((await postJson(`${second.url}/addSocietyQuery`, society(1), { 'x-altcha': header })).status).toBe(200);
      expect(spamOf(dir, 'resident1@example.in')).toEqual([null]);
    } finally {
      await second.stop();
    }
  });
});
