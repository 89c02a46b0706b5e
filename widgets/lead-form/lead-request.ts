/**
 * The lead POST's URL: `{apiBase}/{endpoint}`, with the embedder's partner id as
 * `?partner=<id>` when it is valid (CONTRACT.md). The spec's body never changes.
 */
import { PARTNER_ID } from '../../contract/lead-contract.ts';

export const isPartnerId = (value: string): boolean => PARTNER_ID.test(value);

/** The partner attribute as sent: trimmed, or undefined when empty or not a valid id. */
export function partnerId(attribute: string | undefined): string | undefined {
  const value = attribute?.trim();
  return value && isPartnerId(value) ? value : undefined;
}

/** Says once per element and value why a partner id is not sent. */
export function warnInvalidPartner(tag: string, attribute: string | undefined): void {
  const value = attribute?.trim();
  if (value && !isPartnerId(value)) {
    console.warn(
      `<${tag}> partner="${value}" is not a valid partner id (1–40 lowercase letters, digits and inner hyphens, e.g. "greenpark-rwa"); it is not sent.`,
    );
  }
}

/** `{apiBase}/{endpoint}`, with `?partner=` when the partner id is valid. */
export function leadUrl(apiBase: string, endpoint: 'addSocietyQuery' | 'addQuery', partner?: string): string {
  const id = partnerId(partner);
  return `${apiBase}/${endpoint}${id ? `?partner=${id}` : ''}`;
}
