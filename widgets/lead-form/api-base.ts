/**
 * Where the widgets send their requests, first match wins:
 * 1. the element's `api-base` attribute;
 * 2. the build's configured API base (`API_BASE`, site.config.ts);
 * 3. the origin this script was loaded from, so that with no configuration the
 *    server that served the widget answers.
 * Trailing slashes are dropped: `${apiBase}/addQuery`.
 */
/** Whether the form is on a page of our own (this script's origin is the page's), not a partner's. */
export const onOwnSite = (): boolean => new URL(import.meta.url).origin === location.origin;

export function resolveApiBase(attribute?: string | null): string {
  const configured = typeof __SITE_API_BASE__ === 'string' ? __SITE_API_BASE__ : '';
  const base = attribute?.trim() || configured.trim() || new URL(import.meta.url).origin;
  return base.replace(/\/+$/, '');
}
