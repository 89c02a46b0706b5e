/**
 * A lead's campaign: `utm_source`, `utm_medium`, `utm_campaign` and `ref`, sent in the lead
 * POST's query (never in the spec's body) and read by the funnel from the page a vitals
 * beacon names. The value rule the form, the service and the reports share; an invalid value
 * is dropped, never refused.
 */
export const CAMPAIGN_KEYS = ['utm_source', 'utm_medium', 'utm_campaign', 'ref'] as const;
export type CampaignKey = (typeof CAMPAIGN_KEYS)[number];
export type Campaign = Partial<Record<CampaignKey, string>>;

/** The columns of the leads table that hold a lead's campaign, each named after its key, in this order. */
export const CAMPAIGN_COLUMNS = CAMPAIGN_KEYS.join(', ');

/** A campaign as its columns hold it (null where a key has no value). */
export type CampaignColumns = Record<CampaignKey, string | null>;

/** The longest value kept; longer ones are dropped, not cut (a cut value would count as another campaign). */
export const CAMPAIGN_MAX_LENGTH = 100;

/** Printable text, 1–100 characters: no control characters (C0, DEL, C1), no line or paragraph separators. */
export const isCampaignValue = (value: string): boolean =>
  value.length > 0 && value.length <= CAMPAIGN_MAX_LENGTH && !/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/.test(value);

/** The valid campaign parameters of a query (trimmed); invalid or empty ones are left out. */
export function campaignOf(params: { get(name: string): string | null }): Campaign {
  const campaign: Campaign = {};
  for (const key of CAMPAIGN_KEYS) {
    const value = params.get(key)?.trim();
    if (value && isCampaignValue(value)) campaign[key] = value;
  }
  return campaign;
}

/** `utm_source=…&…` of the campaign's parameters ('' when none). */
export const campaignQuery = (campaign: Campaign): string =>
  new URLSearchParams(CAMPAIGN_KEYS.flatMap((key) => (campaign[key] ? [[key, campaign[key]]] : []))).toString();
