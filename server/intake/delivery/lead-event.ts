import type { Db } from '../database.ts';
import type { LeadKind } from '../../../contract/lead-contract.ts';

/**
 * What a notification says about one lead. It is read from the lead's row when the
 * notification is sent, never copied into the outbox: erasing a lead leaves nothing
 * of it in the queue.
 */
export interface LeadEvent {
  id: number;
  kind: LeadKind;
  /** When the lead was stored, ISO 8601 (UTC). */
  createdAt: string;
  source: { origin: string | null; partner: string | null };
  /** The spec's fields, exactly as stored. */
  fields: Record<string, string>;
}

interface LeadRow {
  id: number;
  kind: LeadKind;
  created_at: number;
  origin: string | null;
  partner: string | null;
  fields: string;
}

/** A reader of lead events by lead id (undefined when the lead no longer exists). */
export function createLeadEventReader(db: Db): (leadId: number) => LeadEvent | undefined {
  const select = db.prepare<[number], LeadRow>('SELECT id, kind, created_at, origin, partner, fields FROM leads WHERE id = ?');
  return (leadId) => {
    const row = select.get(leadId);
    if (!row) return undefined;
    return {
      id: row.id,
      kind: row.kind,
      createdAt: new Date(row.created_at).toISOString(),
      source: { origin: row.origin, partner: row.partner },
      fields: JSON.parse(row.fields) as Record<string, string>,
    };
  };
}
