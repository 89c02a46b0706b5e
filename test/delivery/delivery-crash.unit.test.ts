import { describe, expect, it } from 'vitest';
import { postJson, readDb, startServerProcess } from '../helpers/server.ts';
import { VALID_CAREER } from '../helpers/fixtures.ts';
import { startWebhookReceiver, webhookSecret } from '../../scripts/webhook-receiver.ts';

const waitFor = async (check: () => boolean, timeoutMs = 20_000) => {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 25));
  }
};

describe('delivery: crash safety', () => {
  it('delivers every pending delivery exactly once after the service is SIGKILLed and restarted', async () => {
    const secret = webhookSecret();
    const receiver = await startWebhookReceiver(secret);
    receiver.setMode('hang'); // the receiver takes the first sends and stalls: they are in flight at the kill
    const env = { RATE_LIMIT_MAX: '1000', SPAM_CHALLENGE: 'off', WEBHOOK_URLS: receiver.url, WEBHOOK_SECRET: secret };
    const first = await startServerProcess(env);
    let second: Awaited<ReturnType<typeof startServerProcess>> | undefined;
    try {
      const TOTAL = 20;
      for (let i = 0; i < TOTAL; i++) {
        const res = await postJson(`${first.url}/addQuery`, {
          ...VALID_CAREER,
          name: `Applicant ${i}`,
          email: `applicant${i}@example.com`,
          message: `Application ${i}`,
        });
        expect(res.status).toBe(200);
      }
      await waitFor(() => receiver.held.length > 0);
      await first.kill('SIGKILL');
      expect(first.child.signalCode).toBe('SIGKILL');
      const pending = readDb(first.dataDir, (db) => db.prepare("SELECT COUNT(*) FROM deliveries WHERE status = 'pending'").pluck().get());
      expect(pending).toBe(TOTAL);
      expect(receiver.accepted).toHaveLength(0);

      receiver.setMode('answer');
      second = await startServerProcess({ ...env, DATA_DIR: first.dataDir });
      await waitFor(() => receiver.accepted.length >= TOTAL);
      // Every delivery recorded as delivered (never sent again), then the service stopped (it
      // finishes the sends it has in flight first): from here nothing more can arrive.
      await expect.poll(() => readDb(first.dataDir, (db) => db.prepare("SELECT COUNT(*) FROM deliveries WHERE status = 'delivered'").pluck().get()), { timeout: 20_000 }).toBe(TOTAL);
      await second.stop();
      const perLead = receiver.acceptedPerId();
      expect(perLead.size).toBe(TOTAL);
      expect([...perLead.values()].every((n) => n === 1)).toBe(true);
      expect(receiver.badSignatures).toEqual([]);
      const states = readDb(first.dataDir, (db) => db.prepare('SELECT status, COUNT(*) AS n FROM deliveries GROUP BY status').all());
      expect(states).toEqual([{ status: 'delivered', n: TOTAL }]);
    } finally {
      await first.kill();
      await second?.stop();
      await receiver.stop();
    }
  }, 90_000);
});
