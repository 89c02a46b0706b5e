/**
 * A form sent by the browser itself: every pre-rendered form is a real
 * `<form method="post">` to its lead path, which works where the widget's script never runs
 * (turned off, blocked, or lost on the way). The service takes it as
 * `application/x-www-form-urlencoded`, validates it by the same lead contract, and answers
 * with pages: a 303 to a confirmation, or the form again with its problems. The JSON the
 * widgets send stays the spec's: the hidden controls below exist only in a form's own post.
 */
import { CAMPAIGN_KEYS } from './campaign.ts';
import type { LeadKind } from './lead-contract.ts';
import type { LanguageCode } from './languages.ts';

/** The Content-Type of a form the browser sends itself. */
export const FORM_POST_TYPE = 'application/x-www-form-urlencoded';

/**
 * The hidden controls of a form's own post, besides its fields (named as the form's
 * controls: career's `fullName` and `whyJoin` too). What a scripted send carries in headers
 * and the query travels here: the form's language, the notice version it showed, the
 * partner (the frame's `?partner=`), and, where the service drew the form itself, the page
 * it was first on and the visit's campaign (otherwise both come from the Referer).
 */
export const FORM_POST_FIELDS = {
  language: 'lang',
  noticeVersion: 'notice',
  partner: 'partner',
  page: 'page',
  /** Hidden from people and from assistive technology: a person leaves it empty; a filled one is spam. */
  honeypot: 'website',
} as const;

/** Every hidden control a form's own post may carry (the campaign's keep their query names). */
export const FORM_POST_HIDDEN: readonly string[] = [...Object.values(FORM_POST_FIELDS), ...CAMPAIGN_KEYS];

/** Each form's own page: where an answer without a known page is drawn, and the way back from its confirmation. */
export const LEAD_PAGES = { society: '/register', career: '/career' } as const satisfies Record<LeadKind, string>;

/** The form's place on a page that holds it (base routes, the same in every language), for a way back that lands on it. */
export const FORM_ANCHORS: Readonly<Record<string, string>> = { '/': 'registration', '/career': 'application-form', '/embed': 'preview' };

/** The confirmation a form's own post is sent to (303), per kind; in another language under its prefix (`/hi/registration-received`). */
export const CONFIRMATION_ROUTES = { society: '/registration-received', career: '/application-received' } as const satisfies Record<LeadKind, string>;

/** A confirmation's query: the page (and, for the frame, its options) the form was on, and the lead's reference when it has one. */
export const CONFIRMATION_QUERY = { from: 'from', reference: 'reference' } as const;

/** A field the service refused: its control's name and the contract's message. */
export interface FieldProblem {
  name: string;
  message: string;
}

/** The form drawn again on an answer page. */
export interface AnswerForm {
  kind: LeadKind;
  lang: LanguageCode;
  /** Where it posts. */
  action: string;
  /** What was typed, by control name. */
  values: Record<string, string>;
  /** Each refused control, in the form's order: the error summary and the marks. */
  problems: FieldProblem[];
  /** The service could not store it: the spec's failure text (society: this message; career: the spec's own). */
  failure?: string;
  /** The level of the form's heading: 1 on a page of its own, 2 inside the frame (whose page has its own h1). */
  heading: 1 | 2;
  /** Hidden controls the service fills in (FORM_POST_HIDDEN): the page, the campaign, the partner. */
  hidden: Record<string, string>;
}

/**
 * What the build makes of the forms for the service (site-generator/answer-kit-plugin.ts),
 * rendered by the same components the pages pre-render; the service loads it at run time
 * and never imports the widgets.
 */
export interface AnswerKit {
  /** A form element with its declarative shadow root, as a page holds it (the frame's form with its partner and language). */
  formElement(kind: LeadKind, options: { lang?: LanguageCode; partner?: string }): string;
  /** An answer page's content in the page itself (no shadow root: the summary's links reach the fields): the summary or the failure, then the form. */
  answerForm(form: AnswerForm): string;
  /** The confirmation: the spec's success title and text, the reference when there is one, and the link back to the form. */
  confirmation(input: { kind: LeadKind; lang: LanguageCode; reference?: string; back: string; heading: 1 | 2 }): string;
  /** An answer page's title (before the site's name). */
  title(kind: LeadKind, lang: LanguageCode, state: 'refused' | 'failed' | 'stored'): string;
}
