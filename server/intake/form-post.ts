/**
 * A form the browser sends itself (contract/form-post.ts): `application/x-www-form-urlencoded`
 * on the two lead paths, taken in by the same rules as the widgets' JSON (the lead contract's
 * validation and messages, the store and its ten-minute repeat check, the rate limit, the
 * source, partner, campaign and notice version, the funnel's sends and leads, delivery) and
 * answered with pages (../answer-pages/pages.ts): 303 to a confirmation, or the form again.
 *
 * What a scripted send carries outside its body comes from the form's hidden controls here:
 * its language, the notice version it showed, the partner; the page and the campaign from the
 * hidden controls the service filled in when it drew the form again, else from the Referer
 * (a page of this site: browsers send a same-origin page's whole address).
 *
 * A form sent without script cannot solve the proof of work. The rule for it (docs/intake-api.md):
 * - its honeypot (a field hidden from people and from assistive technology) must be there and
 *   empty: filled in, the lead is stored as spam (`honeypot`) and never delivered; missing (not
 *   our form), it is spam as any post without proof is (`no-solution`);
 * - at most WITHOUT_PROOF_RATE_LIMIT_MAX such forms per client (an IPv4 address or an IPv6 /64)
 *   an hour are taken in; beyond, the form comes back (429) with its values.
 * A lead that passes is delivered, marked in its webhook and email as having come without
 * proof of work, and never acknowledged to the address it names (nothing proves who sent it,
 * nor from which site). With SPAM_CHALLENGE=off nothing is marked or counted, and only a filled
 * honeypot is spam.
 *
 * A CV sent with a career form counts against the same hourly allowance of files per client as
 * an upload (CV_UPLOAD_RATE_LIMIT_MAX), and against the storage quota (CV_STORAGE_MAX_MB): past
 * either the form comes back with the sentence and its values, nothing stored.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { noticeVersionFromHeader } from '../../contract/collection-notice.ts';
import { campaignOf, CAMPAIGN_KEYS, type Campaign } from '../../contract/campaign.ts';
import { FRAME_ROUTE, formOptionsQuery } from '../../contract/frame-options.ts';
import { FORM_POST_FIELDS, FORM_POST_TYPE, type FieldProblem } from '../../contract/form-post.ts';
import { controlName, fieldNames, type LeadKind } from '../../contract/lead-contract.ts';
import { languageOfRoute, languageOfTag, type LanguageCode } from '../../contract/languages.ts';
import type { LeadMessages, ServiceLanguage } from '../../contract/messages/en.ts';
import { SERVICE_MESSAGES } from '../../contract/messages/index.ts';
import { confirmationUrl, sourcePage, type AnswerPages, type SourcePage } from '../answer-pages/pages.ts';
import { readLeadSource, type LeadSource, type SitePages } from './lead-source.ts';
import { LEAD_ROUTES, LEAD_SCHEMAS_BY_LANGUAGE, type LeadStore } from './leads.ts';
import type { SolutionCheck } from './spam-challenge.ts';
import { CV } from '../../contract/cv-upload.ts';
import type { CvStore } from '../cv/cv-store.ts';
import { checkCv, readMultipart } from '../cv/cv-upload.ts';

type Headers = FastifyRequest['headers'];

const mediaType = (header: string | string[] | undefined): string => String(header ?? '').split(';', 1)[0]!.trim().toLowerCase();

/** A POST with a form's own body: urlencoded, or multipart/form-data (the career form, which may carry a CV). */
export const isFormPost = (request: Pick<FastifyRequest, 'method' | 'headers'>): boolean =>
  request.method === 'POST' && [FORM_POST_TYPE, MULTIPART_TYPE].includes(mediaType(request.headers['content-type']));
const MULTIPART_TYPE = 'multipart/form-data';

/** The lead route a request is for, if any. */
const leadRouteOf = (url: string) => LEAD_ROUTES.find((r) => r.path === url.split('?', 1)[0]);

/** A form's own post, as read. */
export interface FormPost {
  lang: LanguageCode;
  /** Each of the kind's fields from its control, as sent (absent when the control was not sent): what the contract validates. */
  payload: Record<string, unknown>;
  /** What was typed, by control, to give back: text only. */
  values: Record<string, string>;
  /** The honeypot's value; undefined when the form had none. */
  honeypot: unknown;
  partner: unknown;
  noticeVersion: string | null;
  page: SourcePage | undefined;
  campaign: Campaign;
}

