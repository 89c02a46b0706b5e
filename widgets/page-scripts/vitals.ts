/**
 * Field vitals. The loader imports this once the page is idle after load, so it costs
 * nothing up front; web-vitals reads FCP, LCP, CLS and TTFB from buffered performance
 * entries, so loading late loses none of them (INP counts interactions from here on).
 * TTFB is sent as soon as it is reported; the other metrics are queued and sent in one beacon
 * when the page is hidden (which includes leaving it): POST {page, metrics: [{name, value,
 * rating, navigationType}]} (1–10 metrics) as text/plain, which needs no CORS preflight.
 * Never throws into the page.
 *
 * The funnel's page views come from this beacon at no extra code: `page` carries the address's
 * query (the service keeps only its campaign parameters and partner id, never the rest), and
 * the first beacon of a page load holds its TTFB, which web-vitals reports once per load
 * (again after a back/forward-cache restore, as `back-forward-cache`): the service counts a
 * view for a TTFB that is not a reload's or a restore's (server/funnel/funnel.ts). This script
 * only runs once the page is shown (a prerender's starter waits for its activation), so a
 * prerender never shown counts nothing. Form starts and sends are counted by the forms
 * (../lead-form/campaign.ts), which load only where a form takes over.
 */
import { onCLS, onFCP, onINP, onLCP, onTTFB, type MetricType } from 'web-vitals';

declare const __SITE_VITALS_ENDPOINT__: string;
declare const __SITE_API_BASE__: string;

// One entry per metric name (at most 5, the intake takes 1–10 per beacon); a later value
// of the same metric replaces the earlier one until the queue is sent.
const queue = new Map<string, Pick<MetricType, 'name' | 'value' | 'rating' | 'navigationType'>>();
const endpoint =
  (typeof __SITE_VITALS_ENDPOINT__ == 'string' && __SITE_VITALS_ENDPOINT__) ||
  (typeof __SITE_API_BASE__ == 'string' && __SITE_API_BASE__ ? __SITE_API_BASE__ : location.origin) + '/vitals';

// The 404 page answers any unknown address; it reports as /404 (the intake takes the site's routes only).
// Other pages send their query too: the funnel's campaign and partner (the intake keeps those parameters only).
const navigation = performance.getEntriesByType('navigation')[0] as (PerformanceEntry & { responseStatus?: number }) | undefined;
const page = navigation?.responseStatus == 404 ? '/404' : location.pathname + location.search;

function flush(): void {
  try {
    if (queue.size) navigator.sendBeacon(endpoint, JSON.stringify({ page, metrics: [...queue.values()] }));
    queue.clear();
  } catch {
    /* reporting must never break the page */
  }
}

try {
  // Only the fields the intake keeps (not web-vitals' per-load id), and values in its range [0, 600000).
  const add = ({ name, value, rating, navigationType }: MetricType) => {
    if (value >= 0 && value < 6e5) queue.set(name, { name, value, rating, navigationType });
  };
  // TTFB (once per page load) goes at once: the funnel counts the page's view from it, so a
  // view is counted even when the visitor leaves before the page's last beacon could be sent.
  onTTFB((metric) => {
    add(metric);
    flush();
  });
  onFCP(add);
  onLCP(add);
  onCLS(add);
  onINP(add);
  // Sent when the page is hidden: leaving it, closing the tab, switching apps. Every current
  // browser fires this on navigation too, and it is the event web-vitals itself finalises
  // CLS and INP on (LCP on first input or here). Not on `pagehide`: Chromium fires that
  // *before* visibilitychange when navigating, so it would send a partial batch first.
  // Listening on document means web-vitals' own listeners (on window, capture) run first,
  // so the final values are queued by the time this flushes.
  document.addEventListener('visibilitychange', () => document.visibilityState == 'hidden' && flush());
} catch {
  /* an old browser without the APIs web-vitals needs: no field data, no error */
}
