import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db, WriteBatcher } from './database.ts';
import { sendFailure, successBody } from './guards.ts';
import { MSG } from './messages.ts';

/**
 * Leads: the two payloads exactly as the site spec defines them (section 3 and 7), their
 * validation, the dedupe of repeated submissions, storage, and the two POST routes.
 */

// Building blocks of the schemas: strings only (no coercion), trimmed, bounded.

const CONTROL_SINGLE_LINE = /[\u0000-\u001f\u007f]/;
const CONTROL_MULTI_LINE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const EMAIL = /^[^\s@]{1,64}@[^\s@.]+(?:\.[^\s@.]+)+$/;
const PHONE = /^\+?[0-9][0-9 -]*$/;

const stringOf = (label: string) =>
  z.string({
    error: (issue) => (issue.input === undefined ? `${label} is required.` : `${label} must be text.`),
  });

/** A required single- or multi-line text field. */
function requiredText(label: string, max: number, multiline = false) {
  const control = multiline ? CONTROL_MULTI_LINE : CONTROL_SINGLE_LINE;
  return stringOf(label)
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} must be at most ${max} characters.`)
    .refine((v) => !control.test(v), `${label} contains characters that are not allowed.`);
}

/** An optional text field: may be absent or empty; stored as '' when absent. */
function optionalText(label: string, max: number) {
  return z
    .string({ error: `${label} must be text.` })
    .trim()
    .max(max, `${label} must be at most ${max} characters.`)
    .refine((v) => !CONTROL_SINGLE_LINE.test(v), `${label} contains characters that are not allowed.`)
    .default('');
}

const email = () =>
  stringOf('Email')
    .trim()
    .min(1, 'Email is required.')
    .max(254, MSG.invalidEmail)
    .regex(EMAIL, MSG.invalidEmail);

const phone = () =>
  stringOf('Phone number')
    .trim()
    .min(1, 'Phone number is required.')
    .max(20, MSG.invalidPhone)
    .refine((v) => {
      if (!PHONE.test(v)) return false;
      const digits = v.replace(/[^0-9]/g, '').length;
      return digits >= 7 && digits <= 15;
    }, MSG.invalidPhone);

/** One of a fixed list of values (exact match after trimming). */
function choice<const T extends readonly [string, ...string[]]>(label: string, values: T, invalid: string) {
  return stringOf(label)
    .trim()
    .pipe(z.enum(values, { error: (issue) => (issue.input === '' ? `${label} is required.` : invalid) }));
}

/** The body must be an object with exactly these keys. */
function exactObject<S extends z.core.$ZodLooseShape>(shape: S) {
  return z.strictObject(shape, {
    error: (issue) => (issue.code === 'unrecognized_keys' ? MSG.unexpectedField(issue.keys) : MSG.notObject),
  });
}

// The two payloads.

const COURSES = ['BCA', 'MCA', 'B.Tech', 'M.Tech', 'BBA', 'MBA', 'Other'] as const;
const AREAS = ['tech-intern', 'marketing-sales-intern', 'member-technical-staff'] as const;

export const societySchema = exactObject({
  name: requiredText('Name', 100),
  email: email(),
  phone: phone(),
  societyName: requiredText('Society name', 200),
  city: requiredText('City', 100),
  position: optionalText('Position', 100),
});

export const careerSchema = exactObject({
  name: requiredText('Name', 100),
  email: email(),
  phone: phone(),
  college: requiredText('College', 200),
  course: choice('Course', COURSES, MSG.invalidCourse),
  yearOfStudy: requiredText('Year of study', 100),
  areaOfInterest: choice('Preferred role', AREAS, MSG.invalidArea),
  message: requiredText('Message', 4000, true),
});

type SocietyLead = z.output<typeof societySchema>;
type CareerLead = z.output<typeof careerSchema>;
export type LeadKind = 'society' | 'career';
type LeadFields = SocietyLead | CareerLead;

/** Field order per kind: used for the dedupe key, the CLI's columns and the CSV. */
export const FIELD_ORDER = {
  society: ['name', 'email', 'phone', 'societyName', 'city', 'position'],
  career: ['name', 'email', 'phone', 'college', 'course', 'yearOfStudy', 'areaOfInterest', 'message'],
} as const satisfies Record<LeadKind, readonly string[]>;

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
  const record = fields as unknown as Record<string, string>;
  const parts: string[] = [kind];
  for (const field of FIELD_ORDER[kind]) parts.push(normalise(field, record[field] ?? ''));
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

export const LEAD_ROUTES: readonly { path: string; kind: LeadKind; schema: z.ZodType<LeadFields>; success: string }[] = [
  { path: '/addSocietyQuery', kind: 'society', schema: societySchema, success: successBody(MSG.societyStored) },
  { path: '/addQuery', kind: 'career', schema: careerSchema, success: successBody(MSG.careerStored) },
];

/**
 * POST /addSocietyQuery and POST /addQuery: application/json only (the API context has
 * no other body parser), validated, then stored synchronously before answering.
 */
export function registerLeadRoutes(app: FastifyInstance, store: LeadStore): void {
  for (const route of LEAD_ROUTES) {
    app.post(route.path, async (request, reply) => {
      if (request.body === undefined) return sendFailure(reply, 400, MSG.emptyBody);
      const parsed = route.schema.safeParse(request.body);
      if (!parsed.success) {
        request.log.info({ kind: route.kind, statusCode: 400 }, 'lead refused');
        return sendFailure(reply, 400, parsed.error.issues[0]?.message ?? MSG.generic);
      }
      const { leadId, duplicate } = await store.save(route.kind, parsed.data);
      request.log.info({ kind: route.kind, leadId, duplicate }, 'lead stored');
      return reply.code(200).type('application/json; charset=utf-8').send(route.success);
    });
  }
}
