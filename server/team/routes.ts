import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { isLanguageCode, type LanguageCode } from '../../contract/languages.ts';
import {
  FILTER_KEYS,
  isDate,
  MEMBER_NAME_MAX_LENGTH,
  NOTE_MAX_LENGTH,
  OUTCOME_STATUSES,
  PAGE_SIZE,
  startOfTeamDay,
  TEAM_API,
  type LeadChange,
  type Neighbours,
  type NotSpamAnswer,
  type TeamError,
  type TeamErrorCode,
  type ProfileChange,
  type TeamMember,
  type WorklistPage,
  type WorklistQuery,
} from '../../contract/team.ts';
import { parsePersonKey } from '../intake/personal-data.ts';
import { sendCv } from '../cv/cv-link.ts';
import type { IntakeStore } from '../store/store.ts';
import type { Member } from './accounts.ts';
import { leadsRead, type Actor } from './audit.ts';
import { exportCsv, exportFileName, teamDateTime } from './csv-export.ts';
import { queueApplicantOutcomeEmail } from './outcome-email.ts';
import { checkInvitation, registrationOptions, signInOptions, verifyRegistration, verifySignIn, type RelyingParty } from './passkeys.ts';
import { ABSOLUTE_MS, clientKey, hashOf, liveSession, MAX_SIGN_IN_FAILURES, newSessionId, SESSION_COOKIE, SIGN_IN_WINDOW_MS } from './sessions.ts';
import { cursorOf, type WorklistStore } from './worklist.ts';
import { cursorText, describeFilter, FilterError, parseCursor, parseFilter } from './worklist-filter.ts';

/**
 * The team's API under /team/api: sign-in with a passkey and invitations (open), and
 * behind a session the worklist, a lead, its changes, spam, exports, a person's data and
 * the audit log. Every state-changing request must come from TEAM_ORIGIN (its `Origin`
 * header): a page of another site cannot act with a member's cookie. Every answer is
 * `Cache-Control: no-store`; a refusal is `{ code, message }` (contract/team.ts).
 */

export interface TeamRouteOptions {
  store: IntakeStore;
  rp: RelyingParty;
  /** The delivery targets a lead taken out of spam is queued for. */
  targets: readonly string[];
  /** Tells the delivery worker something was queued. */
  onQueued: () => void;
}

declare module 'fastify' {
  interface FastifyRequest {
    member?: Member;
    sessionIdHash?: string;
  }
}

export function refuse(reply: FastifyReply, status: number, code: TeamErrorCode, message: string, extra: Record<string, unknown> = {}): FastifyReply {
  const body: TeamError & Record<string, unknown> = { code, message, ...extra };
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}

const actorOf = (member: Member): Actor => ({ memberId: member.id, name: member.email });
const memberJson = (m: Member): TeamMember => ({ id: m.id, email: m.email, role: m.role, name: m.name, language: m.language });

const leadId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const passkeyResponse = z.object({ id: z.string().max(1024), rawId: z.string().max(1024), type: z.literal('public-key'), response: z.record(z.string(), z.unknown()) }).passthrough();
const bodies = {
  signIn: z.object({ challengeId: z.string().max(64), response: passkeyResponse }).strict(),
  invitation: z.object({ token: z.string().max(200) }).strict(),
  register: z.object({ token: z.string().max(200), challengeId: z.string().max(64), response: passkeyResponse }).strict(),
  change: z
    .object({
      version: z.number().int().positive(),
      status: z.string().max(40).optional(),
      ownerId: z.number().int().positive().nullable().optional(),
      nextCallOn: z.string().max(10).nullable().optional(),
      note: z.string().max(NOTE_MAX_LENGTH * 2).optional(),
    })
    .strict(),
  outcome: z.object({ outcome: z.enum(OUTCOME_STATUSES) }).strict(),
  profile: z
    .object({
      // A name as people write it, on one line (trimmed when kept; empty: the app shows the email).
      name: z.string().max(MEMBER_NAME_MAX_LENGTH).regex(/^[^\p{Cc}]*$/u).optional(),
      language: z.custom<LanguageCode>(isLanguageCode).optional(),
    })
    .strict(),
  person: z.object({ leadId: z.number().int().positive(), by: z.enum(['email', 'phone']) }).strict(),
};

function parse<T>(schema: z.ZodType<T>, value: unknown, reply: FastifyReply): T | undefined {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  refuse(reply, 400, 'invalid', `the request is not one this API takes (${parsed.error.issues[0]?.path.join('.') || 'body'})`);
  return undefined;
}

