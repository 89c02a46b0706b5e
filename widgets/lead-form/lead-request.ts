/**
 * The lead POST's URL: `{apiBase}{path}`, with the embedder's partner id as
 * `?partner=<id>` when the attribute names one (contract/partner-id.ts), and the visit's campaign and page
 * (`utm_source`, `utm_medium`, `utm_campaign`, `ref`, `page`, added when the form is sent). The spec's body never changes.
 */
import { onOwnSite } from './api-base.ts';
import { CAMPAIGN_KEYS, campaignQuery, visitCampaign, type Campaign } from './campaign.ts';
import { LEAD_PATHS } from '../../contract/http.ts';
import type { LeadKind } from '../../contract/lead-contract.ts';
import { PARTNER_ID_RULE, partnerId } from '../../contract/partner-id.ts';

/** Says once per element and value why a partner id is not sent. */
export function warnInvalidPartner(tag: string, attribute: string | undefined): void {
  const value = attribute?.trim();
  if (value && !partnerId(value)) {
    console.warn(`<${tag}> partner="${value}" is not a valid partner id (${PARTNER_ID_RULE}); it is not sent.`);
  }
}

/** `{apiBase}{path}`, with `?partner=` when the partner attribute names a partner. */
export function leadUrl(apiBase: string, kind: LeadKind, partner?: string): string {
  const id = partnerId(partner);
  return `${apiBase}${LEAD_PATHS[kind]}${id ? `?partner=${id}` : ''}`;
}

/** Where a lead was sent from: the visit's campaign and the path of the page holding the form. */
export interface LeadVisit {
  campaign: Campaign;
  page: string;
}

/** The visit as it is when the form is sent (reads the address only then). A partner's page path is theirs: not sent. */
export const currentVisit = (): LeadVisit => ({
  campaign: visitCampaign(),
  page: onOwnSite() ? location.pathname : '',
});

/** A lead URL (`leadUrl`) with the visit's campaign and page added to its query. */
export function withVisit(url: string, visit: LeadVisit): string {
  const query = [campaignQuery(visit.campaign), visit.page && new URLSearchParams({ page: visit.page }).toString()].filter(Boolean).join('&');
  return query ? `${url}${url.includes('?') ? '&' : '?'}${query}` : url;
}

/** The lead URL a URL made by `withVisit` was made from (a waiting send belongs to the form posting there). */
export function withoutVisit(url: string): string {
  const [path = '', query = ''] = url.split('?');
  const kept = new URLSearchParams(query);
  for (const key of [...CAMPAIGN_KEYS, 'page']) kept.delete(key);
  const rest = kept.toString();
  return rest ? `${path}?${rest}` : path;
}
