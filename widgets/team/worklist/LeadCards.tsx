import type { WorklistLead, WorklistQuery } from '../../../contract/team.ts';
import { ago, callDay } from '../app/format.ts';
import { onLinkClick } from '../app/router.ts';
import { useMessages } from '../i18n/index.ts';
import { LateBadge, ownerName, StatusBadge } from './lead-bits.tsx';
import { NotSpamButton } from './NotSpamButton.tsx';
import { leadHref, listHref } from './query.ts';

interface Props {
  leads: WorklistLead[];
  query: WorklistQuery;
  now: number;
  onOpen(lead: WorklistLead): void;
}

/** The list on a phone: one card per lead, the whole card a link, a spam lead's "Not spam" on its card. */
export function LeadCards({ leads, query, now, onOpen }: Props) {
  return (
    <ul className="cards">
      {leads.map((lead) => (
        <LeadCard lead={lead} query={query} now={now} onOpen={onOpen} key={lead.id} />
      ))}
    </ul>
  );
}

function LeadCard({ lead, query, now, onOpen }: { lead: WorklistLead; query: WorklistQuery; now: number; onOpen(lead: WorklistLead): void }) {
  const t = useMessages();
  const owner = ownerName(lead);
  return (
    <li className={`card${lead.late ? ' is-late' : ''}`} data-lead-id={lead.id}>
      <p className="card-top">
        <a
          href={leadHref(lead.id, query)}
          data-lead-link=""
          className="card-name"
          onClick={(event) => {
            onOpen(lead);
            onLinkClick(event, { fromList: listHref(query) });
          }}
        >
          {lead.name || `#${lead.id}`}
        </a>
        <span className="card-time">{ago(lead.createdAt, now, t.locale)}</span>
      </p>
      <p className="card-line">{[lead.organisation, lead.city].filter(Boolean).join(', ')}</p>
      <p className="card-line card-meta">
        <StatusBadge status={lead.status} />
        <LateBadge lead={lead} now={now} />
        {lead.nextCallOn && !lead.late && <span>{t.worklist.nextCall(callDay(lead.nextCallOn, now, t.locale))}</span>}
        <span>{owner ?? t.worklist.unowned}</span>
      </p>
      {lead.spamReason && (
        <>
          <p className="card-line card-reason">{t.lead.spamReason(t.spamReasons[lead.spamReason])}</p>
          <NotSpamButton leadId={lead.id} />
        </>
      )}
    </li>
  );
}
