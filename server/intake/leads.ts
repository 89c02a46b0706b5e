import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db, WriteBatcher } from '../store/sqlite.ts';
import type { LeadEvent } from '../delivery/lead-event.ts';
import type { Outbox } from '../delivery/outbox.ts';
import { sendFailure, successBody, withReference } from '../http/guards.ts';
import { clientNetwork } from '../http/client-network.ts';
import { requestLanguage, SERVICE_MESSAGES } from '../http/language.ts';
import { createIdempotencyStore, type KeptAnswer, type KeptKey, readIdempotencyKey, requestFingerprint } from './idempotency.ts';
import { campaignColumns, readLeadSource, type LeadSource, type SitePages } from './lead-source.ts';
import { SOLUTION_HEADER, type SolutionCheck, type SpamChallenge, type SpamReason } from './spam-challenge.ts';
import { CAMPAIGN_COLUMNS, CAMPAIGN_KEYS } from '../../contract/campaign.ts';
import {
  ACKNOWLEDGEMENT_TARGET,
  ACKNOWLEDGEMENT_WINDOW_MS,
  acknowledgementCounts,
  type AcknowledgementCount,
  countedOnce,
  hasRoom,
  type OutcomeEmailResult,
  outcomeRefusal,
  outcomeTarget,
  type PersonEmailPolicy,
} from '../delivery/acknowledgement.ts';
import { freeReference, type RandomInt } from './reference.ts';
import { cvClaims, UPLOAD_ID_PATTERN, type CvStore } from '../cv/cv-store.ts';
import { CV } from '../../contract/cv-upload.ts';
import type { ApplicationOutcome } from '../../contract/messages/email/types.ts';
import { HEADERS, LEAD_PATHS } from '../../contract/http.ts';
import {
  EMAIL_PATTERN,
  type FieldName,
  fieldNames,
  hasForbiddenCharacters,
  LEAD_FIELDS,
  type LeadField,
  type LeadKind,
  matchesPattern,
  nationalPhoneNumber,
  PHONE_PATTERN,
} from '../../contract/lead-contract.ts';
import type { LeadMessages, ServiceLanguage } from '../../contract/messages/en.ts';

/**
 * Leads: validation of the two payloads of the lead contract, the dedupe of repeated
 * submissions, storage, and the two POST routes.
 */

// The zod schemas, derived from the contract: strings only (no coercion), trimmed, bounded.

/** A rule's check of a value already trimmed and not empty (the contract's rule, the refusals in one language). */
function ruleSchema(name: FieldName, field: LeadField, MESSAGES: LeadMessages): z.ZodType<string> {
  const label = MESSAGES.labels[name];
  switch (field.rule) {
    case 'email':
      return z.string().max(field.maxLength, MESSAGES.invalidEmail).refine((v) => matchesPattern(EMAIL_PATTERN, v), MESSAGES.invalidEmail);
    case 'phone':
      return z.string().refine((v) => matchesPattern(PHONE_PATTERN, v), MESSAGES.invalidPhone);
    case 'choice': {
      const values = field.options.map((o) => o.value) as [string, ...string[]];
      // Exact match after trimming.
      return z.enum(values, { error: MESSAGES.invalidChoice[name] ?? MESSAGES.generic });
    }
    case 'text':
    case 'multiline':
      return z
        .string()
        .max(field.maxLength, MESSAGES.tooLong(label, field.maxLength))
        .refine((v) => !hasForbiddenCharacters(field, v), MESSAGES.forbiddenCharacters(label));
  }
}

/**
 * A field's check: a string (no coercion), trimmed; empty or absent is refused when the
 * field is required, and stored as '' when it is optional (whatever its rule); anything
 * else follows its rule.
 */
