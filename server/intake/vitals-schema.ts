import { z } from 'zod';

/** A web-vitals beacon: {page, metrics: [{name, value, rating?, id?, navigationType?}]}, 1–10 metrics. */

export const METRIC_NAMES = ['LCP', 'INP', 'CLS', 'FCP', 'TTFB'] as const;
export const MAX_METRIC_VALUE = 600_000;

const PAGE = /^\/[^\s\u0000-\u001f\u007f]*$/;

const metricSchema = z.strictObject({
  name: z.enum(METRIC_NAMES),
  value: z.number().finite().min(0).lt(MAX_METRIC_VALUE),
  rating: z.enum(['good', 'needs-improvement', 'poor']).optional(),
  id: z.string().max(100).optional(),
  navigationType: z.string().max(40).optional(),
});

export const vitalsSchema = z.strictObject({
  // The path only: a query string or fragment could carry personal data, so it is dropped.
  page: z
    .string()
    .max(200)
    .regex(PAGE)
    .transform((p) => p.replace(/[?#].*$/, '') || '/'),
  metrics: z.array(metricSchema).min(1).max(10),
});

export type VitalsBeacon = z.output<typeof vitalsSchema>;

/** A short description of the first problem, for the 400 answer (never echoes values). */
export function describeVitalsError(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'invalid body.';
  const where = issue.path.length ? issue.path.join('.') : 'body';
  return `${where}: ${issue.code.replace(/_/g, ' ')}.`;
}
