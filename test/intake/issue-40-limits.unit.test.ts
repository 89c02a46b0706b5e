/**
 * Issue 40, findings 5, 7 and 10 on the intake side:
 * - 5: the allowance for forms sent without proof of work counts an IPv6 /64 as one client;
 * - 7: when an SMTP server refuses a visitor's address, the service's log and the outbox's
 *   last error say the SMTP code, never the address (the real service process, its log read);
 * - 10: a weak ALTCHA_HMAC_KEY (it also signs the CV links) stops the start, as a weak
 *   INSIGHT_TOKEN does.
 */
import type net from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, describe, expect, it } from 'vitest';
import { controlName, fieldNames } from '../../contract/lead-contract.ts';
import { ConfigError, loadServerConfig } from '../../server/config.ts';
import { VALID_SOCIETY } from '../helpers/fixtures.ts';
import { postJson, readDb, startServer, startServerProcess } from '../helpers/server.ts';

const stops: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const stop of stops.reverse()) await stop();
});

describe('5: forms without proof of work, per IPv6 /64', () => {
  it('any address of one /64 shares the hourly allowance; another /64 has its own', async () => {
    const server = await startServer({ env: { WITHOUT_PROOF_RATE_LIMIT_MAX: '2', TRUST_PROXY: 'loopback' } });
    stops.push(() => server.stop());
    const post = (email: string, from: string) => {
      const form = new URLSearchParams({ lang: 'en', website: '' });
      const values: Record<string, string> = { ...VALID_SOCIETY, email };
      for (const field of fieldNames('society')) form.set(controlName('society', field), values[field]!);
      return fetch(`${server.url}/addSocietyQuery`, { method: 'POST', body: form, redirect: 'manual', headers: { 'x-forwarded-for': from } });
    };
    const statuses = [];
    for (let i = 1; i <= 3; i++) statuses.push((await post(`same64-${i}@example.in`, `2001:db8:5:5::${i}`)).status);
    expect(statuses).toEqual([303, 303, 429]);
    expect((await post('other64@example.in', '2001:db8:5:6::1')).status).toBe(303);
  });
});

describe('7: an SMTP refusal of a visitor’s address', () => {
  it('is logged by its code, never the address; the outbox keeps no address either', async () => {
    const refused = 'never.logged.person@example.in';
    const smtp = new SMTPServer({
      authOptional: true,
      allowInsecureAuth: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo(address, _session, callback) {
        if (address.address === refused) return callback(Object.assign(new Error(`5.1.1 <${refused}>: Recipient address rejected: User unknown`), { responseCode: 550 }));
        callback();
      },
      onData(stream, _session, callback) {
        stream.resume();
        stream.on('end', () => callback());
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    stops.push(() => new Promise<void>((resolve) => smtp.close(() => resolve())));
    const { port } = smtp.server.address() as net.AddressInfo;
    const service = await startServerProcess({ SPAM_CHALLENGE: 'off', SMTP_URL: `smtp://127.0.0.1:${port}`, NOTIFY_EMAIL_TO: 'team@example.in', LOG_LEVEL: 'info' });
    stops.push(() => service.stop());

    expect((await postJson(`${service.url}/addSocietyQuery`, { ...VALID_SOCIETY, email: refused })).status).toBe(200);
    await expect.poll(() => service.output(), { timeout: 20_000 }).toMatch(/delivery failed/);
    const line = service.output().split('\n').find((l) => l.includes('delivery failed'))!;
    expect(line).toContain('550');
    expect(service.output()).not.toContain(refused);
    expect(service.output()).not.toContain('never.logged');
    const errors = readDb(service.dataDir, (db) => db.prepare('SELECT last_error FROM deliveries WHERE last_error IS NOT NULL').pluck().all()) as string[];
    expect(errors.length).toBeGreaterThan(0);
    for (const error of errors) expect(error).not.toContain('never.logged');
  }, 60_000);
});

describe('10: ALTCHA_HMAC_KEY', () => {
  it.each(['secret', 'test-altcha-key', 'a'.repeat(40), 'abababababababababababababababababab'])('"%s" is refused at start', (key) => {
    expect(() => loadServerConfig({ ALTCHA_HMAC_KEY: key })).toThrow(ConfigError);
    expect(() => loadServerConfig({ ALTCHA_HMAC_KEY: key })).toThrow(/ALTCHA_HMAC_KEY is too easy to guess/);
  });
  it('a random one is taken', () => {
    expect(loadServerConfig({ ALTCHA_HMAC_KEY: '3f9c1a7be04d52e8a61f0c9d7b3e2a5f4c8d1e6b9a0f7c2d' }).altchaHmacKey).toBe('3f9c1a7be04d52e8a61f0c9d7b3e2a5f4c8d1e6b9a0f7c2d');
  });
});
