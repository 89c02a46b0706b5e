import type { Ref } from 'react';
import type { WidgetMessages } from './i18n/types.ts';

/**
 * What a form shows in its place while its send waits for a connection: saved on this
 * device, going by itself when the connection is back, with "send now" and "discard".
 * It keeps the form's height; its heading takes the focus.
 */
export function WaitingPanel({
  idPrefix,
  lang,
  text,
  retrying,
  sendNow,
  discard,
  headingRef,
  minHeight,
}: {
  idPrefix: string;
  lang: string;
  text: WidgetMessages['waiting'];
  retrying: boolean;
  sendNow: () => void;
  discard: () => void;
  headingRef: Ref<HTMLHeadingElement>;
  minHeight?: number;
}) {
  return (
    <section
      className="root card confirmation waiting"
      part="form waiting"
      lang={lang}
      dir="ltr"
      aria-labelledby={`${idPrefix}-waiting-heading`}
      aria-busy={retrying || undefined}
      style={minHeight ? { minHeight: `${minHeight}px` } : undefined}
    >
      <svg className="confirmation__icon" viewBox="0 0 24 24" width="48" height="48" aria-hidden="true" focusable="false">
        <circle cx="12" cy="12" r="11" fill="currentColor" opacity="0.12" />
        <path d="M12 6.5v6l3.5 2" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <h2 id={`${idPrefix}-waiting-heading`} className="heading" part="heading" tabIndex={-1} ref={headingRef}>
        {text.title}
      </h2>
      <p className="confirmation__message" part="waiting-message" role="status">{text.message}</p>
      <div className="waiting__actions">
        <button type="button" className="submit" part="button" disabled={retrying} onClick={sendNow}>
          {retrying ? text.sending : text.sendNow}
        </button>
        <button type="button" className="submit secondary" part="button" onClick={discard}>
          {text.discard}
        </button>
      </div>
    </section>
  );
}
