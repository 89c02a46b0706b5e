/**
 * The service's own signal that it has nothing more to send: its delivery outbox holds no
 * pending row. A delivery stays pending while it is being sent and is marked delivered only
 * once its receiver has answered, and a delivered row is never sent again; so once nothing is
 * pending, every send the service was ever going to make has reached its receiver, and the
 * counts at the receivers are final (what a fixed wait for "a second send" only guessed at).
 */
import { expect } from 'vitest';
import { openOperatorStore } from '../../scripts/reports/open-store.ts';

/** Deliveries per status in a data folder's leads.db, or in PostgreSQL with `databaseUrl`. */
async function deliveryCounts(dataDir: string, databaseUrl: string) {
  const store = await openOperatorStore(dataDir, databaseUrl);
  try {
    return (await store.deliveries())!.counts;
  } finally {
    await store.close();
  }
}

/** Waits until the outbox holds nothing pending (every queued delivery sent, or dead). */
export async function outboxDrained(dataDir: string, databaseUrl = '', timeout = 30_000): Promise<void> {
  await expect.poll(async () => (await deliveryCounts(dataDir, databaseUrl)).pending, { timeout, message: 'deliveries still pending' }).toBe(0);
}
