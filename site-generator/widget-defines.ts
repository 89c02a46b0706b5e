import type { SiteConfig } from '../site.config.ts';

/**
 * The widgets' build constants (widgets/element/build-constants.d.ts) for Vite's `define`:
 * the browser build and the pre-rendering of the forms (widget-helper.ts) see the same
 * values, so a pre-rendered form is exactly what the browser renders.
 */
export function widgetDefines(site: SiteConfig): Record<string, string> {
  return {
    __SITE_API_BASE__: JSON.stringify(site.apiBase),
    __SITE_VITALS_ENDPOINT__: JSON.stringify(site.vitalsEndpoint),
    __SITE_PRIVACY_EMAIL__: JSON.stringify(site.grievanceOfficer.email),
    __SITE_LEAD_RETENTION_DAYS__: JSON.stringify(site.privacy.retentionDays),
  };
}
