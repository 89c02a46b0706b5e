import { noticeVersionFromHeader } from '../../contract/collection-notice.ts';
import { HEADERS } from '../../contract/http.ts';
import { isPartnerId } from '../../contract/partner-id.ts';

/**
 * Where a lead came from, carried outside the spec's JSON body: the request's `Origin`
 * header and the embedder's partner id (`?partner=` on the POST URL), plus the version of
 * the collection notice the visitor was shown (`X-Notice-Version`).
 */

const MAX_ORIGIN_LENGTH = 300;

export interface LeadSource {
  /** The Origin header verbatim ("null" for a sandboxed frame or a file), null when absent. */
  origin: string | null;
  partner: string | null;
  noticeVersion: string | null;
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
): SourceResult {
  const rawPartner = query && typeof query === 'object' ? (query as Record<string, unknown>).partner : undefined;
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
    },
  };
}

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
