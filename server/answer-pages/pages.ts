/**
 * The pages the service answers a form sent without script with (contract/form-post.ts), and
 * the framed form served with the options of its address: each drawn by the forms' own kit
 * (kit.ts) into a page the build made from the site's pages, in the form's language, with the
 * site's strict CSP (its hashes those of the page's own inline styles and scripts) and
 * security headers. Every value that comes back is escaped: the kit renders with React, the
 * rest goes through escapeHtml. An answer that holds what someone typed is never cached.
 */
import { createHash } from 'node:crypto';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Campaign } from '../../contract/campaign.ts';
import { FRAME_ROUTE, formOptionsQuery, hasFormOptions, readFormOptions, themeRule, type FormOptions } from '../../contract/frame-options.ts';
import { CONFIRMATION_QUERY, CONFIRMATION_ROUTES, FORM_ANCHORS, FORM_POST_FIELDS, LEAD_PAGES, type FieldProblem } from '../../contract/form-post.ts';
import { REFERENCE_PATTERN } from '../../contract/lead-reference.ts';
import { LEAD_PATHS } from '../../contract/http.ts';
import type { LeadKind } from '../../contract/lead-contract.ts';
import { baseRoute, defaultLanguage, languages, routeIn, type LanguageCode } from '../../contract/languages.ts';
import { SERVICE_MESSAGES } from '../../contract/messages/index.ts';
import { routeOfPath } from '../../contract/site-routes.ts';
import { escapeHtml } from '../http/html-text.ts';
import { securityHeaders, type BuildMeta } from '../site/headers.ts';
import { MARKERS, type AnswerShell, type LoadedKit } from './kit.ts';

/** The page a form was on: a route of the site, and for the framed form the options of its address (a query, '' for none). */
export interface SourcePage {
  route: string;
  query: string;
}

/** A form given back: what was typed, what was refused or why nothing was stored, and where it came from. */
export interface FormAnswer {
  kind: LeadKind;
  lang: LanguageCode;
  status: number;
  /** By control name. */
  values: Record<string, string>;
  problems: FieldProblem[];
  /** Nothing was stored, for this reason (a sentence of the service's). */
  failure?: string;
  page: SourcePage | undefined;
  campaign: Campaign;
  partner: string | undefined;
  /** It is shown in a frame: the frame's page around it, and any site may frame it. */
  framed: boolean;
}

/** A page as written into a source query: the route, and the frame's options after it. */
const pageText = (page: SourcePage): string => (page.query ? `${page.route}?${page.query}` : page.route);

/** A page of the site that `text` names ("/register", "/embed/frame?partner=x"): the frame keeps the options it reads; undefined when it names none. */
export function sourcePage(text: string | undefined, routes: ReadonlySet<string>): SourcePage | undefined {
  if (!text || text.length > 500 || !text.startsWith('/') || text.startsWith('//')) return undefined;
  let url: URL;
  try {
    url = new URL(text, 'http://site.invalid');
  } catch {
    return undefined;
  }
  const route = routeOfPath(url.pathname, routes);
  if (route === undefined) return undefined;
  return { route, query: route === FRAME_ROUTE ? formOptionsQuery(readFormOptions(url.searchParams)) : '' };
}

/** The way back to a form from its confirmation: its page, at the form. */
const backTo = (page: SourcePage): string => (page.query ? pageText(page) : `${page.route}${FORM_ANCHORS[baseRoute(page.route)] ? `#${FORM_ANCHORS[baseRoute(page.route)]}` : ''}`);

/** Where a form's own post that was taken in is sent (303): its confirmation, in its language, with the page to go back to. */
export function confirmationUrl(kind: LeadKind, lang: LanguageCode, page: SourcePage | undefined, reference: string | undefined): string {
  const prefix = languages.find((l) => l.code === lang)?.prefix ?? '';
  const query = new URLSearchParams();
  if (page) query.set(CONFIRMATION_QUERY.from, pageText(page));
  if (reference && REFERENCE_PATTERN.test(reference)) query.set(CONFIRMATION_QUERY.reference, reference);
  const text = query.toString();
  return `${prefix}${CONFIRMATION_ROUTES[kind]}${text ? `?${text}` : ''}`;
}

const cspSource = (text: string): string => `sha256-${createHash('sha256').update(text).digest('base64')}`;

/** Sends an HTML page, compressed as the client accepts. */
function sendPage(request: FastifyRequest, reply: FastifyReply, status: number, headers: Record<string, string>, html: string): FastifyReply {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  let body = Buffer.from(html, 'utf8');
  let encoding: string | undefined;
  if (/\bbr\b/.test(accepted)) {
    body = zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } });
    encoding = 'br';
  } else if (/\bgzip\b/.test(accepted)) {
    body = zlib.gzipSync(body, { level: 6 });
    encoding = 'gzip';
  }
  return reply
    .code(status)
    .headers({ ...headers, 'Content-Type': 'text/html; charset=utf-8', Vary: 'Accept-Encoding', ...(encoding ? { 'Content-Encoding': encoding } : {}) })
    .send(body);
}

