/** Small parts of a lead shown in the list and on its page: its status, how long it is late, its next call, its owner. */
import { memberLabel, type WorklistLead } from '../../../contract/team.ts';
import { duration } from '../app/format.ts';
import { useMessages } from '../i18n/index.ts';

export function StatusBadge({ status }: { status: WorklistLead['status'] }) {
  const t = useMessages();
  return <span className={`badge status-${status.replace(/\s+/g, '-')}`}>{t.statuses[status]}</span>;
}

/** "Overdue 7 hrs", on a late lead only. */
export function LateBadge({ lead, now }: { lead: Pick<WorklistLead, 'late' | 'lateSince'>; now: number }) {
  const t = useMessages();
  if (!lead.late || lead.lateSince === null) return null;
  return <span className="badge badge-late">{t.worklist.overdue(duration(now - lead.lateSince, t.locale))}</span>;
}

export function ownerName(lead: Pick<WorklistLead, 'owner'>): string | null {
  return lead.owner ? memberLabel(lead.owner) : null;
}
