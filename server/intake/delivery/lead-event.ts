import type { Db } from '../database.ts';
import { CAMPAIGN_KEYS, type CampaignKey } from '../../../contract/campaign.ts';
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
  source: {
    origin: string | null;
    partner: string | null;
    /** The site route the form was on (null: another site's page, or not sent). */
    page: string | null;
    /** The visit's campaign parameters, null where absent. */
    campaign: Record<CampaignKey, string | null>;
  };
  /** The spec's fields, exactly as stored. */
  fields: Record<string, string>;
  /** The lead's page in the team's worklist (server/team/), added when a notification is sent. */
  teamUrl?: string;
}

interface LeadRow {
  id: number;
  kind: LeadKind;
  created_at: number;
  origin: string | null;
  partner: string | null;
  page: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  ref: string | null;
  fields: string;
}

/** A reader of lead events by lead id (undefined when the lead no longer exists). */
export function createLeadEventReader(db: Db): (leadId: number) => LeadEvent | undefined {
  const select = db.prepare<[number], LeadRow>('SELECT id, kind, created_at, origin, partner, page, utm_source, utm_medium, utm_campaign, ref, fields FROM leads WHERE id = ?');
  return (leadId) => {
    const row = select.get(leadId);
    if (!row) return undefined;
    return {
      id: row.id,
      kind: row.kind,
      createdAt: new Date(row.created_at).toISOString(),
      source: {
        origin: row.origin,
        partner: row.partner,
        page: row.page,
        campaign: Object.fromEntries(CAMPAIGN_KEYS.map((key) => [key, row[key]])) as Record<CampaignKey, string | null>,
      },
      fields: JSON.parse(row.fields) as Record<string, string>,
    };
  };
}