function fieldSchema(name: FieldName, field: LeadField, MESSAGES: LeadMessages) {
  const label = MESSAGES.labels[name];
  const rule = ruleSchema(name, field, MESSAGES);
  const value = z
    .string({ error: (issue) => (issue.input === undefined && field.required ? MESSAGES.required(label) : MESSAGES.notText(label)) })
    .trim()
    .superRefine((v, ctx) => {
      if (v === '') {
        if (field.required) ctx.addIssue({ code: 'custom', message: MESSAGES.required(label) });
        return;
      }
      const checked = rule.safeParse(v);
      if (!checked.success) ctx.addIssue({ code: 'custom', message: checked.error.issues[0]?.message ?? MESSAGES.generic });
    });
  return field.required ? value : value.default('');
}

/** The body must be an object with exactly the contract's keys. */
function payloadSchema(fields: Readonly<Record<string, LeadField>>, MESSAGES: LeadMessages): z.ZodType<LeadFields> {
  const shape = Object.fromEntries(Object.entries(fields).map(([name, field]) => [name, fieldSchema(name as FieldName, field, MESSAGES)]));
  return z.strictObject(shape, {
    error: (issue) => (issue.code === 'unrecognized_keys' ? MESSAGES.unexpectedField(issue.keys) : MESSAGES.notObject),
  });
}

/** Field name → value, every value a trimmed string. */
type LeadFields = Record<string, string>;

/** The schemas per answer language (the same rules; the refusals in that language). */
export const LEAD_SCHEMAS_BY_LANGUAGE = Object.fromEntries(
  Object.entries(SERVICE_MESSAGES).map(([lang, messages]) => [
    lang,
    { society: payloadSchema(LEAD_FIELDS.society, messages), career: payloadSchema(LEAD_FIELDS.career, messages) },
  ]),
) as Record<ServiceLanguage, Record<LeadKind, z.ZodType<LeadFields>>>;


/** The payload key a refusal is about (the `field` of the refusal's answer), if it is about one. */
export function refusedFieldOf(kind: LeadKind, path: readonly PropertyKey[] | undefined): FieldName | undefined {
  const key = path?.[0];
  return typeof key === 'string' && Object.hasOwn(LEAD_FIELDS[kind], key) ? (key as FieldName) : undefined;
}

// Dedupe.

/** A repeat of the same submission inside this window is answered success but stored once. */
export const DEDUPE_WINDOW_MS = 10 * 60 * 1000;

/** Values compared for "the same submission": case and spacing of an email, spacing elsewhere, and the spelling of a phone number don't matter. */
function normalise(field: string, value: string): string {
  const v = value.normalize('NFC').replace(/\s+/g, ' ').trim();
  if (field === 'email') return v.toLowerCase();
  if (field === 'phone') return nationalPhoneNumber(v);
  return v;
}

/** sha256 over kind and the normalised fields in a fixed order. */
export function dedupeKey(kind: LeadKind, fields: LeadFields): string {
  const parts: string[] = [kind];
  for (const field of fieldNames(kind)) parts.push(normalise(field, fields[field] ?? ''));
  return createHash('sha256').update(JSON.stringify(parts)).digest('base64url');
}

// Storage.

/** A lead stored (or found repeated), a kept answer to replay, or a CV upload named that the store does not hold (nothing stored). */
export type SaveResult = StoredLead | { replay: KeptKey } | { cvUnknown: true };

interface StoredLead {
  leadId: number;
  /** The lead's reference; a repeat answers the first lead's. */
  reference: string;
  duplicate: boolean;
  spam: SpamReason | null;
  /** Deliveries queued for this lead (none for a duplicate or spam), the acknowledgement included. */
  queued: number;
}

/** An idempotency key and the answer kept with it, made once the lead's reference is known. */
export interface IdempotentSave {
  key: string;
  answer: (reference: string) => KeptAnswer;
}

