/**
 * What the service draws with the forms (contract/form-post.ts, `AnswerKit`), rendered by the
 * same components the pages pre-render: the framed form with the options of its address, and
 * the answer to a form the browser sent itself (the form again with its summary, or the
 * confirmation). `vite build` bundles this file for the service, into a folder that is never
 * served (site-generator/answer-kit-plugin.ts); the service loads it at run time and never
 * imports the widgets. An answer is in the page itself, not in a shadow root (the summary's
 * links must reach the fields): the forms' own CSS, scoped to ANSWER_CLASS, styles it.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import type { AnswerKit } from '../../contract/form-post.ts';
import type { LeadKind } from '../../contract/lead-contract.ts';
import { LANGUAGE_CODES, type LanguageCode } from '../../contract/languages.ts';
import { partnerId } from '../../contract/partner-id.ts';
import { loadMessages, type WidgetMessages } from '../i18n/index.ts';
import { ConfirmationPanel } from '../lead-form/confirmation.tsx';
import { ErrorSummary } from '../lead-form/error-summary.tsx';
import answerCss from '../lead-form/answer.css?raw';
import { forms, shadowRootTemplate } from './prerender.tsx';
import { CAREER_APPLICATION, SOCIETY_REGISTRATION } from './names.ts';

const TAGS = { society: SOCIETY_REGISTRATION, career: CAREER_APPLICATION } as const satisfies Record<LeadKind, string>;

// Every language of the list (contract/languages.ts): the service answers in any of them.
const CATALOGUES = Object.fromEntries(
  await Promise.all(LANGUAGE_CODES.map(async (code) => [code, await loadMessages(code)] as const)),
) as Record<LanguageCode, WidgetMessages>;

/** The class of the element that holds an answer: the forms' styles apply inside it. */
export const ANSWER_CLASS = 'lead-answer';

/** Each form's shadow CSS and the answer's own, for the build to scope to ANSWER_CLASS. */
export const answerStyles: Record<LeadKind, string> = {
  society: forms[SOCIETY_REGISTRATION]!.css + answerCss,
  career: forms[CAREER_APPLICATION]!.css + answerCss,
};

/**
 * An answer's markup without the `part` names of the shadow root (in the page itself they
 * name nothing, and the HTML checker knows them only in a shadow tree) and without `style`
 * attributes (the page's CSP allows none; answer.css styles what they would). React escapes
 * every quote of a value, so ` part="` and ` style="` are only ever attributes.
 */
const inPage = (html: string): string => html.replace(/ (?:part|style)="[^"]*"/g, '');

const attribute = (name: string, value: string | undefined): string =>
  value ? ` ${name}="${value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')}"` : '';

/** The spec's texts of a kind's outcomes (§8), in one language. */
function outcomes(kind: LeadKind, messages: WidgetMessages) {
  return kind === 'society'
    ? {
        heading: messages.society.heading,
        stored: { title: messages.society.successTitle, message: messages.society.successFallback },
        again: messages.society.again,
        failure: (message: string | undefined) => ({ title: messages.society.failureTitle, message: message || messages.society.failureFallback }),
      }
    : {
        heading: messages.career.heading,
        stored: { title: messages.career.successTitle, message: messages.career.successDescription },
        again: messages.career.again,
        failure: () => ({ title: messages.career.errorTitle, message: messages.career.errorDescription }),
      };
}

export const kit: AnswerKit = {
  formElement(kind, { lang, partner }) {
    const tag = TAGS[kind];
    const id = partnerId(partner);
    return `<${tag}${attribute('partner', id)}${attribute('lang', lang)}>${shadowRootTemplate(tag, { lang, partner: id })}</${tag}>`;
  },

  answerForm(form) {
    const messages = CATALOGUES[form.lang];
    const { Component } = forms[TAGS[form.kind]]!;
    const failure = form.failure !== undefined ? outcomes(form.kind, messages).failure(form.failure) : undefined;
    return inPage(renderToStaticMarkup(
      <div className={ANSWER_CLASS} lang={form.lang}>
        {failure ? (
          <ErrorSummary idPrefix={form.kind} title={failure.title} message={failure.message} problems={[]} />
        ) : (
          <ErrorSummary idPrefix={form.kind} title={messages.formPost.problemTitle} problems={form.problems} />
        )}
        <Component
          lang={form.lang}
          partner={form.hidden.partner}
          headingLevel={form.heading}
          answer={{ action: form.action, values: form.values, problems: form.problems, hidden: form.hidden }}
        />
      </div>,
    ));
  },

  confirmation({ kind, lang, reference, back, heading }) {
    const messages = CATALOGUES[lang];
    const text = outcomes(kind, messages);
    return inPage(renderToStaticMarkup(
      <div className={ANSWER_CLASS} lang={lang}>
        <ConfirmationPanel
          idPrefix={kind}
          lang={lang}
          confirmation={{ ...text.stored, reference }}
          headingLevel={heading}
          referenceText={messages.reference}
          again={text.again}
          onAgain={{ href: back }}
        />
      </div>,
    ));
  },

  title(kind, lang, state) {
    const messages = CATALOGUES[lang];
    const text = outcomes(kind, messages);
    return state === 'stored' ? text.stored.title : `${messages.formPost.errorPrefix}${text.heading}`;
  },
};
