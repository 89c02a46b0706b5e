import { useEffect, useId, useRef, useState } from 'react';
import type { LeadDetail, TeamMember } from '../../../contract/team.ts';
import { useSession } from '../app/session.ts';
import { useMessages } from '../i18n/index.ts';
import { NextCallChips, NoteField, OwnerField, StatusChips } from './fields.tsx';
import { OutcomeEmail } from './OutcomeEmail.tsx';
import { SaveBar } from './SaveBar.tsx';
import { useLeadForm } from './use-lead-form.ts';

interface Props {
  lead: LeadDetail;
  members: TeamMember[];
  now: number;
  /** Call was tapped: the status asks how it went. */
  called: boolean;
  /** What the previous lead's "Save and next" said, shown here first. */
  said: string | null;
  /** The lead after this one in its list; null at its end. */
  next: number | null;
  onNext(savedName: string): void;
  onLead(lead: LeadDetail): void;
}

/**
 * The follow-up: the status (one tap), a note, the next call (one tap) and the owner, saved
 * together from the bar at the foot of the screen ("Save", "Save and next"; Ctrl+Enter
 * saves). An application moved to an outcome first offers to email the applicant.
 */
export function WorkForm({ lead, members, now, called, said, next, onNext, onLead }: Props) {
  const t = useMessages();
  const { member } = useSession();
  const form = useLeadForm(lead, onLead, said);
  const id = useId();
  const element = useRef<HTMLFormElement>(null);
  const [nextAfterOutcome, setNextAfterOutcome] = useState<string | null>(null);
  useSaveKey(element);

  const submit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const then = ((event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null)?.value;
    const saved = await form.save();
    if (!saved || then !== 'next') return;
    if (next === null) form.setSaid(t.lead.savedLast);
    else if (saved.askingOutcome) setNextAfterOutcome(saved.lead.name);
    else onNext(saved.lead.name);
  };

  return (
    <section className="work" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="visually-hidden">
        {t.lead.work}
      </h2>
      <form id={id} ref={element} onSubmit={submit} className="work-form">
        <StatusChips lead={lead} value={form.fields.status} onChange={form.fields.setStatus} called={called} />
        <NoteField value={form.fields.note} onChange={form.fields.setNote} />
        <NextCallChips value={form.fields.nextCallOn} onChange={form.fields.setNextCallOn} now={now} />
        <OwnerField lead={lead} members={members} me={member} value={form.fields.ownerId} onChange={form.fields.setOwnerId} onAssignToMe={() => void form.assignTo(member.id)} />
        <p className="hint keys">{t.lead.keys}</p>
      </form>
      {form.outcome && (
        <OutcomeEmail
          outcome={form.outcome}
          onAnswer={async (send) => {
            await form.answerOutcome(send);
            if (nextAfterOutcome !== null) onNext(nextAfterOutcome);
          }}
        />
      )}
      <SaveBar form={id} saving={form.saving} said={form.said} alert={form.alert} hasNext={next !== null} />
    </section>
  );
}

/** Ctrl+Enter (⌘+Enter on a Mac) saves the form from anywhere on the page. */
function useSaveKey(form: React.RefObject<HTMLFormElement | null>): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey)) return;
      event.preventDefault();
      form.current?.requestSubmit(form.current.ownerDocument.querySelector<HTMLButtonElement>(`button[form="${form.current.id}"][value="stay"]`) ?? undefined);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [form]);
}
