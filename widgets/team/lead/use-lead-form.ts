import { useState } from 'react';
import { OUTCOME_STATUSES, TEAM_API, type LeadChange, type LeadDetail, type LeadStatus, type OutcomeStatus } from '../../../contract/team.ts';
import { TeamApiError } from '../app/api.ts';
import { dateTime } from '../app/format.ts';
import { useApi } from '../app/use-api.ts';
import { useMessages } from '../i18n/index.ts';

const isOutcome = (status: string): status is OutcomeStatus => (OUTCOME_STATUSES as readonly string[]).includes(status);

/**
 * The follow-up form's state and what it does: status, owner, next-call date and a note,
 * saved together against the version the lead was read at (someone else's change meanwhile
 * is refused, shown, and what was typed kept); "Assign to me" at once; and, after an
 * application moves to an outcome, the offer to email the applicant. `said` is the line the
 * save bar shows (where the eye is), `alert` a refusal or failure.
 */
export function useLeadForm(lead: LeadDetail, onLead: (lead: LeadDetail) => void, initialSaid: string | null) {
  const t = useMessages();
  const call = useApi();
  const [status, setStatus] = useState<LeadStatus>(lead.status);
  const [ownerId, setOwnerId] = useState(lead.owner ? String(lead.owner.id) : '');
  const [nextCallOn, setNextCallOn] = useState(lead.nextCallOn ?? '');
  const [note, setNote] = useState('');
  const [said, setSaid] = useState<string | null>(initialSaid);
  const [outcome, setOutcome] = useState<OutcomeStatus | null>(null);

  const reset = (current: LeadDetail) => {
    setStatus(current.status);
    setOwnerId(current.owner ? String(current.owner.id) : '');
    setNextCallOn(current.nextCallOn ?? '');
  };
  const { send, saving, alert, setAlert } = useLeadChange(lead.id, (current) => {
    onLead(current);
    reset(current);
  });

  /** What the form changes, against the version it was read at; null when nothing. */
  const change = (): LeadChange | null => {
    const c: LeadChange = { version: lead.version };
    if (status !== lead.status) c.status = status;
    const owner = ownerId ? Number(ownerId) : null;
    if (owner !== (lead.owner?.id ?? null)) c.ownerId = owner;
    if ((nextCallOn || null) !== lead.nextCallOn) c.nextCallOn = nextCallOn || null;
    if (note.trim()) c.note = note;
    return Object.keys(c).length > 1 ? c : null;
  };

  const sendSaying = async (c: LeadChange) => {
    setSaid(null);
    return send(c);
  };

  /** Saves the form: the saved lead and whether the applicant's email is asked about (null: nothing to save, or refused). */
  const save = async (): Promise<{ lead: LeadDetail; askingOutcome: boolean } | null> => {
    const c = change();
    if (!c) {
      setSaid(t.lead.nothingToSave);
      return null;
    }
    const saved = await sendSaying(c);
    if (!saved) return null;
    onLead(saved);
    reset(saved);
    setNote('');
    setSaid(t.lead.saved);
    const asked = saved.kind === 'career' && c.status !== undefined && isOutcome(c.status) ? c.status : null;
    setOutcome(asked);
    return { lead: saved, askingOutcome: asked !== null };
  };

  /** The lead is the member's from now on, at once (what else the form holds is kept, unsaved). */
  const assignTo = async (memberId: number) => {
    const saved = await sendSaying({ version: lead.version, ownerId: memberId });
    if (!saved) return;
    onLead(saved);
    setOwnerId(String(memberId));
    setSaid(t.lead.assigned);
  };

  /** The applicant's outcome email, confirmed (queued, and said) or declined. */
  const answerOutcome = async (wanted: boolean): Promise<void> => {
    const asked = outcome;
    setOutcome(null);
    if (!wanted || !asked) return;
    try {
      await call(TEAM_API.outcomeEmail(lead.id), { body: { outcome: asked } });
      setSaid(t.lead.outcomeQueued);
    } catch (e) {
      setAlert(e);
    }
  };

  return {
    fields: { status, setStatus, ownerId, setOwnerId, nextCallOn, setNextCallOn, note, setNote },
    saving,
    said,
    setSaid,
    alert,
    outcome,
    save,
    assignTo,
    answerOutcome,
  };
}

/**
 * A change of a lead sent to the service against the version it was read at: the saved
 * lead, or null when refused, said in `alert` (someone else's change meanwhile: who and when,
 * and `onConflict` hears the lead as they left it).
 */
function useLeadChange(leadId: number, onConflict: (current: LeadDetail) => void) {
  const t = useMessages();
  const call = useApi();
  const [saving, setSaving] = useState(false);
  const [alert, setAlert] = useState<unknown>(null);
  const send = async (c: LeadChange): Promise<LeadDetail | null> => {
    setAlert(null);
    setSaving(true);
    try {
      return (await call<{ lead: LeadDetail }>(TEAM_API.lead(leadId), { method: 'PATCH', body: c })).lead;
    } catch (e) {
      if (e instanceof TeamApiError && e.code === 'conflict' && e.body.lead) {
        onConflict(e.body.lead as LeadDetail);
        const by = typeof e.body.by === 'string' && typeof e.body.at === 'number' ? t.conflictBy(e.body.by, dateTime(e.body.at, t.locale)) : '';
        setAlert([t.errors.conflict, by].filter(Boolean).join(' '));
      } else setAlert(e);
      return null;
    } finally {
      setSaving(false);
    }
  };
  return { send, saving, alert, setAlert };
}
