/**
 * The shape of a widget message catalogue: every text a form, its toasts, its
 * confirmation and its collection notice show, in one language. Each language's file
 * (en.ts, hi.ts) must fill every key (docs/how-to-add-a-language.md).
 */
import type { NoticeText } from '../../contract/collection-notice.ts';
import type { ControlOf, CourseValue, RoleValue } from '../../contract/lead-contract.ts';
import type { LanguageCode } from '../../contract/languages.ts';
import type { LeadMessages } from '../../contract/messages/en.ts';

export type WidgetLanguage = LanguageCode;

/** A control's label (a trailing " *" marks it required) and placeholder (for a select: its empty option). */
export interface FieldText {
  label: string;
  placeholder: string;
}

/** The forms' control names, from the lead contract: a field added there needs its text in every catalogue. */
export type SocietyControl = ControlOf<'society'>;
export type CareerControl = ControlOf<'career'>;

/** The CV control's texts: its label, the hint with the limit (CV_MAX_MB), the remove button, and how a file's size is written. */
export interface CvText {
  label: string;
  /** "PDF, DOC or DOCX, at most 5 MB". */
  hint: (mb: number) => string;
  /** The button that removes the chosen file. */
  remove: string;
  /** Said (politely) once the file is removed. */
  removed: string;
  /** A size: `amount` already written as a number ("1.2"), in kilobytes or megabytes. */
  size: (amount: string, unit: 'KB' | 'MB') => string;
}

export interface WidgetMessages {
  /** The BCP 47 tag the form and its toasts carry (`lang`). */
  lang: WidgetLanguage;
  society: {
    heading: string;
    intro: string;
    fields: Record<SocietyControl, FieldText>;
    submit: string;
    submitting: string;
    successTitle: string;
    /** The service's success message is shown when it begins with this (spec §8), else `successFallback`. */
    successPrefix: string;
    successFallback: string;
    failureTitle: string;
    failureFallback: string;
    networkError: string;
    again: string;
  };
  career: {
    heading: string;
    intro: string;
    fields: Record<CareerControl, FieldText>;
    /** Visible text of each course and role; the values sent never change. */
    courses: Record<CourseValue, string>;
    roles: Record<RoleValue, string>;
    submit: string;
    successTitle: string;
    successDescription: string;
    errorTitle: string;
    errorDescription: string;
    again: string;
    /** The optional CV control (contract/cv-upload.ts); its refusals are the service's sentences (`service.cvTooLarge`, `cvType`). */
    cv: CvText;
  };
  notice: NoticeText;
  /** A send that could not reach us, saved on the device until it goes (both forms). */
  waiting: {
    title: string;
    message: string;
    sendNow: string;
    sending: string;
    discard: string;
  };
  /** The lead's reference on the confirmation (both forms): "Your reference: SD-…" and what it is for. */
  reference: { label: string; hint: string };
  /** A form sent by the browser itself (no script), and the pages the service answers it with. */
  formPost: {
    /** The label of the field people never see (contract/form-post.ts, the honeypot): a text-only browser may show it. */
    honeypot: string;
    /** The heading of the summary of refused fields at the top of an answer page (GOV.UK's "There is a problem"). */
    problemTitle: string;
    /** Before the title of an answer page that refuses: "Error: ". */
    errorPrefix: string;
  };
  /** The close button of a toast (its accessible name). */
  dismissToast: string;
  /** The intake service's sentences in this language: the browser's message for a value it refuses by the contract's pattern or type. */
  service: LeadMessages;
}
