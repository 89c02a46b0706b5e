import { useEffect, useState } from 'react';
import { TEAM_API, type TeamMember, type WorklistQuery } from '../../../contract/team.ts';
import { ErrorMessage } from '../app/ErrorMessage.tsx';
import { useNow } from '../app/format.ts';
import { navigate } from '../app/router.ts';
import { useApi } from '../app/use-api.ts';
import { useTitle } from '../app/use-title.ts';
import { useWide } from '../app/use-wide.ts';
import { useMessages } from '../i18n/index.ts';
import { Chips } from './Chips.tsx';
import { Filters, OTHER_FILTERS } from './Filters.tsx';
import { LeadCards } from './LeadCards.tsx';
import { LeadTable } from './LeadTable.tsx';
import { leftFor } from './list-memory.ts';
import { listHref, queryOf, queryString } from './query.ts';
import { SearchBar } from './SearchBar.tsx';
import { useListKeys } from './use-list-keys.ts';
import { useRestorePlace } from './use-restore-place.ts';
import { useWorklist } from './use-worklist.ts';
import './worklist.css';

const SEARCH_ID = 'worklist-search';
const FILTERS_ID = 'worklist-filters';

/**
 * The worklist (or the spam list): the search and its count on top, one row of chips (late
 * first), then the leads of the filters in the address, as cards on a phone and a table at
 * a desk. Back returns to the same place, the opened lead's card in view.
 */
export function Worklist({ spam, search }: { spam: boolean; search: URLSearchParams }) {
  const t = useMessages();
  useTitle(spam ? t.worklist.spamTitle : t.worklist.title);
  const query: WorklistQuery = { ...queryOf(search), ...(spam ? { spam: '1' } : {}) };
  const list = listHref(query);
  const { data, error, showMore } = useWorklist(list, queryString(query));
  const members = useMembers();
  const wide = useWide();
  const now = useNow();
  const filtersSet = OTHER_FILTERS.filter((f) => query[f]).length;
  const [filtersOpen, setFiltersOpen] = useState(false);
  useRestorePlace(list, data);
  useListKeys(SEARCH_ID);

  const go = (next: WorklistQuery) => navigate(listHref(next));
  const open = (lead: { id: number }) => leftFor(list, lead.id, window.scrollY);
  const Leads = wide ? LeadTable : LeadCards;
  return (
    <>
      <h1 className={spam ? undefined : 'visually-hidden'}>{spam ? t.worklist.spamTitle : t.worklist.title}</h1>
      {spam && <p className="intro">{t.worklist.spamIntro}</p>}
      <SearchBar id={SEARCH_ID} term={query.q ?? ''} tally={data?.tally} onSearch={(q) => go({ ...query, q })} />
      {data && <Chips query={query} tally={data.tally} filtersId={FILTERS_ID} filtersOpen={filtersOpen} filtersSet={filtersSet} onFilters={() => setFiltersOpen((o) => !o)} />}
      {filtersOpen && <Filters id={FILTERS_ID} query={query} members={members} onApply={go} />}
      <ErrorMessage error={error} />
      {!data && !error && <p className="message">{t.loading}</p>}
      {data && data.leads.length === 0 && <p className="message">{query.late ? t.worklist.emptyLate : t.worklist.empty}</p>}
      {data && data.leads.length > 0 && <Leads leads={data.leads} query={query} now={now} onOpen={open} />}
      {data?.next && (
        <button type="button" className="button more" onClick={showMore}>
          {t.worklist.more}
        </button>
      )}
      {wide && <p className="hint">{t.worklist.keys}</p>}
    </>
  );
}

/** The team, for the owner filter (by name). */
function useMembers(): TeamMember[] {
  const call = useApi();
  const [members, setMembers] = useState<TeamMember[]>([]);
  useEffect(() => {
    call<{ members: TeamMember[] }>(TEAM_API.members).then((r) => setMembers(r.members), () => undefined);
  }, [call]);
  return members;
}
