import { useId } from 'react';
import type { OutcomeStatus } from '../../../contract/team.ts';
import { useMessages } from '../i18n/index.ts';

/** After an application moved to an outcome: email the applicant? Nothing is sent unless confirmed. */
export function OutcomeEmail({ outcome, onAnswer }: { outcome: OutcomeStatus; onAnswer(send: boolean): void }) {
  const t = useMessages();
  const id = useId();
  return (
    <div className="confirm" role="group" aria-labelledby={id}>
      <p id={id}>{t.lead.outcomeAsk(t.statuses[outcome])}</p>
      <p className="hint">{t.lead.outcomeExplain}</p>
      <div className="actions">
        <button type="button" className="button button-primary" onClick={() => onAnswer(true)}>
          {t.lead.outcomeSend}
        </button>
        <button type="button" className="button" onClick={() => onAnswer(false)}>
          {t.lead.outcomeSkip}
        </button>
      </div>
    </div>
  );
}
