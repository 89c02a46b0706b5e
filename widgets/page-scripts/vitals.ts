/**
 * Field vitals. The loader imports this once the page is idle after load, so it costs
 * nothing up front; web-vitals reads FCP, LCP, CLS and TTFB from buffered performance
 * entries, so loading late loses none of them (INP counts interactions from here on).
 * Metrics are queued and sent in one beacon when the page is hidden (which includes leaving it):
 * POST {page, metrics: [{name, value, rating, id, navigationType}]} (1–10 metrics) as
 * text/plain, which needs no CORS preflight. Never throws into the page.
 */
import { onCLS, onFCP, onINP, onLCP, onTTFB, type MetricType } from 'web-vitals';

declare const __SITE_VITALS_ENDPOINT__: string;
declare const __SITE_API_BASE__: string;

// One entry per metric name (at most 5, the intake takes 1–10 per beacon); a later value
// of the same metric replaces the earlier one until the queue is sent.
const queue = new Map<string, MetricType>();
const endpoint =
  (typeof __SITE_VITALS_ENDPOINT__ == 'string' && __SITE_VITALS_ENDPOINT__) ||
  (typeof __SITE_API_BASE__ == 'string' && __SITE_API_BASE__ ? __SITE_API_BASE__ : location.origin) + '/vitals';

// The 404 page answers any unknown address; it reports as /404 (the intake takes the site's routes only).
const navigation = performance.getEntriesByType('navigation')[0] as (PerformanceEntry & { responseStatus?: number }) | undefined;
const page = navigation?.responseStatus == 404 ? '/404' : location.pathname;

function flush(): void {
  try {
    // Only the fields the intake accepts, and values in its range [0, 600000).
    const metrics = [...queue.values()]
      .filter((m) => m.value >= 0 && m.value < 6e5)
      .map(({ name, value, rating, id, navigationType }) => ({ name, value, rating, id, navigationType }));
    queue.clear();
    if (metrics.length) navigator.sendBeacon(endpoint, JSON.stringify({ page, metrics }));
  } catch {
    /* reporting must never break the page */
  }
}

try {
  const add = (metric: MetricType) => queue.set(metric.name, metric);
  onTTFB(add);
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
