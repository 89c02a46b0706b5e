/**
 * The campaign a visit came from: `utm_source`, `utm_medium`, `utm_campaign` and `ref` of
 * the page's address. It travels with a lead in the POST URL's query (never in the spec's
 * body); the funnel's counts take it from the address the vitals beacon names.
 *
 * The campaign lasts the tab's visit: the page loader keeps the values of a page that has them
 * in the tab's sessionStorage (../page-scripts/device-storage.ts: campaign values only, gone
 * with the tab), so a visitor who lands on `/?utm_source=whatsapp`, reads `/features` and
 * comes back to `/` sends the WhatsApp campaign. A page's own campaign wins; with neither,
 * the page of ours the visitor came from (the referrer, one step) still counts.
 */

import { campaignOf, campaignQuery, type Campaign } from '../../contract/campaign.ts';
import { onOwnSite } from './api-base.ts';
import { VISIT_CAMPAIGN_KEY } from './device-keys.ts';

export { CAMPAIGN_KEYS, campaignOf, campaignQuery, isCampaignValue, type Campaign, type CampaignKey } from '../../contract/campaign.ts';

/** A form's counts for the page's funnel: its first touch (a start) and each send. */
export interface FunnelMarks {
  starts?: number;
  sends?: number;
}

/** The campaign the tab's visit kept (device-storage.ts), as a query: '' when none. */
function keptCampaign(): string {
  try {
    return sessionStorage.getItem(VISIT_CAMPAIGN_KEY) ?? '';
  } catch {
    return ''; // storage blocked
  }
}

/** The visit's campaign: this page's address's, else the one the tab's visit kept, else that of the page of ours it was opened from (call it when the form is sent). */
export function visitCampaign(): Campaign {
  const own = campaignOf(new URLSearchParams(location.search));
  if (Object.keys(own).length) return own;
  const kept = campaignOf(new URLSearchParams(keptCampaign()));
  if (Object.keys(kept).length) return kept;
  try {
    const from = new URL(document.referrer);
    if (from.origin === location.origin) return campaignOf(from.searchParams);
  } catch {
    /* no referrer, or one the browser hid */
  }
  return {};
}

/**
 * The page as a form's funnel beacons name it: its path and query, and the visit's campaign
 * when the address has none, so a start and a send count under the campaign their lead will
 * carry. (A view counts under the address's own campaign: the vitals reporter reads only the address.)
 */
function funnelPage(): string {
  const own = location.pathname + location.search;
  const campaign = Object.keys(campaignOf(new URLSearchParams(location.search))).length ? '' : campaignQuery(visitCampaign());
  return campaign ? `${own}${location.search ? '&' : '?'}${campaign}` : own;
}

declare const __SITE_VITALS_ENDPOINT__: string;
declare const __SITE_API_BASE__: string;

/**
 * Counts a form's first touch (a start) or a send in the page's funnel, on our own pages only
 * (a partner's page is none of ours to count; its leads are counted when stored). Each goes at
 * once in a vitals beacon of its own, {page, metrics: [], funnel: {starts: 1} | {sends: 1}},
 * `page` with the address's query as the vitals reporter sends it, and the visit's campaign when
 * the address has none (the service reads the campaign and partner from it): not kept for the page being hidden, since a beacon sent
 * while a page unloads can be lost (a reload through the outbox worker loses it in Chromium).
 * This code loads with the form, never on a page without one, so the always-loaded reporter
 * (../page-scripts/vitals.ts) carries none of it.
 */
export function markFunnel(event: keyof FunnelMarks): void {
  try {
    if (!onOwnSite()) return;
    const endpoint =
      (typeof __SITE_VITALS_ENDPOINT__ == 'string' && __SITE_VITALS_ENDPOINT__) ||
      (typeof __SITE_API_BASE__ == 'string' && __SITE_API_BASE__ ? __SITE_API_BASE__ : location.origin) + '/vitals';
    navigator.sendBeacon(endpoint, JSON.stringify({ page: funnelPage(), metrics: [], funnel: { [event]: 1 } }));
  } catch {
    /* counting must never break the form */
  }
}
