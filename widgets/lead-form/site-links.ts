/**
 * Our site as a widget points to it, wherever it is embedded. Safe to call while
 * rendering on the server (the build's pre-rendering), where links are same-site.
 */

/**
 * The origin the widget script came from, which serves the whole site, so a link works
 * on a partner's page too; '' in the pre-rendered page (ours: site-relative links).
 */
export function siteOrigin(): string {
  const here = new URL(import.meta.url);
  return here.protocol === 'http:' || here.protocol === 'https:' ? here.origin : '';
}

/** Where a visitor writes to withdraw consent or use their rights (the build's `__SITE_PRIVACY_EMAIL__`). */
export function privacyContact(): string {
  return typeof __SITE_PRIVACY_EMAIL__ === 'string' ? __SITE_PRIVACY_EMAIL__ : '';
}

/** How long a lead is kept, as the build was told (LEAD_RETENTION_DAYS); undefined: the contract's default. */
export function leadRetentionDays(): number | undefined {
  return typeof __SITE_LEAD_RETENTION_DAYS__ === 'number' ? __SITE_LEAD_RETENTION_DAYS__ : undefined;
}