/** The worklist query: the known keys, each a string. */
function worklistQuery(query: unknown): WorklistQuery {
  const out: WorklistQuery = {};
  const raw = (query ?? {}) as Record<string, unknown>;
  // Control characters are ignored (a NUL reached PostgreSQL and SQLite's search as it was, and failed there).
  for (const key of FILTER_KEYS) if (typeof raw[key] === 'string') out[key] = (raw[key]).replace(/[\t\n\v\f\r]/g, ' ').replace(/\p{Cc}/gu, '').slice(0, 200);
  return out;
}

/** Requests a client may make to the open routes in a minute: a person signs in with three. */
const OPEN_ROUTE_LIMIT = { rateLimit: { max: 60, timeWindow: 60_000 } };

/** Public routes: the sign-in and invitation steps, and sign-out. */
export function registerSignInRoutes(app: FastifyInstance, options: TeamRouteOptions): void {
  const steps = signInSteps(options.store);
  registerPasskeySignIn(app, options, steps);
  registerInvitationRoutes(app, options, steps);
}

/** The session cookie's attributes. */
const COOKIE_OPTIONS = {
  path: '/',
  httpOnly: true,
  // A __Host- cookie must be Secure: browsers keep it from https, and from http://localhost
  // (a secure context, the one place passkeys work without TLS).
  secure: true,
  sameSite: 'strict' as const,
};

type SignInSteps = ReturnType<typeof signInSteps>;

/** What the open routes share: the failed sign-ins' limit per client, and a session started. */
function signInSteps(store: IntakeStore) {
  const { sessions, audit } = store.team;
  const limited = async (request: FastifyRequest, reply: FastifyReply): Promise<boolean> => {
    if ((await sessions.failures(clientKey(request.ip), Date.now())) < MAX_SIGN_IN_FAILURES) return false;
    refuse(reply.header('Retry-After', String(SIGN_IN_WINDOW_MS / 1000)), 429, 'too-many-attempts', 'too many failed sign-ins from this client: try again in 15 minutes');
    return true;
  };
  const failed = (request: FastifyRequest) => sessions.addFailure(clientKey(request.ip), Date.now());

  const startSession = async (reply: FastifyReply, member: Member, at: number): Promise<void> => {
    const id = newSessionId();
    await sessions.create(hashOf(id), member.id, at);
    reply.setCookie(SESSION_COOKIE, id, { ...COOKIE_OPTIONS, maxAge: ABSOLUTE_MS / 1000 });
    await audit.record({ at, actor: actorOf(member), action: 'sign-in' });
  };
  return { limited, failed, startSession };
}

/** Sign-in with a passkey, and sign-out. */
function registerPasskeySignIn(app: FastifyInstance, { store, rp }: TeamRouteOptions, { limited, failed, startSession }: SignInSteps): void {
  const { accounts, sessions, audit } = store.team;
  app.post(TEAM_API.signInOptions, { config: OPEN_ROUTE_LIMIT }, async (request, reply) => {
    if (await limited(request, reply)) return reply;
    return signInOptions(accounts, rp, Date.now());
  });

  app.post(TEAM_API.signIn, { config: OPEN_ROUTE_LIMIT }, async (request, reply) => {
    if (await limited(request, reply)) return reply;
    const parsed = bodies.signIn.safeParse(request.body);
    if (!parsed.success) {
      await failed(request);
      return refuse(reply, 401, 'sign-in-failed', 'the passkey could not be checked');
    }
    const at = Date.now();
    const outcome = await verifySignIn(accounts, rp, parsed.data.challengeId, parsed.data.response as never, at);
    if (!outcome.ok) {
      await failed(request);
      request.log.info({ code: outcome.code }, 'team sign-in refused');
      return refuse(reply, 401, outcome.code, outcome.message);
    }
    await startSession(reply, outcome.member, at);
    return { member: memberJson(outcome.member) };
  });

  app.post(TEAM_API.signOut, async (request, reply) => {
    const at = Date.now();
    const session = await liveSession(sessions, request.cookies[SESSION_COOKIE], at);
    if (session) {
      await sessions.end(session.idHash);
      await audit.record({ at, actor: actorOf(session.member), action: 'sign-out' });
    }
    reply.clearCookie(SESSION_COOKIE, COOKIE_OPTIONS);
    return reply.code(204).send();
  });
}

