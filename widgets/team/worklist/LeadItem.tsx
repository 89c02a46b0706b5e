import { TEAM_PAGES, type WorklistLead } from '../../../contract/team.ts';
import { dateTime, day } from '../app/format.ts';
import { onLinkClick } from '../app/router.ts';
import { useMessages } from '../i18n/index.ts';

/** One lead of the list: who, where from, its status, owner, next call, and a "Late" mark. */
export function LeadItem({ lead }: { lead: WorklistLead }) {
  const t = useMessages();
  return (
    <li className={`lead-item${lead.late ? ' is-late' : ''}`}>
      <div className="lead-item-main">
        <a href={TEAM_PAGES.lead(lead.id)} onClick={onLinkClick} className="lead-item-name">
          {lead.name || `#${lead.id}`}
        </a>
        <span className="lead-item-org">
          {[lead.organisation, lead.city].filter(Boolean).join(', ')}
        </span>
      </div>
      <div className="lead-item-meta">
        <span className={`badge status-${lead.status.replace(/\s+/g, '-')}`}>{t.statuses[lead.status]}</span>
        {lead.late && <span className="badge badge-late">{t.worklist.late}</span>}
        <span>{t.kinds[lead.kind]}</span>
        <span>
          {t.worklist.received} {dateTime(lead.createdAt, t.locale)}
        </span>
        <span>{lead.owner ? t.worklist.ownedBy(lead.owner.email) : t.worklist.unowned}</span>
        {lead.nextCallOn && <span>{t.worklist.nextCall(day(lead.nextCallOn, t.locale))}</span>}
      </div>
    </li>
  );
}