/**
 * Writes leads. `save` runs in one transaction (the batcher's), and resolves only after
 * it has committed, so a success answer always means the lead is in the file: it marks
 * the proof-of-work solution used (a reused one makes the lead spam), looks for a recent
 * identical submission, inserts the lead with its source, and queues one delivery per
 * target unless the lead is spam. With an idempotency key it first looks the key up, in
 * the same transaction (so requests racing with one key give one lead): a kept key
 * answers `{ replay }` and nothing else happens; a new one is kept with the lead and the answer.
 * Each new lead gets a random reference no other lead has (reference.ts); a person's lead
 * also gets an acknowledgement when `people` says so and its address had none in 24 hours
 * (delivery/acknowledgement.ts).
 */
export function createLeadStore(
  db: Db,
  batcher: WriteBatcher,
  delivery: { outbox: Outbox; targets: readonly string[]; people?: PersonEmailPolicy },
  now: () => number = Date.now,
  random?: RandomInt,
) {
  type Recent = { id: number; reference: string };
  // A person's submission repeats only a person's; a flagged one repeats any.
  const findRecent = db.prepare<[string, number], Recent>(
    'SELECT id, reference FROM leads WHERE dedupe_key = ? AND created_at >= ? AND spam_reason IS NULL ORDER BY created_at DESC LIMIT 1',
  );
  const findRecentAny = db.prepare<[string, number], Recent>(
    'SELECT id, reference FROM leads WHERE dedupe_key = ? AND created_at >= ? ORDER BY created_at DESC LIMIT 1',
  );
  const insert = db.prepare<[string, number, string, string, string | null, string | null, string | null, string | null, number, ...(string | null)[]]>(
    `INSERT INTO leads (kind, created_at, dedupe_key, fields, origin, partner, notice_version, spam_reason, without_proof, ${CAMPAIGN_COLUMNS}, page, language, reference)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ${CAMPAIGN_KEYS.map(() => '?').join(', ')}, ?, ?, ?)`,
  );
  const referenceTaken = db.prepare<[string]>('SELECT 1 FROM leads WHERE reference = ?').pluck();
  const useSolution = db.prepare<[string, number]>('INSERT OR IGNORE INTO used_solutions (signature, expires_at) VALUES (?, ?)');
  const forgetExpired = db.prepare<[number]>('DELETE FROM used_solutions WHERE expires_at < ?');
  // The address's row is taken over only when older than the window: then this lead is acknowledged.
  const acknowledgeAddress = db.prepare<[string, number, number, number]>(
    `INSERT INTO acknowledged_addresses (address_hash, lead_id, queued_at) VALUES (?, ?, ?)
     ON CONFLICT (address_hash) DO UPDATE SET lead_id = excluded.lead_id, queued_at = excluded.queued_at WHERE queued_at < ?`,
  );
  const forgetAddresses = db.prepare<[number]>('DELETE FROM acknowledged_addresses WHERE queued_at < ?');
  const readCount = db.prepare<[string], AcknowledgementCount>('SELECT sent, window_ends_at AS windowEndsAt FROM acknowledgement_counts WHERE key = ?');
  const writeCount = db.prepare<[string, number, number]>(
    'INSERT INTO acknowledgement_counts (key, sent, window_ends_at) VALUES (?, ?, ?) ON CONFLICT (key) DO UPDATE SET sent = excluded.sent, window_ends_at = excluded.window_ends_at',
  );
  const forgetCounts = db.prepare<[number]>('DELETE FROM acknowledgement_counts WHERE window_ends_at <= ?');
  const leadForOutcome = db.prepare<[number], { kind: string; spam_reason: string | null; email: string | undefined }>(
    "SELECT kind, spam_reason, json_extract(fields, '$.email') AS email FROM leads WHERE id = ?",
  );
  const keys = createIdempotencyStore(db, now);
  const cvs = cvClaims(db);
  const people = delivery.people;

  /**
   * Inside the lead's transaction: whether this person's lead is acknowledged (delivery/acknowledgement.ts):
   * the one acknowledgement its mailbox gets in the window, within its client network's hour
   * (`network`: undefined for a lead the team took out of spam) and the service's day.
   */
  function acknowledges(leadId: number, email: string | undefined, at: number, network?: string): boolean {
    const addressKey = people?.acknowledge ? people.addressKey(email) : undefined;
    if (addressKey === undefined) return false;
    const counts = acknowledgementCounts(people!, network).map((c) => ({ ...c, count: readCount.get(c.key) }));
    if (!counts.every((c) => hasRoom(c.count, c.max, at))) return false;
    if (acknowledgeAddress.run(addressKey, leadId, at, at - ACKNOWLEDGEMENT_WINDOW_MS).changes === 0) return false;
    for (const c of counts) {
      const next = countedOnce(c.count, c.windowMs, at);
      writeCount.run(c.key, next.sent, next.windowEndsAt);
    }
    return true;
  }

  return {
    save(kind: LeadKind, fields: LeadFields, source: LeadSource, check: SolutionCheck, idempotency?: IdempotentSave, cvUpload?: string): Promise<SaveResult> {
      const key = dedupeKey(kind, fields);
      const json = JSON.stringify(fields);
      return batcher.run((): SaveResult => {
        const kept = idempotency && keys.find(idempotency.key);
        if (kept) return { replay: kept };
        if (cvUpload !== undefined && !cvs.isOpen(cvUpload, now())) return { cvUnknown: true };
        const result = store();
        if (cvUpload !== undefined) cvs.claim(cvUpload, result.leadId, now());
        if (idempotency) keys.remember(idempotency.key, idempotency.answer(result.reference), result.leadId, now());
        return result;
      });
      function store(): StoredLead {
        const at = now();
        let spam = check.spam;
        if (check.solution && useSolution.run(check.solution.signature, check.solution.expiresAt).changes === 0) spam = 'reused-solution';
        const existing = (spam ? findRecentAny : findRecent).get(key, at - DEDUPE_WINDOW_MS);
        if (existing) return { leadId: existing.id, reference: existing.reference, duplicate: true, spam, queued: 0 };
        const reference = freeReference((r) => referenceTaken.get(r) !== undefined, random);
        const withoutProof = !spam && check.spam === null && check.withoutProof ? 1 : 0;
        const info = insert.run(
          kind, at, key, json, source.origin, source.partner, source.noticeVersion, spam, withoutProof, ...campaignColumns(source.campaign), source.page,
          source.language ?? 'en', reference,
        );
        const leadId = Number(info.lastInsertRowid);
        // Only a lead that proved it came from a person's browser on a page (its proof of work) may make the service write to an address.
        const acknowledged = !spam && !withoutProof && source.network !== undefined && acknowledges(leadId, fields.email, at, source.network);
        const targets = spam ? [] : [...delivery.targets, ...(acknowledged ? [ACKNOWLEDGEMENT_TARGET] : [])];
        delivery.outbox.enqueue(leadId, targets, at);
        return { leadId, reference, duplicate: false, spam, queued: targets.length };
      }
    },
    /** Queues an application's outcome email (acknowledgement.ts has the rules); at most once per lead and outcome. */
    queueOutcomeEmail(leadId: number, outcome: ApplicationOutcome): Promise<OutcomeEmailResult> {
      return batcher.run((): OutcomeEmailResult => {
        const reason = outcomeRefusal(people, leadForOutcome.get(leadId));
        if (reason) return { queued: false, reason };
        return delivery.outbox.enqueueOnce(leadId, outcomeTarget(outcome), now()) ? { queued: true } : { queued: false, reason: 'already-queued' };
      });
    },
    /** Queues the acknowledgement of a lead the team took out of spam, by the rule a new lead's follows. */
    queueAcknowledgement(leadId: number): Promise<boolean> {
      return batcher.run((): boolean => {
        const lead = leadForOutcome.get(leadId);
        if (!lead || lead.spam_reason !== null) return false;
        const at = now();
        return acknowledges(leadId, lead.email, at) && delivery.outbox.enqueueOnce(leadId, ACKNOWLEDGEMENT_TARGET, at);
      });
    },
    /** Forgets the addresses acknowledged longer ago than the window, and the counts whose window has ended (they limit nothing any more). */
    forgetAcknowledgedAddresses(): Promise<number> {
      return batcher.run(() => {
        forgetCounts.run(now());
        return forgetAddresses.run(now() - ACKNOWLEDGEMENT_WINDOW_MS).changes;
      });
    },
    /** The first answer kept for an idempotency key, if any (read outside a transaction: save looks again inside). */
    keptAnswer: (key: string) => keys.find(key),
    /** Forgets used solutions whose challenge has expired (an expired one is refused anyway). */
    forgetExpiredSolutions(): Promise<number> {
      return batcher.run(() => forgetExpired.run(now()).changes);
    },
    /** Forgets idempotency keys past their keeping time. */
    forgetExpiredKeys(): Promise<number> {
      return batcher.run(() => keys.purge());
    },
  };
}

