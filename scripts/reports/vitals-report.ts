/**
 * `npm run vitals`: the 75th percentile of each metric per page and navigation type, rated by
 * Google's thresholds. The navigation type is web-vitals' own: navigate, reload, back-forward,
 * back-forward-cache (restored on Back), prerender (shown from a speculation-rules prerender:
 * its times count from activation), restore; "unknown" for a beacon without one.
 */
import { METRIC_NAMES } from '../../server/vitals/vitals.ts';
import { renderTable } from './output.ts';
import type { VitalsSample } from './store.ts';

/** Google's "good" / "poor" boundaries per metric (ms, CLS unitless). */
const THRESHOLDS: Record<string, [good: number, poor: number]> = {
  LCP: [2500, 4000],
  INP: [200, 500],
  CLS: [0.1, 0.25],
  FCP: [1800, 3000],
  TTFB: [800, 1800],
};

interface VitalsSummary {
  page: string;
  navigationType: string;
  metric: string;
  p75: number;
  samples: number;
  rating: 'good' | 'needs-improvement' | 'poor';
}

function rate(metric: string, value: number): VitalsSummary['rating'] {
  const [good, poor] = THRESHOLDS[metric] ?? [Infinity, Infinity];
  return value <= good ? 'good' : value <= poor ? 'needs-improvement' : 'poor';
}

/** The p-th percentile (0–100) by the nearest-rank method, as CrUX-style p75 reports use. */
function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1]!;
}

export const UNKNOWN_NAVIGATION_TYPE = 'unknown';

/** p75 and sample count per page, navigation type and metric of these samples. */
export function summariseVitals(rows: readonly VitalsSample[]): VitalsSummary[] {
  const groups = new Map<string, number[]>();
  for (const r of rows) {
    const key = `${r.page}\u0000${r.navigation_type ?? UNKNOWN_NAVIGATION_TYPE}\u0000${r.name}`;
    const list = groups.get(key);
    if (list) list.push(r.value);
    else groups.set(key, [r.value]);
  }
  const order = (m: string) => METRIC_NAMES.indexOf(m as (typeof METRIC_NAMES)[number]);
  return [...groups.entries()]
    .map(([key, values]) => {
      const [page, navigationType, metric] = key.split('\u0000') as [string, string, string];
      const p75 = percentile(values, 75);
      return { page, navigationType, metric, p75, samples: values.length, rating: rate(metric, p75) };
    })
    .sort((a, b) => a.page.localeCompare(b.page) || a.navigationType.localeCompare(b.navigationType) || order(a.metric) - order(b.metric));
}

/** The summary as a terminal table: CLS unitless to three places, the others in whole ms. */
export function vitalsAsTable(summary: readonly VitalsSummary[]): string {
  const value = (s: VitalsSummary) => (s.metric === 'CLS' ? s.p75.toFixed(3) : `${Math.round(s.p75)} ms`);
  return renderTable(
    ['page', 'navigation', 'metric', 'p75', 'samples', 'rating'],
    summary.map((s) => [s.page, s.navigationType, s.metric, value(s), String(s.samples), s.rating]),
    60,
  );
}
