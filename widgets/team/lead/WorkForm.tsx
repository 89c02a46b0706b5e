import { useState } from 'react';
import { LEAD_STATUSES, OUTCOME_STATUSES, TEAM_API, type LeadChange, type LeadDetail, type OutcomeStatus, type TeamMember } from '../../../contract/team.ts';
import { TeamApiError } from '../app/api.ts';
import { ErrorMessage } from '../app/ErrorMessage.tsx';
import { dateTime } from '../app/format.ts';
import { useApi } from '../app/use-api.ts';
import { useMessages } from '../i18n/index.ts';

interface Props {
  lead: LeadDetail;
  members: TeamMember[];
  /** The lead as the service has it now (after a save, or another member's change). */
  onLead(lead: LeadDetail): void;
}

/**
 * Status, owner, next-call date and a note, saved together against the version the lead was
 * read at: when someone else changed it meanwhile, the service refuses (409), the form shows
 * their change and keeps the note. Moving an application to "offer" or "not selected"
 * then offers to email the applicant, and sends only on confirmation.
 */
export function WorkForm({ lead, members, onLead }: Props) {
  const t = useMessages();
  const call = useApi();
  const [status, setStatus] = useState<string>(lead.status);
  const [ownerId, setOwnerId] = useState(lead.owner ? String(lead.owner.id) : '');
  const [nextCallOn, setNextCallOn] = useState(lead.nextCallOn ?? '');
  const [note, setNote] = useState('');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [conflict, setConflict] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<OutcomeStatus | null>(null);
  const [outcomeDone, setOutcomeDone] = useState(false);

  const reset = (current: LeadDetail) => {
    setStatus(current.status);
    setOwnerId(current.owner ? String(current.owner.id) : '');
    setNextCallOn(current.nextCallOn ?? '');
  };

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    setConflict(null);
    setDone(null);
    const change: LeadChange = { version: lead.version };
    if (status !== lead.status) change.status = status as LeadChange['status'];
    const owner = ownerId ? Number(ownerId) : null;
    if (owner !== (lead.owner?.id ?? null)) change.ownerId = owner;
    if ((nextCallOn || null) !== lead.nextCallOn) change.nextCallOn = nextCallOn || null;
    if (note.trim()) change.note = note;
    if (Object.keys(change).length === 1) {
      setDone(t.lead.nothingToSave);
      return;
    }
    setSaving(true);
    try {
      const { lead: saved } = await call<{ lead: LeadDetail }>(TEAM_API.lead(lead.id), { method: 'PATCH', body: change });
      onLead(saved);
      reset(saved);
      setNote('');
      setDone(t.lead.saved);
      setOutcomeDone(false);
      if (saved.kind === 'career' && change.status && (OUTCOME_STATUSES as readonly string[]).includes(change.status)) setOutcome(change.status as OutcomeStatus);
    } catch (e) {
      if (e instanceof TeamApiError && e.code === 'conflict' && e.body.lead) {
        const current = e.body.lead as LeadDetail;
        onLead(current);
        reset(current);
        const by = typeof e.body.by === 'string' && typeof e.body.at === 'number' ? t.conflictBy(e.body.by, dateTime(e.body.at, t.locale)) : '';
        setConflict([t.errors.conflict, by].filter(Boolean).join(' '));
      } else setError(e);
    } finally {
      setSaving(false);
    }
  };

  const sendOutcome = async () => {
    if (!outcome) return;
    setError(null);
    try {
      await call(TEAM_API.outcomeEmail(lead.id), { body: { outcome } });
      setOutcomeDone(true);
      setOutcome(null);
    } catch (e) {
      setError(e);
      setOutcome(null);
    }
  };

  return (
    <section className="panel" aria-labelledby="work-title">
      <h2 id="work-title">{t.lead.work}</h2>
      <form onSubmit={save} className="work-form">
        <label>
          {t.lead.status}
          <select value={status} onChange={(e) => setStatus(e.currentTarget.value)}>
            {LEAD_STATUSES[lead.kind].map((s) => (
              <option key={s} value={s}>
                {t.statuses[s]}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t.lead.owner}
          <select value={ownerId} onChange={(e) => setOwnerId(e.currentTarget.value)}>
            <option value="">{t.lead.nobody}</option>
            {lead.owner && !members.some((m) => m.id === lead.owner!.id) && <option value={String(lead.owner.id)}>{lead.owner.email}</option>}
            {members.map((m) => (
              <option key={m.id} value={String(m.id)}>
                {m.email}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t.lead.nextCall}
          <input type="date" value={nextCallOn} onChange={(e) => setNextCallOn(e.currentTarget.value)} />
        </label>
        {nextCallOn && (
          <button type="button" className="link-button" onClick={() => setNextCallOn('')}>
            {t.lead.clearNextCall}
          </button>
        )}
        <label className="wide">
          {t.lead.note}
          <textarea value={note} onChange={(e) => setNote(e.currentTarget.value)} rows={3} aria-describedby="note-hint" />
        </label>
        <p id="note-hint" className="hint wide">
          {t.lead.noteHint}
        </p>
        <div className="actions wide">
          <button type="submit" className="button button-primary" disabled={saving}>
            {saving ? t.lead.saving : t.lead.save}
          </button>
        </div>
      </form>
      {conflict && (
        <p className="message message-error" role="alert">
          {conflict}
        </p>
      )}
      <ErrorMessage error={error} />
      <p className="sr-status" role="status">
        {done ?? ''}
      </p>
      {outcome && (
        <div className="confirm" role="group" aria-labelledby="outcome-ask">
          <p id="outcome-ask">{t.lead.outcomeAsk(t.statuses[outcome]!)}</p>
          <p className="hint">{t.lead.outcomeExplain}</p>
          <div className="actions">
            <button type="button" className="button button-primary" onClick={sendOutcome}>
              {t.lead.outcomeSend}
            </button>
            <button type="button" className="button" onClick={() => setOutcome(null)}>
              {t.lead.outcomeSkip}
            </button>
          </div>
        </div>
      )}
      {outcomeDone && (
        <p className="message" role="status">
          {t.lead.outcomeQueued}
        </p>
      )}
    </section>
  );
}