/** What the service keeps of leads: its part of the store (store.ts), in SQLite (above) or PostgreSQL (leads-postgres.ts). */
export interface LeadStore {
  /**
   * Stores a lead in one transaction that has committed when the promise resolves: marks
   * the proof-of-work solution used (a reused one makes the lead spam), drops a repeat
   * of the same submission within ten minutes (answering the first lead's reference), gives
   * a new lead its reference, and queues its deliveries (with a person's acknowledgement by the
   * rules of delivery/acknowledgement.ts: a lead with `source.network` only, the client network it came from). With an idempotency key, a key already kept
   * answers `{ replay }` and nothing is stored; a new one is kept with the lead and its
   * answer (made with the reference), in the same transaction. With `cvUpload` (an upload's
   * id, cv/cv-store.ts) the upload is claimed for the lead in the same transaction, after the
   * key's lookup; an upload the store does not hold open (unknown, older than a day, claimed)
   * answers `{ cvUnknown }` and nothing is stored.
   */
  save(kind: LeadKind, fields: Record<string, string>, source: LeadSource, check: SolutionCheck, idempotency?: IdempotentSave, cvUpload?: string): Promise<SaveResult>;
  /** The first answer kept for an idempotency key, or that its lead was erased, if it is still kept (a save looks again inside its transaction). */
  keptAnswer(key: string): Promise<KeptKey | undefined>;
  /** Forgets idempotency keys past their keeping time. */
  forgetExpiredKeys(): Promise<number>;
  /** What a notification says about a lead; undefined once it was erased. */
  readEvent(leadId: number): Promise<LeadEvent | undefined>;
  /** Forgets used solutions whose challenge has expired. */
  forgetExpiredSolutions(): Promise<number>;
  /**
   * Queues the email telling an applicant the outcome of their application ("offer" or
   * "not-selected"), in the form's language, through the outbox: once per lead and outcome.
   * Not queued (with the reason) when the service sends no email (SMTP_URL unset), the lead is
   * unknown or erased, is not an application, is flagged as spam, has no address that can
   * take an email, or had this outcome's email queued already. Call it only once a team
   * member has confirmed it.
   */
  queueOutcomeEmail(leadId: number, outcome: ApplicationOutcome): Promise<OutcomeEmailResult>;
  /**
   * Queues the acknowledgement of a lead a team member took out of spam (a flagged lead got
   * none), by the rule of a new lead's: only when the service sends acknowledgements, the
   * lead is a person's, its mailbox had none in 24 hours and the service's day has room; once per lead. Whether it was queued.
   */
  queueAcknowledgement(leadId: number): Promise<boolean>;
  /** Forgets the acknowledged addresses older than 24 hours. */
  forgetAcknowledgedAddresses(): Promise<number>;
}

