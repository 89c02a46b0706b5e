import type { Db } from '../database.ts';
import { METRIC_NAMES } from '../vitals.ts';
import { percentile } from './percentile.ts';

/** Google's "good" / "poor" boundaries per metric (ms, CLS unitless). */
export const THRESHOLDS: Record<string, [good: number, poor: number]> = {
  LCP: [2500, 4000],
  INP: [200, 500],
  CLS: [0.1, 0.25],
  FCP: [1800, 3000],
  TTFB: [800, 1800],
};

export interface VitalsSummary {
  page: string;
  metric: string;
  p75: number;
  samples: number;
  rating: 'good' | 'needs-improvement' | 'poor';
}

export function rate(metric: string, value: number): VitalsSummary['rating'] {
  const [good, poor] = THRESHOLDS[metric] ?? [Infinity, Infinity];
  return value <= good ? 'good' : value <= poor ? 'needs-improvement' : 'poor';
}

/** p75 and sample count per page and metric, for samples with since <= created_at < until. */
export function summariseVitals(db: Db, since: number, until: number): VitalsSummary[] {
  const rows = db
    .prepare('SELECT page, name, value FROM vitals WHERE created_at >= ? AND created_at < ?')
    .all(since, until) as { page: string; name: string; value: number }[];
  const groups = new Map<string, number[]>();
  for (const r of rows) {
    const key = `${r.page}\u0000${r.name}`;
    const list = groups.get(key);
    if (list) list.push(r.value);
    else groups.set(key, [r.value]);
  }
  const order = (m: string) => METRIC_NAMES.indexOf(m as (typeof METRIC_NAMES)[number]);
  return [...groups.entries()]
    .map(([key, values]) => {
      const [page, metric] = key.split('\u0000') as [string, string];
      const p75 = percentile(values, 75);
      return { page, metric, p75, samples: values.length, rating: rate(metric, p75) };
    })
    .sort((a, b) => a.page.localeCompare(b.page) || order(a.metric) - order(b.metric));
}
