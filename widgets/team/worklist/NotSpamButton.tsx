import { useState } from 'react';
import { TEAM_API, type LeadDetail, type NotSpamAnswer } from '../../../contract/team.ts';
import { TeamApiError } from '../app/api.ts';
import { ErrorMessage } from '../app/ErrorMessage.tsx';
import { useApi } from '../app/use-api.ts';
import { useMessages } from '../i18n/index.ts';

/**
 * "Not spam": takes a lead out of spam at once, then says truthfully what was sent on
 * (nothing, when no webhook or email is set up). `onLead` hears the lead as it is now: out
 * of spam, or as another member left it when they were first (409).
 */
export function useNotSpam(leadId: number, onLead?: (lead: LeadDetail) => void) {
  const t = useMessages();
  const call = useApi();
  const [said, setSaid] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [working, setWorking] = useState(false);
  const takeOut = async () => {
    setError(null);
    setWorking(true);
    try {
      const answer = await call<NotSpamAnswer>(TEAM_API.notSpam(leadId), { body: {} });
      setSaid(t.lead.notSpamDone(answer.deliveries, answer.acknowledged));
      onLead?.(answer.lead);
    } catch (e) {
      setError(e);
      if (e instanceof TeamApiError && e.body.lead) onLead?.(e.body.lead as LeadDetail);
    } finally {
      setWorking(false);
    }
  };
  return { takeOut, said, error, working };
}

/** A spam card's (or row's) own "Not spam", and what it did, in place. */
export function NotSpamButton({ leadId }: { leadId: number }) {
  const t = useMessages();
  const { takeOut, said, error, working } = useNotSpam(leadId);
  return (
    <div className="not-spam">
      {!said && (
        <button type="button" className="button button-primary" onClick={takeOut} disabled={working}>
          {t.lead.notSpam}
        </button>
      )}
      <p className="sr-status" role="status">
        {said ?? ''}
      </p>
      <ErrorMessage error={error} />
    </div>
  );
}
