import type { Ref } from 'react';
import type { Confirmation } from './use-form-answer.ts';

/**
 * What a form shows in its place after a success, until the visitor asks for another:
 * the answer's title and message, the lead's reference to quote (when the service gave
 * one), and a button that brings the empty form back. It
 * keeps the form's height, so nothing below it moves; its heading takes the focus.
 * On the service's confirmation page (a form sent without script) the same panel, with the
 * lead's reference when it has one, and a link back to the form instead of the button.
 */
/**
 * The reference large and on one line. Set here rather than in form.css: every page with a
 * form carries that CSS in its first 14 KB, and the reference shows only after a send.
 */
const REFERENCE_STYLE = { fontSize: '20px', letterSpacing: '0.05em', whiteSpace: 'nowrap' } as const;

export function ConfirmationPanel({
  idPrefix,
  lang,
  confirmation,
  headingRef,
  headingLevel = 2,
  again,
  referenceText,
  onAgain,
}: {
  idPrefix: string;
  /** The form's language. */
  lang: string;
  confirmation: Confirmation;
  headingRef?: Ref<HTMLHeadingElement>;
  headingLevel?: 1 | 2;
  again: string;
  /** How the reference is introduced, in the form's language. */
  referenceText: { label: string; hint: string };
  /** The button's action, or the link's address. */
  onAgain: (() => void) | { href: string };
}) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <section
      className="root card confirmation"
      part="form confirmation"
      lang={lang}
      dir="ltr"
      aria-labelledby={`${idPrefix}-confirmation-heading`}
      style={confirmation.minHeight ? { minHeight: `${confirmation.minHeight}px` } : undefined}
    >
      <svg className="confirmation__icon" viewBox="0 0 24 24" width="48" height="48" aria-hidden="true" focusable="false">
        <circle cx="12" cy="12" r="11" fill="currentColor" opacity="0.12" />
        <path d="M7 12.5l3.2 3.2L17 9" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <Heading id={`${idPrefix}-confirmation-heading`} className="heading" part="heading" tabIndex={-1} ref={headingRef}>
        {confirmation.title}
      </Heading>
      <p className="confirmation__message" part="confirmation-message">{confirmation.message}</p>
      {confirmation.reference ? (
        <p className="confirmation__message" part="confirmation-reference">
          {referenceText.label}:{' '}
          <strong className="confirmation__code" translate="no" style={REFERENCE_STYLE}>{confirmation.reference}</strong>
          <br />
          {referenceText.hint}
        </p>
      ) : null}
      {typeof onAgain === 'function' ? (
        <button type="button" className="submit" part="button" onClick={onAgain}>
          {again}
        </button>
      ) : (
        <a className="submit" part="button" href={onAgain.href}>
          {again}
        </a>
      )}
    </section>
  );
}
