import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db, WriteBatcher } from './database.ts';
import type { Outbox } from './delivery/outbox.ts';
import { sendFailure, successBody } from './guards.ts';
import { readLeadSource, type LeadSource } from './lead-source.ts';
import { MSG } from './messages.ts';
import { SOLUTION_HEADER, type SolutionCheck, type SpamChallenge, type SpamReason } from './spam-challenge.ts';

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

export interface SaveResult {
  leadId: number;
  duplicate: boolean;
  spam: SpamReason | null;
  /** Deliveries queued for this lead (none for a duplicate or spam). */
  queued: number;
}

/**
 * Writes leads. `save` runs in one transaction (the batcher's), and resolves only after
 * it has committed, so a success answer always means the lead is in the file: it marks
 * the proof-of-work solution used (a reused one makes the lead spam), looks for a recent
 * identical submission, inserts the lead with its source, and queues one delivery per
 * target unless the lead is spam.
 */
export function createLeadStore(
  db: Db,
  batcher: WriteBatcher,
  delivery: { outbox: Outbox; targets: readonly string[] },
  now: () => number = Date.now,
) {
  // A person's submission repeats only a person's; a flagged one repeats any.
  const findRecent = db.prepare<[string, number], { id: number; spam_reason: string | null }>(
    'SELECT id, spam_reason FROM leads WHERE dedupe_key = ? AND created_at >= ? AND spam_reason IS NULL ORDER BY created_at DESC LIMIT 1',
  );
  const findRecentAny = db.prepare<[string, number], { id: number; spam_reason: string | null }>(
    'SELECT id, spam_reason FROM leads WHERE dedupe_key = ? AND created_at >= ? ORDER BY created_at DESC LIMIT 1',
  );
  const insert = db.prepare<[string, number, string, string, string | null, string | null, string | null, string | null]>(
    'INSERT INTO leads (kind, created_at, dedupe_key, fields, origin, partner, notice_version, spam_reason) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const useSolution = db.prepare<[string, number]>('INSERT OR IGNORE INTO used_solutions (signature, expires_at) VALUES (?, ?)');
  const forgetExpired = db.prepare<[number]>('DELETE FROM used_solutions WHERE expires_at < ?');

  return {
    save(kind: LeadKind, fields: LeadFields, source: LeadSource, check: SolutionCheck): Promise<SaveResult> {
      const key = dedupeKey(kind, fields);
      const json = JSON.stringify(fields);
      return batcher.run(() => {
        const at = now();
        let spam = check.spam;
        if (check.solution && useSolution.run(check.solution.signature, check.solution.expiresAt).changes === 0) spam = 'reused-solution';
        const existing = (spam ? findRecentAny : findRecent).get(key, at - DEDUPE_WINDOW_MS);
        if (existing) return { leadId: existing.id, duplicate: true, spam, queued: 0 };
        const info = insert.run(kind, at, key, json, source.origin, source.partner, source.noticeVersion, spam);
        const leadId = Number(info.lastInsertRowid);
        const targets = spam ? [] : delivery.targets;
        delivery.outbox.enqueue(leadId, targets, at);
        return { leadId, duplicate: false, spam, queued: targets.length };
      });
    },
    /** Forgets used solutions whose challenge has expired (an expired one is refused anyway). */
    forgetExpiredSolutions(): Promise<number> {
      return batcher.run(() => forgetExpired.run(now()).changes);
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
 * no other body parser), validated, then stored synchronously before answering. The
 * source (Origin, ?partner=, X-Notice-Version) and the proof of work (X-Altcha) travel
 * outside the body. A lead without a valid, unused solution is stored flagged as spam and
 * answered exactly like any other; `spam` undefined (SPAM_CHALLENGE=off) flags nothing.
 */
export function registerLeadRoutes(
  app: FastifyInstance,
  store: LeadStore,
  options: { spam: SpamChallenge | undefined; onQueued: () => void },
): void {
  const noCheck: SolutionCheck = { spam: null, solution: null };
  for (const route of LEAD_ROUTES) {
    app.post(route.path, async (request, reply) => {
      if (request.body === undefined) return sendFailure(reply, 400, MSG.emptyBody);
      const source = readLeadSource(request.headers, request.query);
      if (!source.ok) {
        request.log.info({ kind: route.kind, statusCode: 400 }, 'lead refused: partner id');
        return sendFailure(reply, 400, MSG.invalidPartner);
      }
      const parsed = route.schema.safeParse(request.body);
      if (!parsed.success) {
        request.log.info({ kind: route.kind, statusCode: 400 }, 'lead refused');
        return sendFailure(reply, 400, parsed.error.issues[0]?.message ?? MSG.generic);
      }
      const check = options.spam ? await options.spam.check(request.headers[SOLUTION_HEADER]) : noCheck;
      const { leadId, duplicate, spam, queued } = await store.save(route.kind, parsed.data, source.source, check);
      request.log.info({ kind: route.kind, leadId, duplicate, ...(spam ? { spam } : {}) }, 'lead stored');
      if (queued) options.onQueued();
      return reply.code(200).type('application/json; charset=utf-8').send(route.success);
    });
  }
}