/** An invitation's steps: read it, ask for a passkey, register it (and start a session). */
function registerInvitationRoutes(app: FastifyInstance, { store, rp }: TeamRouteOptions, { limited, failed, startSession }: SignInSteps): void {
  const { accounts, audit } = store.team;
  const invitationOf = async (request: FastifyRequest, reply: FastifyReply, token: string) => {
    const invitation = await checkInvitation(accounts, token, Date.now());
    if (!invitation.ok) {
      if (invitation.code === 'invitation-unknown') await failed(request);
      refuse(reply, invitation.code === 'invitation-unknown' ? 404 : 410, invitation.code, invitation.message);
      return undefined;
    }
    return invitation;
  };

  app.post(TEAM_API.invitation, { config: OPEN_ROUTE_LIMIT }, async (request, reply) => {
    if (await limited(request, reply)) return reply;
    const body = parse(bodies.invitation, request.body, reply);
    if (!body) return reply;
    const invitation = await invitationOf(request, reply, body.token);
    // Its member's name and language too: the page that registers the passkey speaks it at once.
    return invitation ? { email: invitation.member.email, role: invitation.member.role, name: invitation.member.name, language: invitation.member.language } : reply;
  });

  app.post(TEAM_API.invitationOptions, { config: OPEN_ROUTE_LIMIT }, async (request, reply) => {
    if (await limited(request, reply)) return reply;
    const body = parse(bodies.invitation, request.body, reply);
    if (!body) return reply;
    if (!(await invitationOf(request, reply, body.token))) return reply;
    const options = await registrationOptions(accounts, rp, body.token, Date.now());
    return options.ok ? { challengeId: options.challengeId, options: options.options } : refuse(reply, 410, options.code, options.message);
  });

  app.post(TEAM_API.invitationRegister, { config: OPEN_ROUTE_LIMIT }, async (request, reply) => {
    if (await limited(request, reply)) return reply;
    const body = parse(bodies.register, request.body, reply);
    if (!body) return reply;
    const at = Date.now();
    const outcome = await verifyRegistration(accounts, rp, body.token, body.challengeId, body.response as never, at);
    if (!outcome.ok) {
      if (outcome.code === 'invitation-unknown') await failed(request);
      return refuse(reply, outcome.code === 'registration-failed' || outcome.code === 'challenge-expired' ? 400 : 410, outcome.code, outcome.message);
    }
    await audit.record({ at, actor: actorOf(outcome.member), action: 'passkey-registered' });
    await startSession(reply, outcome.member, at);
    return { member: memberJson(outcome.member) };
  });
}

/** Routes behind a session: a preHandler refuses every request without one (401), unknown paths included. */
export function registerMemberRoutes(app: FastifyInstance, options: TeamRouteOptions): void {
  const { sessions } = options.store.team;
  app.addHook('preHandler', async (request, reply) => {
    const session = await liveSession(sessions, request.cookies[SESSION_COOKIE], Date.now());
    if (!session) return refuse(reply, 401, 'signed-out', 'sign in to use the worklist');
    request.member = session.member;
    request.sessionIdHash = session.idHash;
  });
  registerProfileRoutes(app, options);
  registerListRoutes(app, options);
  registerExportRoute(app, options);
  registerLeadPageRoutes(app, options);
  registerLeadActionRoutes(app, options);
  registerPersonRoutes(app, options);
  registerAuditRoute(app, options);
  app.all('/team/api/*', async (_request, reply) => refuse(reply, 404, 'not-found', 'no such team API'));
}

/** True (and the request refused, 403) unless the member is an admin. */
function adminOnly(request: FastifyRequest, reply: FastifyReply): boolean {
  if (request.member!.role === 'admin') return false;
  refuse(reply, 403, 'forbidden', 'only an admin can do this');
  return true;
}

/** The worklist's filter of a query, or undefined (and the request refused, 400). */
function filterOf(query: WorklistQuery, reply: FastifyReply): ReturnType<typeof parseFilter> | undefined {
  try {
    return parseFilter(query);
  } catch (error) {
    if (!(error instanceof FilterError)) throw error;
    refuse(reply, 400, error.code, error.message);
    return undefined;
  }
}

/** The lead id of a `/:id` route, or undefined (and the request refused, 404). */
function leadIdOf(request: FastifyRequest, reply: FastifyReply): number | undefined {
  const id = leadId.safeParse((request.params as { id: string }).id);
  if (id.success) return id.data;
  refuse(reply, 404, 'not-found', 'no such lead');
  return undefined;
}