const single = (value: unknown): unknown => (Array.isArray(value) ? value[0] : value);
const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** The Referer, when it is a page of this site (its own host, or one of the site's origins). */
function ownReferer(headers: Headers, site: SitePages): URL | undefined {
  const referer = text(single(headers.referer));
  if (!referer) return undefined;
  try {
    const url = new URL(referer);
    return url.host === headers.host || site.origins.includes(url.origin) ? url : undefined;
  } catch {
    return undefined;
  }
}

export function readFormPost(kind: LeadKind, body: unknown, headers: Headers, site: SitePages): FormPost {
  const sent = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  const referer = ownReferer(headers, site);
  const page = sourcePage(text(sent[FORM_POST_FIELDS.page]), site.routes) ?? (referer ? sourcePage(referer.pathname + referer.search, site.routes) : undefined);
  const lang = languageOfTag(text(sent[FORM_POST_FIELDS.language])) ?? (languageOfRoute(page?.route ?? '/').code as LanguageCode);
  const payload: Record<string, unknown> = {};
  const values: Record<string, string> = {};
  for (const field of fieldNames(kind)) {
    const control = controlName(kind, field);
    if (!(control in sent)) continue;
    payload[field] = sent[control];
    values[control] = text(single(sent[control])) ?? '';
  }
  const hiddenCampaign = CAMPAIGN_KEYS.some((key) => key in sent);
  return {
    lang,
    payload,
    values,
    honeypot: sent[FORM_POST_FIELDS.honeypot],
    partner: sent[FORM_POST_FIELDS.partner],
    noticeVersion: noticeVersionFromHeader(text(sent[FORM_POST_FIELDS.noticeVersion])),
    page,
    campaign: hiddenCampaign ? campaignOf({ get: (name) => text(sent[name]) ?? null }) : referer ? campaignOf(referer.searchParams) : {},
  };
}

/** Every field the contract refuses, in the form's order, each with its first message in the form's language. */
export function formProblems(kind: LeadKind, lang: ServiceLanguage, payload: Record<string, unknown>): { ok: true; fields: Record<string, string> } | { ok: false; problems: FieldProblem[] } {
  const parsed = LEAD_SCHEMAS_BY_LANGUAGE[lang][kind].safeParse(payload);
  if (parsed.success) return { ok: true, fields: parsed.data };
  const byField = new Map<string, string>();
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && !byField.has(field)) byField.set(field, issue.message);
  }
  const problems = fieldNames(kind).flatMap((field) => (byField.has(field) ? [{ name: controlName(kind, field), message: byField.get(field)! }] : []));
  return { ok: false, problems: problems.length ? problems : [{ name: controlName(kind, fieldNames(kind)[0]!), message: parsed.error.issues[0]?.message ?? SERVICE_MESSAGES[lang].generic }] };
}

/** The honeypot and the proof of work: what a form sent without script is (module comment). */
export function formPostCheck(honeypot: unknown, challengeOn: boolean): SolutionCheck {
  const value = single(honeypot);
  if (typeof value === 'string' && value.trim() !== '') return { spam: 'honeypot', solution: null };
  if (value === undefined) return challengeOn ? { spam: 'no-solution', solution: null } : { spam: null, solution: null };
  return challengeOn ? { spam: null, solution: null, withoutProof: true } : { spam: null, solution: null };
}

/** A navigation inside a frame (Fetch metadata): the answer must be one any site may frame. */
const inFrame = (headers: Headers): boolean => ['iframe', 'frame'].includes(text(single(headers['sec-fetch-dest'])) ?? '');

export interface FormPostOptions {
  store: Pick<LeadStore, 'save'>;
  /** Where a CV sent with a form's own post is kept until its lead claims it. */
  cvs?: Pick<CvStore, 'keep'>;
  answers: AnswerPages;
  site: SitePages;
  /** The proof of work is asked of every lead (SPAM_CHALLENGE). */
  challengeOn: boolean;
  /** Counts a form taken in without proof against its client's hourly allowance; true when it is past it. */
  overAllowance: (request: FastifyRequest) => Promise<boolean>;
  /** Counts a CV file against its client's hourly allowance of files (shared with POST /uploadResume); true when it is past it. */
  overCvAllowance: (request: FastifyRequest) => Promise<boolean>;
  onQueued: () => void;
  onSent?: (source: LeadSource, headers: Headers) => void;
  onStored?: (source: LeadSource, headers: Headers) => void;
}

