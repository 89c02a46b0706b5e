import { useEffect, useState } from 'react';
import { TEAM_API, TEAM_PAGES, type AuditEntry } from '../../../contract/team.ts';
import { ErrorMessage } from '../app/ErrorMessage.tsx';
import { dateTime } from '../app/format.ts';
import { onLinkClick } from '../app/router.ts';
import { useApi } from '../app/use-api.ts';
import { useTitle } from '../app/use-title.ts';
import { describeDetail } from '../lead/History.tsx';
import { useMessages } from '../i18n/index.ts';

/** The audit log for admins: every sign-in, view, change, export and erasure, newest first. */
export function AuditLog() {
  const t = useMessages();
  useTitle(t.audit.title);
  const [shown, setShown] = useState('');
  const { entries, next, error, load } = useAuditEntries(shown);
  return (
    <>
      <h1>{t.audit.title}</h1>
      <SinceForm onShow={setShown} />
      <ErrorMessage error={error} />
      {entries === null && !error && <p className="message">{t.loading}</p>}
      {entries && entries.length === 0 && <p className="message">{t.audit.empty}</p>}
      {entries && entries.length > 0 && <AuditTable entries={entries} />}
      {next !== null && (
        <button type="button" className="button more" onClick={() => load(next)}>
          {t.audit.more}
        </button>
      )}
    </>
  );
}

/** The entries since a day (all when none), a page at a time: `load(next)` adds the next page. */
function useAuditEntries(since: string) {
  const call = useApi();
  const [entries, setEntries] = useState<AuditEntry[] | null>(null);
  const [next, setNext] = useState<number | null>(null);
  const [error, setError] = useState<unknown>(null);
  const load = async (before?: number) => {
    setError(null);
    const params = new URLSearchParams();
    if (since) params.set('since', since);
    if (before) params.set('before', String(before));
    try {
      const r = await call<{ entries: AuditEntry[]; next: number | null }>(`${TEAM_API.audit}?${params}`);
      setEntries((e) => (before && e ? [...e, ...r.entries] : r.entries));
      setNext(r.next);
    } catch (e) {
      setError(e);
    }
  };
  useEffect(() => {
    void load();
  }, [since]);
  return { entries, next, error, load };
}

/** The day the log starts from, shown when the form is sent. */
function SinceForm({ onShow }: { onShow(since: string): void }) {
  const t = useMessages();
  const [since, setSince] = useState('');
  return (
    <form
      className="inline-form"
      onSubmit={(e) => {
        e.preventDefault();
        onShow(since);
      }}
    >
      <label>
        {t.audit.since}
        <input type="date" value={since} onChange={(e) => setSince(e.currentTarget.value)} />
      </label>
      <button type="submit" className="button">
        {t.audit.show}
      </button>
    </form>
  );
}

function AuditTable({ entries }: { entries: AuditEntry[] }) {
  const t = useMessages();
  return (
    <div className="table-wrap">
      <table className="audit">
        <thead>
          <tr>
            <th scope="col">{t.audit.when}</th>
            <th scope="col">{t.audit.who}</th>
            <th scope="col">{t.audit.what}</th>
            <th scope="col">{t.audit.lead}</th>
            <th scope="col">{t.audit.detail}</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((e) => (
            <tr key={e.id}>
              <td>{dateTime(e.at, t.locale)}</td>
              <td>{e.actor}</td>
              <td>{t.audit.actions[e.action]}</td>
              <td>
                {e.leadId !== null && (
                  <a href={TEAM_PAGES.lead(e.leadId)} onClick={onLinkClick}>
                    #{e.leadId}
                  </a>
                )}
              </td>
              <td>{e.detail ? describeDetail(e, t) : ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