export type AnswerPages = ReturnType<typeof createAnswerPages>;

/**
 * The answer pages of the built site: drawn by its kit, or, when the service runs without a
 * build (the API alone), plain pages that still say what happened.
 */
export function createAnswerPages(loaded: LoadedKit | undefined, meta: BuildMeta | undefined, routes: ReadonlySet<string>) {
  const headersOf = (framable: boolean, styleHashes: string[], scriptHashes: string[], cache: string) => ({
    ...securityHeaders(meta ?? { styleHashes: [], connectOrigins: [], routes: [] }, { framable, inline: { styleHashes, scriptHashes } }),
    'Cache-Control': cache,
  });

  /** A shell with its parts: a style of the answer's, and the frame's theme when it has one. */
  function fill(shell: AnswerShell, parts: { title?: string; styles: string[]; main: string }) {
    const head = parts.styles.map((css) => `<style>${css}</style>`).join('');
    const html = shell.html
      .replace(MARKERS.title, () => escapeHtml(parts.title ?? ''))
      .replace(MARKERS.head, () => head)
      .replace(MARKERS.main, () => parts.main);
    return { html, styleHashes: [...shell.styleHashes, ...parts.styles.map(cspSource)], scriptHashes: shell.scriptHashes };
  }

  const frameOptions = (page: SourcePage | undefined): FormOptions => readFormOptions(new URLSearchParams(page?.route === FRAME_ROUTE ? page.query : ''));

  /** Without a build: the answer's sentences on a plain page, and a link back. */
  function plainPage(lang: LanguageCode, title: string, lines: string[], back: string): string {
    return `<!doctype html><html lang="${escapeHtml(lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head><body><main><h1>${escapeHtml(title)}</h1>${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('')}<p><a href="${escapeHtml(back)}">${escapeHtml(back)}</a></p></main></body></html>`;
  }

  return {
    /** The form again: the summary of its problems (or why nothing was stored) at the top, every value back, each refused field marked. */
    form(request: FastifyRequest, reply: FastifyReply, answer: FormAnswer): FastifyReply {
      const page = answer.page ?? (answer.framed ? { route: FRAME_ROUTE, query: formOptionsQuery({ partner: answer.partner, lang: answer.lang, theme: {} }) } : undefined);
      if (!loaded) {
        const messages = SERVICE_MESSAGES[answer.lang];
        const lines = answer.failure !== undefined ? [answer.failure || messages.generic] : answer.problems.map((p) => p.message);
        return sendPage(request, reply, answer.status, headersOf(answer.framed, [], [], 'no-store'), plainPage(answer.lang, lines[0] ?? messages.generic, lines.slice(1), page ? pageText(page) : routeIn(languages.find((l) => l.code === answer.lang)!, LEAD_PAGES[answer.kind])));
      }
      const { kit, manifest } = loaded;
      const state = answer.failure !== undefined ? 'failed' : 'refused';
      const hidden: Record<string, string> = { ...Object.fromEntries(Object.entries(answer.campaign).filter(([, v]) => v)) };
      if (page) hidden[FORM_POST_FIELDS.page] = pageText(page);
      if (answer.partner) hidden[FORM_POST_FIELDS.partner] = answer.partner;
      const main = kit.answerForm({
        kind: answer.kind,
        lang: answer.lang,
        action: LEAD_PATHS[answer.kind],
        values: answer.values,
        problems: answer.problems,
        ...(answer.failure !== undefined ? { failure: answer.failure } : {}),
        heading: answer.framed ? 2 : 1,
        hidden,
      });
      const theme = answer.framed ? themeRule(frameOptions(page).theme) : '';
      const shell = answer.framed ? manifest.frameShells[answer.lang] : manifest.shells[`${answer.kind}/${answer.lang}`];
      const filled = fill(shell, { title: kit.title(answer.kind, answer.lang, state), styles: [manifest.styles[answer.kind].css, ...(theme ? [theme] : [])], main });
      return sendPage(request, reply, answer.status, headersOf(answer.framed, filled.styleHashes, filled.scriptHashes, 'no-store'), filled.html);
    },

    /** GET a confirmation: the spec's success title and text, the reference when there is one, and the way back to the form. */
    confirmation(request: FastifyRequest, reply: FastifyReply, kind: LeadKind, lang: LanguageCode): FastifyReply {
      const query = (request.query ?? {}) as Record<string, unknown>;
      const from = sourcePage(typeof query[CONFIRMATION_QUERY.from] === 'string' ? (query[CONFIRMATION_QUERY.from] as string) : undefined, routes);
      const rawReference = query[CONFIRMATION_QUERY.reference];
      const reference = typeof rawReference === 'string' && REFERENCE_PATTERN.test(rawReference) ? rawReference : undefined;
      const language = languages.find((l) => l.code === lang)!;
      const page = from ?? { route: routeIn(language, LEAD_PAGES[kind]), query: '' };
      const framed = page.route === FRAME_ROUTE;
      if (!loaded) {
        const messages = SERVICE_MESSAGES[lang];
        return sendPage(request, reply, 200, headersOf(framed, [], [], 'no-cache'), plainPage(lang, kind === 'society' ? messages.societyStored : messages.careerStored, [], backTo(page)));
      }
      const { kit, manifest } = loaded;
      const main = kit.confirmation({ kind, lang, reference, back: backTo(page), heading: framed ? 2 : 1 });
      const theme = framed ? themeRule(frameOptions(page).theme) : '';
      const shell = framed ? manifest.frameShells[lang] : manifest.shells[`${kind}/${lang}`];
      const filled = fill(shell, { title: kit.title(kind, lang, 'stored'), styles: [manifest.styles[kind].css, ...(theme ? [theme] : [])], main });
      return sendPage(request, reply, 200, headersOf(framed, filled.styleHashes, filled.scriptHashes, 'no-cache'), filled.html);
    },

    /**
     * GET the framed form with the options of its address (a partner, a language, a theme),
     * applied here for a frame whose script does not run (its script applies them again);
     * undefined when there are none or no kit: the built page as it is.
     */
    framePage(request: FastifyRequest, reply: FastifyReply): FastifyReply | undefined {
      const url = request.raw.url ?? '';
      const options = readFormOptions(new URLSearchParams(url.includes('?') ? url.slice(url.indexOf('?') + 1) : ''));
      if (!loaded || !hasFormOptions(options)) return undefined;
      const { kit, manifest } = loaded;
      const theme = themeRule(options.theme);
      // The page around the form in the form's language: its title, heading and the line under it.
      const filled = fill(manifest.framePages[options.lang ?? (defaultLanguage.code as LanguageCode)], {
        styles: theme ? [theme] : [],
        main: kit.formElement('society', { lang: options.lang, partner: options.partner }),
      });
      return sendPage(request, reply, 200, headersOf(true, filled.styleHashes, filled.scriptHashes, 'no-cache'), filled.html);
    },
  };
}

/** Every confirmation route: each kind's in each language. */
export const confirmationRoutes = (): { route: string; kind: LeadKind; lang: LanguageCode }[] =>
  (Object.keys(CONFIRMATION_ROUTES) as LeadKind[]).flatMap((kind) =>
    languages.map((l) => ({ route: routeIn(l, CONFIRMATION_ROUTES[kind]), kind, lang: l.code as LanguageCode })),
  );
