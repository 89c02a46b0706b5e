import type { WidgetMessages } from '../i18n/types.ts';

/**
 * What a form shows under its button while its send waits for a connection: saved on this
 * device, going by itself when the connection is back, with "send now" and "discard". The
 * fields stay as they are (the spec keeps them after a failure); a status region, so it is
 * announced without taking the focus.
 */
export function WaitingNotice({
  idPrefix,
  text,
  retrying,
  sendNow,
  discard,
}: {
  idPrefix: string;
  text: WidgetMessages['waiting'];
  retrying: boolean;
  sendNow: () => void;
  discard: () => void;
}) {
  return (
    <div className="waiting" part="waiting" role="status" aria-labelledby={`${idPrefix}-waiting-title`} aria-busy={retrying || undefined}>
      <p id={`${idPrefix}-waiting-title`}>
        <strong>{text.title}</strong>
      </p>
      <p part="waiting-message">{text.message}</p>
      <button type="button" className="submit" part="button" disabled={retrying} onClick={sendNow}>
        {retrying ? text.sending : text.sendNow}
      </button>
      <button type="button" className="submit secondary" part="button" onClick={discard}>
        {text.discard}
      </button>
    </div>
  );
}
