/**
 * Our site's addresses as a widget shows them, wherever it is embedded. Safe to call
 * while rendering on the server (the build's pre-rendering), where they are same-site.
 */

/**
 * The full privacy notice. In a browser it is absolute, on the origin the widget script
 * came from (which serves the whole site), so the link works on a partner's page too;
 * in the pre-rendered page, which is ours, it is the site-relative path.
 */
export function privacyPolicyUrl(): string {
  const here = new URL(import.meta.url);
  return here.protocol === 'http:' || here.protocol === 'https:' ? new URL('/privacy-policy', here).href : '/privacy-policy';
}

/** Where a visitor writes to withdraw consent or ask for erasure (site.config.ts: the privacy contact). */
export function privacyContact(): string {
  return typeof __SITE_PRIVACY_EMAIL__ === 'string' ? __SITE_PRIVACY_EMAIL__ : '';
}
