import type { Db } from './db.ts';
import type { VitalsBeacon } from './vitals-schema.ts';
import type { WriteBatcher } from './write-batcher.ts';

/** Writes one beacon's metrics as rows of the vitals table (in the batcher's transaction). */
export function createVitalsStore(db: Db, batcher: WriteBatcher, now: () => number = Date.now) {
  const insert = db.prepare<[string, string, number, string | null, string | null, number]>(
    'INSERT INTO vitals (page, name, value, rating, navigation_type, created_at) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const write = (beacon: VitalsBeacon): number => {
    const at = now();
    for (const m of beacon.metrics) {
      insert.run(beacon.page, m.name, m.value, m.rating ?? null, m.navigationType?.slice(0, 40) ?? null, at);
    }
    return beacon.metrics.length;
  };
  return { save: (beacon: VitalsBeacon): Promise<number> => batcher.run(() => write(beacon)) };
}

export type VitalsStore = ReturnType<typeof createVitalsStore>;
