import { useEffect, useState } from 'react';
import { ErrorMessage } from '../app/ErrorMessage.tsx';
import { useNow } from '../app/format.ts';
import { navigate, type Location } from '../app/router.ts';
import { useSession } from '../app/session.ts';
import { useTitle } from '../app/use-title.ts';
import { useMessages } from '../i18n/index.ts';
import { SpamPanel } from './SpamPanel.tsx';
import { leftFor } from '../worklist/list-memory.ts';
import { leadHref, listHref, queryOf, queryString } from '../worklist/query.ts';
import { Contact } from './Contact.tsx';
import { History } from './History.tsx';
import { BackLink, LeadTop } from './LeadTop.tsx';
import { PersonData } from './PersonData.tsx';
import { Details, Notes, Source } from './sections.tsx';
import { useLead } from './use-lead.ts';
import { WorkForm } from './WorkForm.tsx';
import './lead.css';

/** What "Save and next" hands the next lead's page: the name of the lead it saved. */
const savedName = (state: unknown): string | null =>
  typeof state === 'object' && state !== null && 'saved' in state && typeof state.saved === 'string' ? state.saved : null;

/**
 * One lead, opened from a list (its filters in this page's address): who it is and how to
 * reach them, the follow-up within a thumb's reach, then what they sent, its notes, source,
 * deliveries and history. "Save and next" opens the next lead of the same list.
 */
export function LeadPage({ id, where }: { id: number; where: Location }) {
  const t = useMessages();
  const { member } = useSession();
  const query = queryOf(where.search);
  const { lead, setLead, members, neighbours, error } = useLead(id, queryString(query));
  const [called, setCalled] = useState(false);
  const [erased, setErased] = useState<string | null>(null);
  const now = useNow();
  useTitle(lead?.name ?? `#${id}`);
  // Back on the list puts this lead's card in view.
  useEffect(() => leftFor(listHref(query), id), [id, where.search.toString()]);

  if (erased || !lead) {
    return (
      <>
        <p className="lead-nav">
          <BackLink query={query} spam={query.spam === '1'} />
        </p>
        {erased ? (
          <p className="message" role="status">
            {erased}
          </p>
        ) : error ? (
          <ErrorMessage error={error} />
        ) : (
          <p className="message">{t.loading}</p>
        )}
      </>
    );
  }
  const goNext = (name: string) => {
    if (neighbours.next !== null) navigate(leadHref(neighbours.next, query), { replace: true, state: { fromList: listHref(query), saved: name } });
  };
  const said = savedName(where.state);
  return (
    <article className="lead">
      <LeadTop lead={lead} query={query} neighbours={neighbours} now={now} />
      <Contact phone={lead.phone} email={lead.email} onCall={() => setCalled(true)} />
      <SpamPanel lead={lead} onLead={setLead} />
      <WorkForm lead={lead} members={members} now={now} called={called} said={said && t.lead.savedLead(said)} next={neighbours.next} onNext={goNext} onLead={setLead} key={lead.id} />
      <Notes notes={lead.notes} />
      <Details lead={lead} />
      <Source lead={lead} />
      <History entries={lead.history} members={members} />
      {member.role === 'admin' && <PersonData lead={lead} onErased={setErased} />}
    </article>
  );
}