export function createFormPosts(options: FormPostOptions) {
  const { answers, site } = options;

  /** The form of this request given back: its values, and the problems or the reason. */
  function giveBack(request: FastifyRequest, reply: FastifyReply, kind: LeadKind, post: FormPost, status: number, problems: FieldProblem[], failure?: string) {
    const partner = text(single(post.partner));
    return answers.form(request, reply, {
      kind,
      lang: post.lang,
      status,
      values: post.values,
      problems,
      ...(failure !== undefined ? { failure } : {}),
      page: post.page,
      campaign: post.campaign,
      partner,
      framed: inFrame(request.headers) || post.page?.route === FRAME_ROUTE,
    });
  }

  return {
    accepts: isFormPost,
    /** POST /addSocietyQuery or /addQuery with a form's own body. */
    async take(kind: LeadKind, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
      // multipart/form-data: every field, and the file part CV.control (an empty part: no CV); a larger file's rest is skipped, its fields kept.
      const sentMultipart = request.isMultipart() ? await readMultipart(request) : undefined;
      const post = readFormPost(kind, sentMultipart?.fields ?? request.body, request.headers, site);
      const messages = SERVICE_MESSAGES[post.lang];
      const query = (request.query ?? {}) as Record<string, unknown>;
      const source = readLeadSource(
        request.headers,
        { partner: single(post.partner ?? query.partner), page: post.page?.route, ...post.campaign },
        site,
      );
      if (!source.ok) {
        request.log.info({ kind, statusCode: 400, form: true }, 'lead refused: partner id');
        return giveBack(request, reply, kind, post, 400, [], messages.invalidPartner);
      }
      const lead: LeadSource = { ...source.source, noticeVersion: post.noticeVersion, language: post.lang };
      options.onSent?.(lead, request.headers);
      const valid = formProblems(kind, post.lang, post.payload);
      // A CV comes with an application only; the browser cannot send the file back, so the form asks for it again.
      const file = kind === 'career' ? sentMultipart?.file : undefined;
      const cv = file && (await checkCv(file, messages));
      const cvProblem = cv && !cv.ok ? { status: cv.status, problem: { name: CV.control, message: cv.message } } : undefined;
      if (!valid.ok || cvProblem) {
        request.log.info({ kind, statusCode: cvProblem?.status ?? 400, form: true }, 'lead refused');
        return giveBack(request, reply, kind, post, cvProblem?.status ?? 400, [...(valid.ok ? [] : valid.problems), ...(cvProblem ? [cvProblem.problem] : [])]);
      }
      const check = formPostCheck(post.honeypot, options.challengeOn);
      if (check.spam === null && check.withoutProof && (await options.overAllowance(request))) {
        request.log.info({ kind, statusCode: 429, form: true }, 'lead refused: too many without proof');
        return giveBack(request, reply, kind, post, 429, [], messages.tooManyWithoutProof);
      }
      const refuseCv = (status: number, message: string, why: string) => {
        request.log.info({ kind, statusCode: status, form: true }, `lead refused: ${why}`);
        return giveBack(request, reply, kind, post, status, [{ name: CV.control, message }]);
      };
      if (cv?.ok && (await options.overCvAllowance(request))) return refuseCv(429, messages.cvTooMany, 'too many CVs');
      const upload = cv?.ok && options.cvs ? await options.cvs.keep(cv.cv, Date.now()) : undefined;
      if (cv?.ok && options.cvs && upload === undefined) return refuseCv(507, messages.cvStorageFull, 'CV_STORAGE_MAX_MB reached');
      const saved = await options.store.save(kind, valid.fields, lead, check, undefined, upload);
      if ('replay' in saved) throw new Error('a form post has no idempotency key');
      if ('cvUnknown' in saved) throw new Error('the CV kept for this form post was not found');
      const { leadId, duplicate, spam, queued } = saved;
      request.log.info({ kind, leadId, duplicate, form: true, ...(spam ? { spam } : {}) }, 'lead stored');
      if (queued) options.onQueued();
      if (!duplicate && !spam) options.onStored?.(lead, request.headers);
      const page = post.page ?? (inFrame(request.headers) ? { route: FRAME_ROUTE, query: formOptionsQuery({ partner: lead.partner ?? undefined, lang: post.lang, theme: {} }) } : undefined);
      return reply.header('Cache-Control', 'no-store').redirect(confirmationUrl(kind, post.lang, page, saved.reference), 303);
    },

    /**
     * A refusal met before the form was read (its origin, a body too large, the rate limit,
     * the service failing) of a form's own post: the form again with the reason, its values
     * back when the body was read; undefined for any other request (its JSON answer).
     */
    refuse(request: FastifyRequest, reply: FastifyReply, status: number, message: (messages: LeadMessages) => string): FastifyReply | undefined {
      const route = leadRouteOf(request.url);
      if (!route || !isFormPost(request)) return undefined;
      const post = readFormPost(route.kind, request.body, request.headers, site);
      return giveBack(request, reply, route.kind, post, status, [], message(SERVICE_MESSAGES[post.lang]));
    },
  };
}

export type FormPosts = ReturnType<typeof createFormPosts>;
