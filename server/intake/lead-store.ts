import type { Db } from './db.ts';
import { DEDUPE_WINDOW_MS, dedupeKey } from './dedupe.ts';
import type { LeadFields, LeadKind } from './schemas.ts';
import type { WriteBatcher } from './write-batcher.ts';

export interface SaveResult {
  leadId: number;
  duplicate: boolean;
}

/**
 * Writes leads. `save` checks for a recent identical submission and inserts inside one
 * transaction (the batcher's), and resolves only after that transaction has committed,
 * so a success answer always means the lead is in the file.
 */
export function createLeadStore(db: Db, batcher: WriteBatcher, now: () => number = Date.now) {
  const findRecent = db.prepare<[string, number], { id: number }>(
    'SELECT id FROM leads WHERE dedupe_key = ? AND created_at >= ? ORDER BY created_at DESC LIMIT 1',
  );
  const insert = db.prepare<[string, number, string, string]>(
    'INSERT INTO leads (kind, created_at, dedupe_key, fields) VALUES (?, ?, ?, ?)',
  );

  return {
    save(kind: LeadKind, fields: LeadFields): Promise<SaveResult> {
      const key = dedupeKey(kind, fields);
      const json = JSON.stringify(fields);
      return batcher.run(() => {
        const at = now();
        const existing = findRecent.get(key, at - DEDUPE_WINDOW_MS);
        if (existing) return { leadId: existing.id, duplicate: true };
        const info = insert.run(kind, at, key, json);
        return { leadId: Number(info.lastInsertRowid), duplicate: false };
      });
    },
  };
}

export type LeadStore = ReturnType<typeof createLeadStore>;
