/**
 * The embedder's partner id, sent as `?partner=` on the POST URL (never in the body):
 * 1–40 lowercase letters, digits and inner hyphens (e.g. "greenpark-rwa"). One rule for
 * the frame's query, the element's attribute and the service: surrounding space is
 * dropped and letters are lowercased first, so `GreenPark` is the partner `greenpark`.
 */
const PARTNER_ID = /^[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])?$/;

/** The partner id a value names, or undefined when it names none. */
export function partnerId(value: string | null | undefined): string | undefined {
  const id = value?.trim().toLowerCase();
  return id && PARTNER_ID.test(id) ? id : undefined;
}

/** A value already in its canonical form: what the service accepts on the wire. */
export const isPartnerId = (value: string): boolean => partnerId(value) === value;

/** What a partner id looks like, in words for a warning or a manifest. */
export const PARTNER_ID_RULE = '1–40 letters, digits and inner hyphens, e.g. "greenpark-rwa"; letters are lowercased';
