import type { LeadDetail, Neighbours, WorklistQuery } from '../../../contract/team.ts';
import { ago } from '../app/format.ts';
import { navigate } from '../app/router.ts';
import { useMessages } from '../i18n/index.ts';
import { LateBadge, StatusBadge } from '../worklist/lead-bits.tsx';
import { leadHref, listHref } from '../worklist/query.ts';

/** Where a lead's page returns to: the list it was opened from. */
export function BackLink({ query, spam }: { query: WorklistQuery; spam: boolean }) {
  const t = useMessages();
  const list = listHref(spam && !query.spam ? { spam: '1' } : query);
  return (
    <a
      href={list}
      className="button back"
      aria-label={spam ? t.lead.backToSpam : t.lead.back}
      onClick={(event) => {
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        // Opened from that list: Back is the browser's own (the list's place kept); otherwise the list anew.
        const from = (history.state as { fromList?: string } | null)?.fromList;
        if (from === list) history.back();
        else navigate(list);
      }}
    >
      {/* Short on a phone, the list's own name; its accessible name says where it goes. */}‹ {spam ? t.menu.spam : t.menu.worklist}
    </a>
  );
}

/** The top of a lead's page: back to its list, the leads before and after it, who it is, its status and how late. */
export function LeadTop({ lead, query, neighbours, now }: { lead: LeadDetail; query: WorklistQuery; neighbours: Neighbours; now: number }) {
  const t = useMessages();
  const state = { fromList: listHref(query) };
  const step = (id: number | null, label: string, text: string) =>
    id === null ? null : (
      <a
        href={leadHref(id, query)}
        className="button step"
        aria-label={label}
        onClick={(event) => {
          event.preventDefault();
          navigate(leadHref(id, query), { replace: true, state });
        }}
      >
        {text}
      </a>
    );
  return (
    <>
      <div className="lead-nav">
        <BackLink query={query} spam={lead.spam} />
        <span className="lead-steps">
          {step(neighbours.previous, t.lead.previous, '‹')}
          {step(neighbours.next, t.lead.next, '›')}
        </span>
      </div>
      <h1>{lead.name || `#${lead.id}`}</h1>
      <p className="lead-sub">
        <span>{[lead.organisation, lead.city].filter(Boolean).join(', ')}</span>
        <span>{t.kinds[lead.kind]}</span>
        <span>{ago(lead.createdAt, now, t.locale)}</span>
        <StatusBadge status={lead.status} />
        <LateBadge lead={lead} now={now} />
      </p>
    </>
  );
}
