/** The follow-up form's fields, each one tap on a phone: status chips, the note, next-call chips, the owner. */
import { useEffect, useId, useRef } from 'react';
import { LEAD_STATUSES, memberLabel, type LeadDetail, type LeadStatus, type TeamMember } from '../../../contract/team.ts';
import { nextCallChoices } from '../app/format.ts';
import { useMessages } from '../i18n/index.ts';
import { MemberOptions } from '../app/options.tsx';

/** The lead's status as a row of chips (radio buttons); once Call was tapped it asks how the call went. */
export function StatusChips({ lead, value, onChange, called }: { lead: LeadDetail; value: LeadStatus; onChange(status: LeadStatus): void; called: boolean }) {
  const t = useMessages();
  const group = useRef<HTMLFieldSetElement>(null);
  const name = useId();
  // Back from the call: the question is where the eye and the thumb are.
  useEffect(() => {
    if (called) group.current?.focus({ preventScroll: true });
  }, [called]);
  return (
    <fieldset ref={group} className={`field chips-field${called ? ' is-asking' : ''}`} tabIndex={-1}>
      <legend>{called ? t.lead.howDidItGo : t.lead.status}</legend>
      <div className="chip-row">
        {LEAD_STATUSES[lead.kind].map((s) => (
          <label key={s} className="chip choice">
            <input type="radio" name={name} value={s} checked={value === s} onChange={() => onChange(s)} />
            {t.statuses[s]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** A note to add (the notes below say they are kept and never changed). */
export function NoteField({ value, onChange }: { value: string; onChange(note: string): void }) {
  const t = useMessages();
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{t.lead.note}</label>
      <textarea id={id} value={value} onChange={(e) => onChange(e.currentTarget.value)} rows={2} />
    </div>
  );
}

/** The next call: tomorrow, in 3 days or next week with one tap, another day from the calendar, or none. */
export function NextCallChips({ value, onChange, now }: { value: string; onChange(date: string): void; now: number }) {
  const t = useMessages();
  const choices = nextCallChoices(now, t.locale);
  return (
    <fieldset className="field chips-field">
      <legend>{t.lead.nextCall}</legend>
      <div className="chip-row">
        {choices.map((c) => (
          <button type="button" key={c.date} className="chip choice" aria-pressed={value === c.date} onClick={() => onChange(c.date)}>
            {c.label}
          </button>
        ))}
        <label className="chip choice date-chip">
          <span className="visually-hidden">{t.lead.pickDate}</span>
          <input type="date" value={value} onChange={(e) => onChange(e.currentTarget.value)} />
        </label>
        {value && (
          <button type="button" className="chip choice" onClick={() => onChange('')}>
            {t.lead.clearNextCall}
          </button>
        )}
      </div>
    </fieldset>
  );
}

/** Who owns the lead, and "Assign to me" (saved at once). */
export function OwnerField({ lead, members, me, value, onChange, onAssignToMe }: { lead: LeadDetail; members: TeamMember[]; me: TeamMember; value: string; onChange(id: string): void; onAssignToMe(): void }) {
  const t = useMessages();
  const gone = lead.owner && !members.some((m) => m.id === lead.owner!.id) ? lead.owner : null;
  return (
    <div className="field owner-field">
      <label>
        {t.lead.owner}
        <select value={value} onChange={(e) => onChange(e.currentTarget.value)}>
          <option value="">{t.lead.nobody}</option>
          {gone && <option value={String(gone.id)}>{memberLabel(gone)}</option>}
          <MemberOptions members={members} />
        </select>
      </label>
      {lead.owner?.id !== me.id && (
        <button type="button" className="button" onClick={onAssignToMe}>
          {t.lead.assignToMe}
        </button>
      )}
    </div>
  );
}
