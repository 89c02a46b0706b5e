/**
 * Two service instances on one PostgreSQL (a database of its own in the run's cluster) behind
 * a real nginx doing round robin (test/helpers/nginx.ts), delivering to one webhook receiver:
 * the setting docs/postgresql.md describes, for the tests of several instances. The instances
 * trust the proxy's address (TRUST_PROXY=127.0.0.1), so a client is its address at nginx.
 */
import fs from 'node:fs';
import type http from 'node:http';
import pg from 'pg';
import { startWebhookReceiver, webhookSecret } from '../../scripts/webhook-receiver.ts';
import { startNginx } from './nginx.ts';
import { freshDatabase } from './postgres.ts';
import { distDir, startServerProcess } from './server.ts';

/** The process among `pids` that holds the local TCP socket of 127.0.0.1:`port` (Linux: /proc/net/tcp gives its inode, a process's fd links name it). */
function processOfLocalPort(port: number, pids: number[]): number | undefined {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  const inode = fs
    .readFileSync('/proc/net/tcp', 'utf8')
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .find((fields) => fields[1] === `0100007F:${hexPort}`)?.[9];
  if (!inode) return undefined;
  return pids.find((pid) => {
    try {
      return fs.readdirSync(`/proc/${pid}/fd`).some((fd) => fs.readlinkSync(`/proc/${pid}/fd/${fd}`) === `socket:[${inode}]`);
    } catch {
      return false;
    }
  });
}

/** Both instances started together (the schema is migrated once, under the advisory lock), each with `env` on top of the defaults. */
export async function startTwoInstances(env: Record<string, string> = {}, options: { clockStepMs?: number } = {}) {
  const url = await freshDatabase();
  const db = new pg.Pool({ connectionString: url, max: 2 });
  const secret = webhookSecret();
  const receiver = await startWebhookReceiver(secret);
  const settings = {
    DATABASE_URL: url,
    DIST_DIR: distDir,
    TRUST_PROXY: '127.0.0.1',
    WEBHOOK_URLS: receiver.url,
    WEBHOOK_SECRET: secret,
    DELIVERY_RETRY_BASE_MS: '200',
    ...env,
  };
  const instances = await Promise.all([startServerProcess(settings, options), startServerProcess(settings, options)]);
  const nginx = await startNginx(instances.map((i) => i.url));
  return {
    settings,
    db,
    receiver,
    instances,
    nginx,
    /** The webhook ids (lead-N) of the persons' leads (not spam) whose email is LIKE `emailLike`. */
    async leadIdsOf(emailLike: string): Promise<string[]> {
      const { rows } = await db.query("SELECT id FROM leads WHERE fields->>'email' LIKE $1 AND spam_reason IS NULL ORDER BY id", [emailLike]);
      return rows.map((r) => `lead-${r.id}`);
    },
    /** Whether the receiver accepted each of these exactly once. */
    acceptedOnce(ids: readonly string[]): boolean {
      const perId = receiver.acceptedPerId();
      return ids.every((id) => perId.get(id) === 1);
    },
    /** The instance that sent a request the receiver holds (its connection's process). */
    senderOf(held: http.ServerResponse): (typeof instances)[number] | undefined {
      const port = held.socket?.remotePort;
      const pid = port === undefined ? undefined : processOfLocalPort(port, instances.map((i) => i.child.pid!));
      return instances.find((i) => i.child.pid === pid);
    },
    /** Deliveries not yet delivered (pending or dead). */
    async undelivered(): Promise<number> {
      return Number((await db.query("SELECT count(*) AS n FROM deliveries WHERE status <> 'delivered'")).rows[0].n);
    },
    async stop() {
      await nginx.stop();
      await Promise.all(instances.map((i) => i.stop()));
      await receiver.stop();
      await db.end();
    },
  };
}
