import { useState } from 'react';
import { TEAM_API, type LeadDetail } from '../../../contract/team.ts';
import { download } from '../app/api.ts';
import { ErrorMessage } from '../app/ErrorMessage.tsx';
import { useApi } from '../app/use-api.ts';
import { useMessages } from '../i18n/index.ts';

/**
 * An admin's tools for the person behind a lead (India's DPDP Act): their data as a file
 * (access), or erased everywhere (erasure), found by their email or their phone exactly as
 * `npm run leads -- --person` and `--erase` find them, by the same code on the service.
 */
export function PersonData({ lead, onErased }: { lead: LeadDetail; onErased(message: string): void }) {
  const t = useMessages();
  const call = useApi();
  const [by, setBy] = useState<'email' | 'phone'>('email');
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<unknown>(null);

  const exportData = async () => {
    setError(null);
    try {
      download(`person-${lead.id}.json`, await call(TEAM_API.person, { body: { leadId: lead.id, by } }));
    } catch (e) {
      setError(e);
    }
  };
  const erase = async () => {
    setError(null);
    try {
      const result = await call<{ leads: number }>(TEAM_API.personErase, { body: { leadId: lead.id, by } });
      onErased(t.lead.erased(result.leads));
    } catch (e) {
      setError(e);
      setConfirming(false);
    }
  };

  return (
    <section className="panel" aria-labelledby="person-title">
      <h2 id="person-title">{t.lead.person}</h2>
      <p>{t.lead.personIntro}</p>
      <fieldset className="choice">
        <legend>{t.lead.personBy}</legend>
        <label className="check">
          <input type="radio" name="person-by" value="email" checked={by === 'email'} onChange={() => setBy('email')} />
          {t.lead.byEmail(lead.email)}
        </label>
        <label className="check">
          <input type="radio" name="person-by" value="phone" checked={by === 'phone'} onChange={() => setBy('phone')} />
          {t.lead.byPhone(lead.phone)}
        </label>
      </fieldset>
      <div className="actions">
        <button type="button" className="button" onClick={exportData}>
          {t.lead.download}
        </button>
        {!confirming && (
          <button type="button" className="button button-danger" onClick={() => setConfirming(true)}>
            {t.lead.erase}
          </button>
        )}
      </div>
      {confirming && (
        <div className="confirm" role="group" aria-labelledby="erase-confirm">
          <p id="erase-confirm">{t.lead.eraseConfirm}</p>
          <div className="actions">
            <button type="button" className="button button-danger" onClick={erase}>
              {t.lead.eraseYes}
            </button>
            <button type="button" className="button" onClick={() => setConfirming(false)}>
              {t.lead.eraseNo}
            </button>
          </div>
        </div>
      )}
      <ErrorMessage error={error} />
    </section>
  );
}
