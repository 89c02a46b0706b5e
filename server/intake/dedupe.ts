import { createHash } from 'node:crypto';
import { FIELD_ORDER, type LeadFields, type LeadKind } from './schemas.ts';

/** A repeat of the same submission inside this window is answered success but stored once. */
export const DEDUPE_WINDOW_MS = 10 * 60 * 1000;

/** Values compared for "the same submission": case and spacing of an email, spacing elsewhere, and phone punctuation don't matter. */
function normalise(field: string, value: string): string {
  const v = value.normalize('NFC').replace(/\s+/g, ' ').trim();
  if (field === 'email') return v.toLowerCase();
  if (field === 'phone') return v.replace(/[^0-9+]/g, '');
  return v;
}

/** sha256 over kind and the normalised fields in a fixed order. */
export function dedupeKey(kind: LeadKind, fields: LeadFields): string {
  const record = fields as unknown as Record<string, string>;
  const parts: string[] = [kind];
  for (const field of FIELD_ORDER[kind]) parts.push(normalise(field, record[field] ?? ''));
  return createHash('sha256').update(JSON.stringify(parts)).digest('base64url');
}
