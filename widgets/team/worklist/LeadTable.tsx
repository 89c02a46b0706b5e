import type { WorklistLead, WorklistQuery } from '../../../contract/team.ts';
import { telHref } from '../../../contract/team.ts';
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

/** The list at a desk: one compact row per lead (name, phone, city, status, owner, next call, received). */
export function LeadTable({ leads, query, now, onOpen }: Props) {
  const t = useMessages();
  const c = t.worklist.columns;
  const spam = leads.some((l) => l.spamReason);
  return (
    <div className="table-wrap">
      <table className="lead-table">
        <thead>
          <tr>
            <th scope="col">{c.name}</th>
            <th scope="col">{c.phone}</th>
            <th scope="col">{c.city}</th>
            <th scope="col">{c.status}</th>
            <th scope="col">{c.owner}</th>
            <th scope="col">{c.nextCall}</th>
            <th scope="col">{c.received}</th>
            {spam && <th scope="col">{t.lead.spam}</th>}
          </tr>
        </thead>
        <tbody>
          {leads.map((lead) => (
            <tr key={lead.id} data-lead-id={lead.id} className={lead.late ? 'is-late' : undefined}>
              <th scope="row">
                <a
                  href={leadHref(lead.id, query)}
                  data-lead-link=""
                  onClick={(event) => {
                    onOpen(lead);
                    onLinkClick(event, { fromList: listHref(query) });
                  }}
                >
                  {lead.name || `#${lead.id}`}
                </a>
                <span className="row-org">{lead.organisation}</span>
              </th>
              <td>
                <a href={telHref(lead.phone)} className="row-phone" tabIndex={-1}>
                  {lead.phone}
                </a>
              </td>
              <td>{lead.city}</td>
              <td>
                <StatusBadge status={lead.status} /> <LateBadge lead={lead} now={now} />
              </td>
              <td>{ownerName(lead) ?? '—'}</td>
              <td>{lead.nextCallOn ? callDay(lead.nextCallOn, now, t.locale) : '—'}</td>
              <td>{ago(lead.createdAt, now, t.locale)}</td>
              {spam && (
                <td>
                  {lead.spamReason && t.spamReasons[lead.spamReason]}
                  <NotSpamButton leadId={lead.id} />
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