/** The member's own account, and the team's members. */
function registerProfileRoutes(app: FastifyInstance, { store }: TeamRouteOptions): void {
  const { accounts } = store.team;
  app.get(TEAM_API.me, async (request) => ({ member: memberJson(request.member!) }));

  // The member's own name and language (the app speaks it on every device they sign in on).
  app.patch(TEAM_API.me, async (request, reply) => {
    const body: ProfileChange | undefined = parse(bodies.profile, request.body, reply);
    if (!body) return reply;
    const member = await accounts.setProfile(request.member!.id, body);
    return member ? { member: memberJson(member) } : refuse(reply, 401, 'signed-out', 'sign in to use the worklist');
  });

  app.get(TEAM_API.members, async () => ({ members: (await accounts.active()).map(memberJson) }));

}

/** The worklist (a page of a filter's leads, with its counts on the first) and a lead's neighbours in it. */
function registerListRoutes(app: FastifyInstance, { store }: TeamRouteOptions): void {
  const { worklist, audit } = store.team;
  app.get(TEAM_API.leads, async (request, reply): Promise<WorklistPage | FastifyReply> => {
    const query = worklistQuery(request.query);
    const filter = filterOf(query, reply);
    if (!filter) return reply;
    const after = parseCursor((request.query as { before?: string }).before);
    const now = Date.now();
    // A search and the city filter read the index values (search-index.ts): leads stored a moment ago get theirs first.
    if (filter.search || filter.city) await worklist.catchUp();
    const [rows, tally] = await Promise.all([worklist.list(filter, now, PAGE_SIZE + 1, after), after ? Promise.resolve({}) : tallyOf(worklist, filter, now)]);
    const leads = rows.slice(0, PAGE_SIZE);
    const before = (request.query as { before?: string }).before;
    await audit.record({ at: now, actor: actorOf(request.member!), action: 'list', detail: { filter: describeFilter(query), ...(after && before ? { before } : {}), ...leadsRead(leads.map((l) => l.id)) } });
    return { leads, next: rows.length > PAGE_SIZE ? cursorText(cursorOf(filter, leads[leads.length - 1]!)) : null, ...tally };
  });

  // The leads on either side of one in the list it was opened from (the same filters): "Save and next".
  app.get(TEAM_API.neighbours(':id'), async (request, reply): Promise<Neighbours | FastifyReply> => {
    const id = leadIdOf(request, reply);
    if (id === undefined) return reply;
    const filter = filterOf(worklistQuery(request.query), reply);
    if (!filter) return reply;
    if (filter.search || filter.city) await worklist.catchUp();
    return (await worklist.neighbours(id, filter, Date.now())) ?? refuse(reply, 404, 'not-found', 'no such lead (it may have been erased)');
  });

}

/** The first page's counts: per status and late, within a search when there is one (and it finds at most MATCHES_CAP). */
async function tallyOf(worklist: WorklistStore, filter: ReturnType<typeof parseFilter>, now: number): Promise<Omit<WorklistPage, 'leads' | 'next'>> {
  if (!filter.search) {
    const [counts, late] = await Promise.all([worklist.counts(filter, now), filter.spam ? Promise.resolve(undefined) : worklist.lateCount(filter, now)]);
    return { counts, ...(late === undefined ? {} : { late }) };
  }
  const tally = await worklist.searchTally(filter, now, MATCHES_CAP);
  if (tally) return { counts: tally.counts, ...(filter.spam ? {} : { late: tally.late }), matches: tally.matches, matchesCapped: false };
  const matches = await worklist.matches(filter, now, MATCHES_CAP);
  return { matches: Math.min(matches, MATCHES_CAP), matchesCapped: matches > MATCHES_CAP };
}

/** Every lead of a filter as CSV: an admin's act. */
function registerExportRoute(app: FastifyInstance, { store }: TeamRouteOptions): void {
  const { worklist, audit } = store.team;
  // Every lead's data at once: an admin's act, as a person's data is (docs/team.md).
  app.get(TEAM_API.leadsCsv, async (request, reply) => {
    if (adminOnly(request, reply)) return reply;
    const query = worklistQuery(request.query);
    const filter = filterOf(query, reply);
    if (!filter) return reply;
    const now = Date.now();
    await worklist.catchUp();
    const actor = actorOf(request.member!);
    const stream = exportCsv(worklist, filter, now, (ids) => {
      audit.record({ at: Date.now(), actor, action: 'export', detail: { filter: describeFilter(query), rows: ids.length, ...leadsRead(ids) } }).catch((error: Error) => request.log.error({ error: error.message }, 'team: export not audited'));
    });
    return reply.type('text/csv; charset=utf-8').header('Content-Disposition', `attachment; filename="${exportFileName(query, now)}"`).send(stream);
  });

}

