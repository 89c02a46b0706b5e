/**
 * The campaign a visit came from: `utm_source`, `utm_medium`, `utm_campaign` and `ref` of
 * the page's address. It travels with a lead in the POST URL's query (never in the spec's
 * body); the funnel's counts take it from the address the vitals beacon names.
 *
 * Nothing is stored on the device: the addresses are read when a form is sent. Campaign links
 * (the share link, the QR code) open a page that holds the form; a visitor who follows one of
 * our links from the page a campaign link opened keeps its campaign through the referrer
 * (one step: a cookieless visit has no memory beyond that).
 */

import { campaignOf, type Campaign } from '../../contract/campaign.ts';
import { onOwnSite } from './api-base.ts';

export { CAMPAIGN_KEYS, campaignQuery, type Campaign } from '../../contract/campaign.ts';

/** A form's counts for the page's funnel: its first touch (a start) and each send. */
export interface FunnelMarks {
  starts?: number;
  sends?: number;
}

/** The visit's campaign: this page's address's, else that of the page of ours it was opened from (call it when the form is sent). */
export function visitCampaign(): Campaign {
  const own = campaignOf(new URLSearchParams(location.search));
  if (Object.keys(own).length) return own;
  try {
    const from = new URL(document.referrer);
    if (from.origin === location.origin) return campaignOf(from.searchParams);
  } catch {
    /* no referrer, or one the browser hid */
  }
  return {};
}

declare const __SITE_VITALS_ENDPOINT__: string;
declare const __SITE_API_BASE__: string;

/**
 * Counts a form's first touch (a start) or a send in the page's funnel, on our own pages only
 * (a partner's page is none of ours to count; its leads are counted when stored). Each goes at
 * once in a vitals beacon of its own, {page, metrics: [], funnel: {starts: 1} | {sends: 1}},
 * `page` with the address's query as the vitals reporter sends it (the service reads the
 * campaign and partner from it): not kept for the page being hidden, since a beacon sent
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
    navigator.sendBeacon(endpoint, JSON.stringify({ page: location.pathname + location.search, metrics: [], funnel: { [event]: 1 } }));
  } catch {
    /* counting must never break the form */
  }
}
