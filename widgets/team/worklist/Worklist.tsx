import { useEffect, useState } from 'react';
import { LEAD_STATUSES, TEAM_API, TEAM_PAGES, type LeadStatus, type TeamMember, type WorklistPage, type WorklistQuery } from '../../../contract/team.ts';
import { ErrorMessage } from '../app/ErrorMessage.tsx';
import { navigate, onLinkClick } from '../app/router.ts';
import { useApi } from '../app/use-api.ts';
import { useTitle } from '../app/use-title.ts';
import { useMessages } from '../i18n/index.ts';
import { Filters } from './Filters.tsx';
import { LeadItem } from './LeadItem.tsx';
import { queryOf, queryString, rememberList } from './query.ts';
import './worklist.css';

/**
 * The worklist (or the spam list): leads newest first for the filters in the address, the
 * counts per status as the status tabs, a search, the other filters, and the CSV export of
 * exactly what is shown.
 */
export function Worklist({ spam, search }: { spam: boolean; search: URLSearchParams }) {
  const t = useMessages();
  const call = useApi();
  useTitle(spam ? t.worklist.spamTitle : t.worklist.title);
  const query = queryOf(search);
  const base = spam ? TEAM_PAGES.spam : TEAM_PAGES.worklist;
  const apiQuery = queryString(query, spam ? { spam: '1' } : {});
  const [page, setPage] = useState<WorklistPage | null>(null);
  const [more, setMore] = useState<WorklistPage['leads']>([]);
  const [next, setNext] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [members, setMembers] = useState<TeamMember[]>([]);
  const [term, setTerm] = useState(query.q ?? '');

  useEffect(() => {
    let live = true;
    setError(null);
    call<WorklistPage>(`${TEAM_API.leads}${apiQuery}`).then(
      (p) => {
        if (!live) return;
        setPage(p);
        setMore([]);
        setNext(p.next);
      },
      (e: unknown) => live && setError(e),
    );
    return () => {
      live = false;
    };
  }, [apiQuery, call]);
  useEffect(() => {
    rememberList(`${base}${queryString(query)}`);
  }, [base, apiQuery]);
  useEffect(() => {
    call<{ members: TeamMember[] }>(TEAM_API.members).then((r) => setMembers(r.members), () => undefined);
  }, [call]);

  const go = (next: WorklistQuery) => navigate(`${base}${queryString(next)}`);
  const showMore = async () => {
    if (next === null) return;
    try {
      const p = await call<WorklistPage>(`${TEAM_API.leads}${queryString(query, { ...(spam ? { spam: '1' } : {}), before: String(next) })}`);
      setMore((m) => [...m, ...p.leads]);
      setNext(p.next);
    } catch (e) {
      setError(e);
    }
  };

  const statuses: LeadStatus[] = query.kind === 'society' || query.kind === 'career' ? [...LEAD_STATUSES[query.kind]] : [...new Set<LeadStatus>([...LEAD_STATUSES.society, ...LEAD_STATUSES.career])];
  const total = page?.counts ? Object.values(page.counts).reduce((a, b) => a + b, 0) : 0;
  const leads = page ? [...page.leads, ...more] : [];

  return (
    <>
      <h1>{spam ? t.worklist.spamTitle : t.worklist.title}</h1>
      {spam && <p className="intro">{t.worklist.spamIntro}</p>}

      <form
        className="search"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          go({ ...query, q: term.trim() });
        }}
      >
        <label htmlFor="worklist-search">{t.worklist.searchLabel}</label>
        <div className="search-row">
          <input id="worklist-search" type="search" value={term} onChange={(e) => setTerm(e.currentTarget.value)} autoComplete="off" enterKeyHint="search" />
          <button type="submit" className="button button-primary">
            {t.worklist.searchButton}
          </button>
        </div>
        {query.q && (
          <button type="button" className="link-button" onClick={() => (setTerm(''), go({ ...query, q: '' }))}>
            {t.worklist.clearSearch}
          </button>
        )}
      </form>

      {page && (
        <nav className="statuses" aria-label={t.worklist.statusLabel}>
          <ul>
            <li>
              <a href={`${base}${queryString({ ...query, status: '' })}`} onClick={onLinkClick} aria-current={!query.status ? 'page' : undefined}>
                {t.worklist.count(t.worklist.all, total)}
              </a>
            </li>
            {statuses.map((s) => (
              <li key={s}>
                <a href={`${base}${queryString({ ...query, status: s })}`} onClick={onLinkClick} aria-current={query.status === s ? 'page' : undefined}>
                  {t.worklist.count(t.statuses[s]!, page.counts?.[s] ?? 0)}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      )}

      <Filters query={query} members={members} onApply={go} key={apiQuery} />

      <p className="export">
        <a className="button" href={`${TEAM_API.leadsCsv}${apiQuery}`} download>
          {t.worklist.exportCsv}
        </a>
        <span className="hint">{t.worklist.exportHint}</span>
      </p>

      <ErrorMessage error={error} />
      {!page && !error && <p className="message">{t.loading}</p>}
      {page && (
        <>
          {page.matches !== undefined && (
            <p className="message" role="status">
              {t.worklist.matches(page.matches, page.matchesCapped ?? false)}
            </p>
          )}
          {leads.length === 0 ? (
            <p className="message">{t.worklist.empty}</p>
          ) : (
            <ul className="lead-list">
              {leads.map((lead) => (
                <LeadItem lead={lead} key={lead.id} />
              ))}
            </ul>
          )}
          {next !== null && (
            <button type="button" className="button more" onClick={showMore}>
              {t.worklist.more}
            </button>
          )}
        </>
      )}
    </>
  );
}
