import type { LeadDetail } from '../../../contract/team.ts';
import { ErrorMessage } from '../app/ErrorMessage.tsx';
import { useMessages } from '../i18n/index.ts';
import { useNotSpam } from '../worklist/NotSpamButton.tsx';

/** A spam lead's reason in words and its "Not spam"; what that did stays said once the lead is out of spam. */
export function SpamPanel({ lead, onLead }: { lead: LeadDetail; onLead(lead: LeadDetail): void }) {
  const t = useMessages();
  const { takeOut, said, error, working } = useNotSpam(lead.id, onLead);
  return (
    <>
      {lead.spam && (
        <section className="panel panel-warning" aria-labelledby="spam-title">
          <h2 id="spam-title">{t.lead.spam}</h2>
          {lead.spamReason && <p>{t.lead.spamReason(t.spamReasons[lead.spamReason])}</p>}
          <button type="button" className="button button-primary" onClick={takeOut} disabled={working}>
            {t.lead.notSpam}
          </button>
        </section>
      )}
      <p className="sr-status message" role="status">
        {said ?? ''}
      </p>
      <ErrorMessage error={error} />
    </>
  );
}
