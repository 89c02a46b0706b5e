import { useState } from 'react';
import { TEAM_API, type NotSpamAnswer } from '../../../contract/team.ts';
import { TeamApiError } from '../app/api.ts';
import { ErrorMessage } from '../app/ErrorMessage.tsx';
import { useApi } from '../app/use-api.ts';
import { useMessages } from '../i18n/index.ts';

/**
 * "Not spam" on a lead of the spam list (a card, a row or its page): takes it out of spam
 * at once, then says truthfully what was sent on (nothing, when no webhook or email is set up).
 */
export function NotSpamButton({ leadId, onDone }: { leadId: number; onDone?(answer: NotSpamAnswer): void }) {
  const t = useMessages();
  const call = useApi();
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [working, setWorking] = useState(false);
  const takeOut = async () => {
    setError(null);
    setWorking(true);
    try {
      const answer = await call<NotSpamAnswer>(TEAM_API.notSpam(leadId), { body: {} });
      setDone(t.lead.notSpamDone(answer.deliveries, answer.acknowledged));
      onDone?.(answer);
    } catch (e) {
      if (e instanceof TeamApiError && e.body.lead) onDone?.({ queued: 0, deliveries: 0, acknowledged: false, lead: e.body.lead as NotSpamAnswer['lead'] });
      setError(e);
    } finally {
      setWorking(false);
    }
  };
  return (
    <div className="not-spam">
      {!done && (
        <button type="button" className="button button-primary" onClick={takeOut} disabled={working}>
          {t.lead.notSpam}
        </button>
      )}
      <p className="sr-status" role="status">
        {done ?? ''}
      </p>
      <ErrorMessage error={error} />
    </div>
  );
}
