import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db, WriteBatcher } from './database.ts';
import { sendFailure, successBody } from './guards.ts';
import {
  EMAIL_PATTERN,
  type FieldName,
  fieldNames,
  LEAD_FIELDS,
  type LeadField,
  type LeadKind,
  matchesPattern,
  MESSAGES,
  PHONE_PATTERN,
} from '../../widgets/shared/lead-contract.ts';

/**
 * Leads: validation of the two payloads of the lead contract, the dedupe of repeated
 * submissions, storage, and the two POST routes.
 */

// The zod schemas, derived from the contract: strings only (no coercion), trimmed, bounded.

const CONTROL_SINGLE_LINE = /[\u0000-\u001f\u007f]/;
const CONTROL_MULTI_LINE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

function fieldSchema(name: FieldName, field: LeadField) {
  const label = MESSAGES.labels[name];
  if (!field.required) {
    // Optional text: may be absent or empty; stored as '' when absent.
    if (field.rule !== 'text') throw new Error(`${name}: only text fields can be optional`);
    const max = field.maxLength;
    return z
      .string({ error: MESSAGES.notText(label) })
      .trim()
      .max(max, MESSAGES.tooLong(label, max))
      .refine((v) => !CONTROL_SINGLE_LINE.test(v), MESSAGES.forbiddenCharacters(label))
      .default('');
  }
  const text = z
    .string({ error: (issue) => (issue.input === undefined ? MESSAGES.required(label) : MESSAGES.notText(label)) })
    .trim();
  switch (field.rule) {
    case 'email':
      return text
        .min(1, MESSAGES.required(label))
        .max(field.maxLength, MESSAGES.invalidEmail)
        .refine((v) => matchesPattern(EMAIL_PATTERN, v), MESSAGES.invalidEmail);
    case 'phone':
      return text.min(1, MESSAGES.required(label)).refine((v) => matchesPattern(PHONE_PATTERN, v), MESSAGES.invalidPhone);
    case 'choice': {
      const values = field.options.map((o) => o.value) as [string, ...string[]];
      const invalid = MESSAGES.invalidChoice[name] ?? MESSAGES.generic;
      // Exact match after trimming.
      return text.pipe(z.enum(values, { error: (issue) => (issue.input === '' ? MESSAGES.required(label) : invalid) }));
    }
    case 'text':
    case 'multiline': {
      const control = field.rule === 'multiline' ? CONTROL_MULTI_LINE : CONTROL_SINGLE_LINE;
      return text
        .min(1, MESSAGES.required(label))
        .max(field.maxLength, MESSAGES.tooLong(label, field.maxLength))
        .refine((v) => !control.test(v), MESSAGES.forbiddenCharacters(label));
    }
  }
}

/** The body must be an object with exactly the contract's keys. */
function payloadSchema(fields: Readonly<Record<string, LeadField>>): z.ZodType<LeadFields> {
  const shape = Object.fromEntries(Object.entries(fields).map(([name, field]) => [name, fieldSchema(name as FieldName, field)]));
  return z.strictObject(shape, {
    error: (issue) => (issue.code === 'unrecognized_keys' ? MESSAGES.unexpectedField(issue.keys) : MESSAGES.notObject),
  }) as unknown as z.ZodType<LeadFields>;
}

/** Field name → value, every value a trimmed string. */
type LeadFields = Record<string, string>;

export const LEAD_SCHEMAS: Record<LeadKind, z.ZodType<LeadFields>> = {
  society: payloadSchema(LEAD_FIELDS.society),
  career: payloadSchema(LEAD_FIELDS.career),
};

// Dedupe.

/** A repeat of the same submission inside this window is answered success but stored once. */
const DEDUPE_WINDOW_MS = 10 * 60 * 1000;

/** Values compared for "the same submission": case and spacing of an email, spacing elsewhere, and phone punctuation don't matter. */
function normalise(field: string, value: string): string {
  const v = value.normalize('NFC').replace(/\s+/g, ' ').trim();
  if (field === 'email') return v.toLowerCase();
  if (field === 'phone') return v.replace(/[^0-9+]/g, '');
  return v;
}

/** sha256 over kind and the normalised fields in a fixed order. */
function dedupeKey(kind: LeadKind, fields: LeadFields): string {
  const parts: string[] = [kind];
  for (const field of fieldNames(kind)) parts.push(normalise(field, fields[field] ?? ''));
  return createHash('sha256').update(JSON.stringify(parts)).digest('base64url');
}

// Storage.

/**
 * Writes leads. `save` checks for a recent identical submission and inserts inside one
 * transaction (the batcher's), and resolves only after that transaction has committed,
 * so a success answer always means the lead is in the file.
 */
export function createLeadStore(db: Db, batcher: WriteBatcher, now: () => number = Date.now) {
  const findRecent = db.prepare<[string, number], { id: number }>(
    'SELECT id FROM leads WHERE dedupe_key = ? AND created_at >= ? ORDER BY created_at DESC LIMIT 1',
  );
  const insert = db.prepare<[string, number, string, string]>(
    'INSERT INTO leads (kind, created_at, dedupe_key, fields) VALUES (?, ?, ?, ?)',
  );

  return {
    save(kind: LeadKind, fields: LeadFields): Promise<{ leadId: number; duplicate: boolean }> {
      const key = dedupeKey(kind, fields);
      const json = JSON.stringify(fields);
      return batcher.run(() => {
        const at = now();
        const existing = findRecent.get(key, at - DEDUPE_WINDOW_MS);
        if (existing) return { leadId: existing.id, duplicate: true };
        const info = insert.run(kind, at, key, json);
        return { leadId: Number(info.lastInsertRowid), duplicate: false };
      });
    },
  };
}

type LeadStore = ReturnType<typeof createLeadStore>;

// Routes.

export const LEAD_ROUTES: readonly { path: string; kind: LeadKind; success: string }[] = [
  { path: '/addSocietyQuery', kind: 'society', success: successBody(MESSAGES.societyStored) },
  { path: '/addQuery', kind: 'career', success: successBody(MESSAGES.careerStored) },
];

/**
 * POST /addSocietyQuery and POST /addQuery: application/json only (the API context has
 * no other body parser), validated, then stored synchronously before answering.
 */
export function registerLeadRoutes(app: FastifyInstance, store: LeadStore): void {
  for (const route of LEAD_ROUTES) {
    app.post(route.path, async (request, reply) => {
      if (request.body === undefined) return sendFailure(reply, 400, MESSAGES.emptyBody);
      const parsed = LEAD_SCHEMAS[route.kind].safeParse(request.body);
      if (!parsed.success) {
        request.log.info({ kind: route.kind, statusCode: 400 }, 'lead refused');
        return sendFailure(reply, 400, parsed.error.issues[0]?.message ?? MESSAGES.generic);
      }
      const { leadId, duplicate } = await store.save(route.kind, parsed.data);
      request.log.info({ kind: route.kind, leadId, duplicate }, 'lead stored');
      return reply.code(200).type('application/json; charset=utf-8').send(route.success);
    });
  }
}