/** A lead's page: the lead, its CV, and a change to it. */
function registerLeadPageRoutes(app: FastifyInstance, { store }: TeamRouteOptions): void {
  const { worklist, audit } = store.team;
  app.get(`${TEAM_API.leads}/:id`, async (request, reply) => {
    const id = leadIdOf(request, reply);
    if (id === undefined) return reply;
    const now = Date.now();
    const lead = await worklist.lead(id, now);
    if (!lead) return refuse(reply, 404, 'not-found', 'no such lead (it may have been erased)');
    await audit.record({ at: now, actor: actorOf(request.member!), action: 'view', leadId: id });
    return { lead };
  });

  // The lead's CV, as an attachment of its checked type (never inline); each download is in the audit log.
  app.get(TEAM_API.cv(':id'), async (request, reply) => {
    const id = leadIdOf(request, reply);
    if (id === undefined) return reply;
    const cv = await store.cvs.ofLead(id);
    if (!cv) return refuse(reply, 404, 'not-found', 'this lead has no CV (or it was erased)');
    await audit.record({ at: Date.now(), actor: actorOf(request.member!), action: 'person-export', leadId: id, detail: { file: 'cv', sha256: cv.sha256 } });
    return sendCv(reply, cv);
  });

  app.patch(`${TEAM_API.leads}/:id`, async (request, reply) => {
    const id = leadIdOf(request, reply);
    if (id === undefined) return reply;
    const change = parse(bodies.change, request.body, reply) as LeadChange | undefined;
    if (!change) return reply;
    const at = Date.now();
    const result = await worklist.change(id, change, actorOf(request.member!), at);
    if (!result.ok) {
      if (result.reason === 'not-found') return refuse(reply, 404, 'not-found', 'no such lead (it may have been erased)');
      if (result.reason === 'invalid') return refuse(reply, 400, 'invalid', result.message);
      const who = result.by && result.at ? `${result.by} changed this lead at ${teamDateTime(result.at)} (India)` : 'Someone changed this lead';
      // The answer shows the whole lead again: a view of it.
      await audit.record({ at, actor: actorOf(request.member!), action: 'view', leadId: id, detail: { conflict: true } });
      return refuse(reply, 409, 'conflict', `${who} after you opened it. Your change was not saved: look at theirs, then make yours again.`, {
        by: result.by,
        at: result.at,
        lead: await worklist.lead(id, at),
      });
    }
    return { lead: await worklist.lead(id, at) };
  });

}

/** What a member sends a lead on to: out of spam (delivered as new), the applicant's outcome email. */
function registerLeadActionRoutes(app: FastifyInstance, { store, targets, onQueued }: TeamRouteOptions): void {
  const { worklist, audit } = store.team;
  app.post(`${TEAM_API.leads}/:id/not-spam`, async (request, reply) => {
    const id = leadIdOf(request, reply);
    if (id === undefined) return reply;
    const at = Date.now();
    const result = await worklist.notSpam(id, targets, actorOf(request.member!), at);
    if (!result.ok) {
      if (result.reason === 'not-found') return refuse(reply, 404, 'not-found', 'no such lead');
      await audit.record({ at, actor: actorOf(request.member!), action: 'view', leadId: id, detail: { conflict: true } });
      return refuse(reply, 409, 'conflict', `${result.by ?? 'Someone'} already took this lead out of spam; it is delivered once.`, { lead: await worklist.lead(id, at) });
    }
    // The person heard nothing while the lead was flagged: now they get the acknowledgement a new lead gets.
    const acknowledged = await store.leads.queueAcknowledgement(id);
    const queued = result.queued + (acknowledged ? 1 : 0);
    if (queued) onQueued();
    const answer: NotSpamAnswer = { queued, deliveries: result.queued, acknowledged, lead: (await worklist.lead(id, at))! };
    return answer;
  });

  app.post(`${TEAM_API.leads}/:id/outcome-email`, async (request, reply) => {
    const id = leadIdOf(request, reply);
    if (id === undefined) return reply;
    const body = parse(bodies.outcome, request.body, reply);
    if (!body) return reply;
    const at = Date.now();
    const lead = await worklist.lead(id, at);
    if (!lead) return refuse(reply, 404, 'not-found', 'no such lead');
    if (lead.kind !== 'career' || lead.status !== body.outcome) return refuse(reply, 400, 'invalid', `the application's status is not "${body.outcome}"`);
    const result = await queueApplicantOutcomeEmail(store, id, body.outcome);
    if (!result.queued) {
      if (result.reason === 'no-email') return refuse(reply, 503, 'outcome-email-unavailable', 'this service sends no email to applicants (SMTP_URL is not set); nothing was sent');
      if (result.reason === 'already-queued') return refuse(reply, 409, 'outcome-email-sent', 'the applicant was already emailed this outcome; it is sent once');
      if (result.reason === 'unknown-lead') return refuse(reply, 404, 'not-found', 'no such lead');
      return refuse(reply, 400, 'outcome-email-refused', `no outcome email for this lead (${result.reason})`);
    }
    await audit.record({ at, actor: actorOf(request.member!), action: 'outcome-email', leadId: id, detail: { outcome: body.outcome } });
    onQueued();
    return reply.code(202).send({ queued: true });
  });

}