// Routes.

/** X-Resume-Upload: undefined when absent, null when it is no upload id, else the id. */
export function readCvUploadHeader(header: string | string[] | undefined): string | null | undefined {
  if (header === undefined) return undefined;
  const value = (Array.isArray(header) ? header.join(',') : header).trim();
  return UPLOAD_ID_PATTERN.test(value) ? value : null;
}

/** Each route's success body per answer language, serialised once. */
const successBodies = (stored: 'societyStored' | 'careerStored') =>
  Object.fromEntries(Object.entries(SERVICE_MESSAGES).map(([lang, m]) => [lang, successBody(m[stored])])) as Record<ServiceLanguage, string>;

export const LEAD_ROUTES: readonly { path: string; kind: LeadKind; success: Record<ServiceLanguage, string> }[] = [
  { path: LEAD_PATHS.society, kind: 'society', success: successBodies('societyStored') },
  { path: LEAD_PATHS.career, kind: 'career', success: successBodies('careerStored') },
];

/**
 * POST /addSocietyQuery and POST /addQuery: application/json, validated, then stored
 * synchronously before answering; a form's own post (`application/x-www-form-urlencoded`)
 * goes to `formPosts`, which answers it with pages. The
 * source (Origin, ?partner=, X-Notice-Version) and the proof of work (X-Altcha) travel
 * outside the body. A lead without a valid, unused solution is stored flagged as spam and
 * answered exactly like any other; `spam` undefined (SPAM_CHALLENGE=off) flags nothing.
 * An `Idempotency-Key` (idempotency.ts) makes a repeat get the first answer
 * (`Idempotent-Replayed: true`), before the proof of work is looked at; the same key with
 * another body is refused with 422; the key of an erased lead gets the success answer and
 * nothing is stored.
 * Refusals and the success message are in the request's Content-Language (language.ts).
 * The success answer adds the lead's `reference` to the spec's `success` and `message`; a
 * refusal of one field adds its payload key as `field`.
 */
