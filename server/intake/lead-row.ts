import { CAMPAIGN_COLUMNS, type CampaignColumns } from '../../contract/campaign.ts';
import type { LeadKind } from '../../contract/lead-contract.ts';

/**
 * A row of the `leads` table, as either database gives it back: the one declaration the SQLite
 * and PostgreSQL sides, the lead event and `npm run leads` read rows by. The two differ only in
 * how a column comes back: SQLite gives the fields as JSON text and flags as 0/1, PostgreSQL
 * a jsonb object and booleans (and a bigint as a string, read with Number()).
 */
export type LeadRow<Database extends 'sqlite' | 'postgres' = 'sqlite'> = {
  id: number;
  /** What the person was given to quote (SD-XXXX-XXXX). */
  reference: string;
  kind: LeadKind;
  /** The form's language code; NULL for a lead from before languages were kept. */
  language: string | null;
  /** Epoch milliseconds (UTC). */
  created_at: number;
  origin: string | null;
  partner: string | null;
  notice_version: string | null;
  spam_reason: string | null;
  /** The site route the form was on, or NULL. */
  page: string | null;
  fields: Database extends 'postgres' ? Record<string, string> : string;
  without_proof: Database extends 'postgres' ? boolean : number;
} & CampaignColumns;

/** The columns a lead's notification is read from (delivery/lead-event.ts), in both databases. */
export const LEAD_EVENT_COLUMNS = `id, reference, kind, language, created_at, origin, partner, page, ${CAMPAIGN_COLUMNS}, fields, without_proof`;

/** The columns of a lead event's row. */
export type LeadEventRow<Database extends 'sqlite' | 'postgres'> = Omit<LeadRow<Database>, 'notice_version' | 'spam_reason'>;
