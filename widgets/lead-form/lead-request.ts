/**
 * The lead POST's URL: `{apiBase}{path}`, with the embedder's partner id as
 * `?partner=<id>` when the attribute names one (contract/partner-id.ts). The spec's body never changes.
 */
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
