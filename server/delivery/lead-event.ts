import type { Db } from '../store/sqlite.ts';
import type { CvLink } from '../cv/cv-link.ts';
import { CAMPAIGN_KEYS, type CampaignColumns } from '../../contract/campaign.ts';
import { LEAD_EVENT_COLUMNS, type LeadEventRow } from '../intake/lead-row.ts';
import type { LeadKind } from '../../contract/lead-contract.ts';
import { isLanguageCode, type LanguageCode } from '../../contract/languages.ts';
import { TEAM_PAGES } from '../../contract/team.ts';

/**
 * What a notification says about one lead. It is read from the lead's row when the
 * notification is sent, never copied into the outbox: erasing a lead leaves nothing
 * of it in the queue.
 */
export interface LeadEvent {
  id: number;
  /** What the person was given to quote (SD-XXXX-XXXX). */
  reference: string;
  kind: LeadKind;
  /** The form's language: what the person is written to in. */
  language: LanguageCode;
  /** When the lead was stored, ISO 8601 (UTC). */
  createdAt: string;
  source: {
    origin: string | null;
    partner: string | null;
    /** The site route the form was on (null: another site's page, or not sent). */
    page: string | null;
    /** The visit's campaign parameters, null where absent. */
    campaign: CampaignColumns;
  };
  /** The spec's fields, exactly as stored. */
  fields: Record<string, string>;
  /** It came without proof of work: a form sent without script, let through by the rule for such posts (docs/intake-api.md). */
  withoutProofOfWork: boolean;
  /** The lead's page in the team's worklist (server/team/), added when a notification is sent. */
  teamUrl?: string;
  /** The applicant's CV, by a signed link that expires (../cv/cv-link.ts), added when a notification is sent. */
  cv?: CvLink;
}

/** A reader of lead events by lead id (undefined when the lead no longer exists). */
export function createLeadEventReader(db: Db): (leadId: number) => LeadEvent | undefined {
  const select = db.prepare<[number], LeadEventRow<'sqlite'>>(`SELECT ${LEAD_EVENT_COLUMNS} FROM leads WHERE id = ?`);
  return (leadId) => {
    const row = select.get(leadId);
    return row && leadEventOf(row);
  };
}

/** The event of a lead's row, as either database gives it back (intake/lead-row.ts). */
export function leadEventOf(row: LeadEventRow<'sqlite'> | LeadEventRow<'postgres'>): LeadEvent {
  return {
    id: Number(row.id),
    reference: row.reference,
    kind: row.kind,
    language: languageOf(row.language),
    createdAt: new Date(Number(row.created_at)).toISOString(),
    source: {
      origin: row.origin,
      partner: row.partner,
      page: row.page,
      campaign: Object.fromEntries(CAMPAIGN_KEYS.map((key) => [key, row[key]])) as CampaignColumns,
    },
    fields: typeof row.fields === 'string' ? (JSON.parse(row.fields) as Record<string, string>) : row.fields,
    withoutProofOfWork: row.without_proof === true || row.without_proof === 1,
  };
}

/** A stored language code; a lead from before languages were kept (NULL) was English. */
export const languageOf = (stored: string | null): LanguageCode => (isLanguageCode(stored) ? stored : 'en');

/** A lead's page in the team's app, on the team's origin: the link in a new lead's webhook and email. */
export const teamLeadUrl = (teamOrigin: string, leadId: number): string => `${teamOrigin}${TEAM_PAGES.lead(leadId)}`;
