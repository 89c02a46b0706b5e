/**
 * The acknowledgement survives a crash: the service is SIGKILLed after the leads are stored
 * and while their emails are on their way (the SMTP server has read them and not answered,
 * so none was sent); after the restart each person gets exactly one acknowledgement and
 * the team one notification per lead.
 */
import { describe, expect, it } from 'vitest';
import { VALID_SOCIETY } from '../helpers/fixtures.ts';
import { postJson, readDb, startServerProcess } from '../helpers/server.ts';
import { partOf, startSmtpSink } from '../helpers/smtp-sink.ts';

const TEAM = 'sales@societydesk.example';

const waitFor = async (check: () => boolean, timeoutMs = 30_000) => {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 25));
  }
};

describe('acknowledgement: crash safety', () => {
  it('after a SIGKILL with the emails in flight, each person is acknowledged exactly once after the restart', async () => {
    const sink = await startSmtpSink();
    sink.setMode('hold'); // the SMTP server reads each message and never answers: in flight at the kill
    const env = { SPAM_CHALLENGE: 'off', SMTP_URL: sink.url, NOTIFY_EMAIL_TO: TEAM, RATE_LIMIT_MAX: '1000' };
    const first = await startServerProcess(env);
    let second: Awaited<ReturnType<typeof startServerProcess>> | undefined;
    try {
      const TOTAL = 5;
      const references: string[] = [];
      for (let i = 0; i < TOTAL; i++) {
        const res = await postJson(`${first.url}/addSocietyQuery`, { ...VALID_SOCIETY, name: `Resident ${i}`, email: `resident${i}@example.in`, societyName: `Tower ${i}` });
        expect(res.status).toBe(200);
        references.push(((await res.json()) as { reference: string }).reference);
      }
      // Every lead is stored with its acknowledgement queued; some emails are being sent right now.
      await waitFor(() => sink.held.some((m) => m.to.some((to) => to.startsWith('resident'))));
      await first.kill('SIGKILL');
      expect(first.child.signalCode).toBe('SIGKILL');
      expect(sink.messages).toEqual([]);
      const queued = readDb(first.dataDir, (db) => db.prepare("SELECT COUNT(*) FROM deliveries WHERE target = 'acknowledgement' AND status = 'pending'").pluck().get());
      expect(queued).toBe(TOTAL);

      sink.setMode('accept');
      second = await startServerProcess({ ...env, DATA_DIR: first.dataDir });
      await waitFor(() => sink.messages.length >= 2 * TOTAL);
      // Every email recorded as sent (never sent again), then the service stopped (it finishes
      // the sends it has in flight first): from here nothing more can arrive.
      await expect.poll(() => readDb(first.dataDir, (db) => db.prepare("SELECT COUNT(*) FROM deliveries WHERE status = 'delivered'").pluck().get()), { timeout: 20_000 }).toBe(2 * TOTAL);
      await second.stop();
      for (let i = 0; i < TOTAL; i++) {
        const acks = sink.to(`resident${i}@example.in`);
        expect(acks, `resident${i}`).toHaveLength(1);
        expect(partOf(acks[0]!.raw, 'text/plain')).toContain(`Your reference: ${references[i]}`);
      }
      expect(sink.to(TEAM)).toHaveLength(TOTAL);
      expect(sink.messages).toHaveLength(2 * TOTAL);
      const states = readDb(first.dataDir, (db) => db.prepare('SELECT target, status, COUNT(*) AS n FROM deliveries GROUP BY target, status ORDER BY target').all());
      expect(states).toEqual([
        { target: 'acknowledgement', status: 'delivered', n: TOTAL },
        { target: 'email', status: 'delivered', n: TOTAL },
      ]);
    } finally {
      await first.kill();
      await second?.stop();
      await sink.stop();
    }
  }, 120_000);
});