export function registerLeadRoutes(
  app: FastifyInstance,
  store: Pick<LeadStore, 'save' | 'keptAnswer'>,
  options: {
    spam: SpamChallenge | undefined;
    onQueued: () => void;
    /** The site's pages, to keep the page a lead was sent from (lead-source.ts). */
    site?: SitePages;
    /** Called once a new lead of a person (not a repeat, not spam) is stored. */
    onStored?: (source: LeadSource, headers: FastifyRequest['headers']) => void;
    /** The CVs an application names (X-CV-Upload): a retry is the same request when its upload holds the same bytes. */
    cvs?: Pick<CvStore, 'contentHash' | 'discardUnclaimed'>;
    /** A form's own post (`application/x-www-form-urlencoded`, form-post.ts): taken in by the same rules, answered with pages. */
    formPosts?: {
      accepts(request: FastifyRequest): boolean;
      take(kind: LeadKind, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>;
    };
  },
): void {
  const noCheck: SolutionCheck = { spam: null, solution: null };
  for (const route of LEAD_ROUTES) {
    app.post(route.path, async (request, reply) => {
      if (options.formPosts?.accepts(request)) return options.formPosts.take(route.kind, request, reply);
      const lang = requestLanguage(request.headers[HEADERS.language.toLowerCase()]);
      const MESSAGES = SERVICE_MESSAGES[lang];
      if (request.body === undefined) return sendFailure(reply, 400, MESSAGES.emptyBody);
      const source = readLeadSource(request.headers, request.query, options.site);
      if (!source.ok) {
        request.log.info({ kind: route.kind, statusCode: 400 }, 'lead refused: partner id');
        return sendFailure(reply, 400, MESSAGES.invalidPartner);
      }
      const parsed = LEAD_SCHEMAS_BY_LANGUAGE[lang][route.kind].safeParse(request.body);
      if (!parsed.success) {
        request.log.info({ kind: route.kind, statusCode: 400 }, 'lead refused');
        const issue = parsed.error.issues[0];
        return sendFailure(reply, 400, issue?.message ?? MESSAGES.generic, refusedFieldOf(route.kind, issue?.path));
      }
      const idempotencyKey = readIdempotencyKey(request.headers[HEADERS.idempotencyKey.toLowerCase()]);
      if (!idempotencyKey.ok) return sendFailure(reply, 400, MESSAGES.invalidIdempotencyKey);
      const key = idempotencyKey.key;
      const cvUpload = readCvUploadHeader(request.headers[HEADERS.cvUpload.toLowerCase()]);
      if (cvUpload !== undefined && route.kind !== 'career') {
        request.log.info({ kind: route.kind, statusCode: 400 }, 'lead refused: a CV on a society registration');
        return sendFailure(reply, 400, MESSAGES.generic);
      }
      if (cvUpload === null) return sendFailure(reply, 400, MESSAGES.cvUnknown, CV.control);
      // The CV's bytes are part of what a retry must repeat: the same key with another file is another request (422). A retry
      // may name another upload of the same file (the page and the outbox worker each uploaded it, the first upload was lost).
      const cvHash = cvUpload === undefined ? undefined : ((await options.cvs?.contentHash(cvUpload)) ?? `upload ${cvUpload}`);
      const fingerprint = requestFingerprint(route.path, cvHash === undefined ? parsed.data : { ...parsed.data, [HEADERS.cvUpload]: cvHash });
      const answer = (reference: string): KeptAnswer => ({ fingerprint, status: 200, body: withReference(route.success[lang], reference) });
      const replay = async (kept: KeptKey) => {
        // A repeat stores nothing: an upload of its own (not the lead's) is not kept either.
        if (cvUpload !== undefined && ('erased' in kept || kept.fingerprint === fingerprint)) await options.cvs?.discardUnclaimed(cvUpload);
        if ('erased' in kept) {
          // Its lead was erased: answered as it was (its reference went with it), nothing stored again (only the key was kept).
          request.log.info({ kind: route.kind, replayed: true, erased: true }, 'lead repeated after its erasure');
          return reply.code(200).type('application/json; charset=utf-8').header('Idempotent-Replayed', 'true').send(route.success[lang]);
        }
        if (kept.fingerprint !== fingerprint) {
          request.log.info({ kind: route.kind, statusCode: 422 }, 'lead refused: idempotency key reused');
          return sendFailure(reply, 422, MESSAGES.idempotencyKeyReused);
        }
        request.log.info({ kind: route.kind, replayed: true }, 'lead repeated');
        return reply.code(kept.status).type('application/json; charset=utf-8').header('Idempotent-Replayed', 'true').send(kept.body);
      };
      const kept = key ? await store.keptAnswer(key) : undefined;
      if (kept) return replay(kept);
      const check = options.spam ? await options.spam.check(request.headers[SOLUTION_HEADER]) : noCheck;
      const lead: LeadSource = { ...source.source, network: clientNetwork(request.ip) };
      const saved = await store.save(route.kind, parsed.data, lead, check, key ? { key, answer } : undefined, cvUpload);
      if ('replay' in saved) return replay(saved.replay);
      if ('cvUnknown' in saved) {
        request.log.info({ kind: route.kind, statusCode: 400 }, 'lead refused: CV upload not held');
        return sendFailure(reply, 400, MESSAGES.cvUnknown, CV.control);
      }
      const { leadId, duplicate, spam, queued } = saved;
      request.log.info({ kind: route.kind, leadId, duplicate, ...(spam ? { spam } : {}) }, 'lead stored');
      if (queued) options.onQueued();
      if (!duplicate && !spam) options.onStored?.(lead, request.headers);
      const { status, body } = answer(saved.reference);
      return reply.code(status).type('application/json; charset=utf-8').send(body);
    });
  }
}
