import { noticeVersionFromHeader } from '../../contract/collection-notice.ts';
import { CAMPAIGN_KEYS, campaignOf, type Campaign } from '../../contract/campaign.ts';
import { HEADERS } from '../../contract/http.ts';
import { isPartnerId } from '../../contract/partner-id.ts';
import { routeOfPath } from '../../contract/site-routes.ts';
import type { ServiceLanguage } from '../../contract/messages/en.ts';
import { requestLanguage } from '../http/language.ts';

/**
 * Where a lead came from, carried outside the spec's JSON body: the request's `Origin`
 * header and the embedder's partner id (`?partner=` on the POST URL), plus the version of
 * the collection notice the visitor was shown (`X-Notice-Version`), the visit's campaign
 * (`?utm_source=`, `utm_medium`, `utm_campaign`, `ref`), the page the form was on (`?page=`)
 * and the form's language (`Content-Language`).
 */

const MAX_ORIGIN_LENGTH = 300;

export interface LeadSource {
  /** The Origin header verbatim ("null" for a sandboxed frame or a file), null when absent. */
  origin: string | null;
  partner: string | null;
  noticeVersion: string | null;
  /** The visit's campaign parameters; an invalid one (too long, control characters, repeated) is left out. */
  campaign: Campaign;
  /** The route of this site the form was on; null when absent, not a route, or sent from another site. */
  page: string | null;
  /** The form's language (`Content-Language`), kept for what is later written to the person; absent: English. */
  language?: ServiceLanguage;
  /**
   * The client network the lead came from (client-network.ts), which the acknowledgements it may
   * cause count against; never stored. Absent: the lead is never acknowledged (a form's own post,
   * which proves nothing of who sent it, nor from which site).
   */
  network?: string;
}

/** What the page check needs: the site's routes and the origins its own pages are served from. */
export interface SitePages {
  routes: ReadonlySet<string>;
  /** Besides the request's own host: e.g. the public origin behind a proxy. */
  origins: readonly string[];
}

export type SourceResult = { ok: true; source: LeadSource } | { ok: false };

const single = (value: string | string[] | undefined): string | undefined => (Array.isArray(value) ? value[0] : value);

/**
 * Reads the source of a lead request. Only an invalid partner id is refused; an origin
 * is kept as sent (bounded, printable), a notice version only when it is a published one.
 */
export function readLeadSource(
  headers: Record<string, string | string[] | undefined>,
  query: unknown,
  site?: SitePages,
): SourceResult {
  const params = query && typeof query === 'object' ? (query as Record<string, unknown>) : {};
  const rawPartner = params.partner;
  let partner: string | null = null;
  if (rawPartner !== undefined) {
    if (typeof rawPartner !== 'string' || !isPartnerId(rawPartner)) return { ok: false };
    partner = rawPartner;
  }
  const origin = single(headers.origin);
  return {
    ok: true,
    source: {
      origin: origin === undefined ? null : origin.replace(/[^\x20-\x7e]/g, '').slice(0, MAX_ORIGIN_LENGTH),
      partner,
      noticeVersion: noticeVersionFromHeader(single(headers[HEADERS.noticeVersion.toLowerCase()])),
      campaign: campaignOf({ get: (name) => (typeof params[name] === 'string' ? params[name] : null) }),
      page: site ? pageOf(params.page, origin, single(headers.host), site) : null,
      language: requestLanguage(headers[HEADERS.language.toLowerCase()]),
    },
  };
}

/**
 * The page a lead was sent from, when it is one of ours: a route of the site, posted from
 * the service's own host or one of the site's origins (or with no Origin at all). A partner's
 * page may have the same path as one of ours; it is not ours to count.
 */
function pageOf(raw: unknown, origin: string | undefined, host: string | undefined, site: SitePages): string | null {
  if (typeof raw !== 'string' || raw.length > 200) return null;
  const page = routeOfPath(raw, site.routes);
  if (page === undefined) return null;
  if (origin === undefined) return page;
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    return null;
  }
  return originHost === host || site.origins.includes(origin) ? page : null;
}

/** The campaign columns of a lead row, in CAMPAIGN_KEYS order. */
export const campaignColumns = (campaign: Campaign): (string | null)[] => CAMPAIGN_KEYS.map((key) => campaign[key] ?? null);

/** The short source shown by `npm run leads`: the partner id, else the origin's host, else a word for what there was. */
export function sourceLabel(origin: string | null, partner: string | null): string {
  if (partner) return partner;
  if (origin === null) return '(no origin)';
  if (origin === 'null') return '(sandboxed frame)';
  try {
    return new URL(origin).host || origin;
  } catch {
    return origin;
  }
}