/** A person's data, as `npm run leads -- --person` and `--erase` give it: an admin's act. */
function registerPersonRoutes(app: FastifyInstance, { store }: TeamRouteOptions): void {
  const { worklist, audit } = store.team;
  /** The person a lead belongs to, found by its email or its phone, as `--person` takes them. */
  const personOf = async (body: { leadId: number; by: 'email' | 'phone' }, reply: FastifyReply) => {
    const lead = await worklist.lead(body.leadId, Date.now());
    if (!lead) {
      refuse(reply, 404, 'not-found', 'no such lead (it may have been erased)');
      return undefined;
    }
    try {
      return parsePersonKey(body.by === 'email' ? lead.email : lead.phone);
    } catch (error) {
      refuse(reply, 400, 'invalid', (error as Error).message);
      return undefined;
    }
  };

  app.post(TEAM_API.person, async (request, reply) => {
    if (adminOnly(request, reply)) return reply;
    const body = parse(bodies.person, request.body, reply);
    if (!body) return reply;
    const key = await personOf(body, reply);
    if (!key) return reply;
    const record = await store.team.person.record(key);
    await audit.record({ at: Date.now(), actor: actorOf(request.member!), action: 'person-export', leadId: body.leadId, detail: { by: body.by } });
    return reply.header('Content-Disposition', `attachment; filename="person-${body.leadId}.json"`).send({ person: key, ...record });
  });

  app.post(TEAM_API.personErase, async (request, reply) => {
    if (adminOnly(request, reply)) return reply;
    const body = parse(bodies.person, request.body, reply);
    if (!body) return reply;
    const key = await personOf(body, reply);
    if (!key) return reply;
    const at = Date.now();
    const result = await store.team.person.erase(key, at);
    await audit.record({ at, actor: actorOf(request.member!), action: 'erase', detail: { by: body.by, leads: result.leads, rows: result.rows } });
    return { leads: result.leads, rows: result.rows, cleaned: result.cleaned };
  });

}

/** The audit log, a page at a time: an admin's read. */
function registerAuditRoute(app: FastifyInstance, { store }: TeamRouteOptions): void {
  const { audit } = store.team;
  app.get(TEAM_API.audit, async (request, reply) => {
    if (adminOnly(request, reply)) return reply;
    const { since, before } = request.query as { since?: string; before?: string };
    const sinceDay = since && isDate(since) ? startOfTeamDay(since) : undefined;
    if (since && sinceDay === undefined) return refuse(reply, 400, 'invalid', 'since must be a date (YYYY-MM-DD)');
    const entries = await audit.list({ since: sinceDay, before: before && /^\d{1,15}$/.test(before) ? Number(before) : undefined, limit: AUDIT_PAGE + 1 });
    const page = entries.slice(0, AUDIT_PAGE);
    return { entries: page, next: entries.length > AUDIT_PAGE ? page[page.length - 1]!.id : null };
  });

}

/** A search counts its matches up to this many ("more than 200"): enough to tell a narrow search from a broad one. */
const MATCHES_CAP = 200;
const AUDIT_PAGE = 100;
