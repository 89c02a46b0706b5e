import { isDate, isStatusOf, memberLabel, type AuditEntry, type TeamMember } from '../../../contract/team.ts';
import { dateTime, day } from '../app/format.ts';
import { useMessages, type TeamMessages } from '../i18n/index.ts';

/** What an audit entry's detail says, in words: "status new → contacted", "added a note". */
export function describeDetail(entry: AuditEntry, t: TeamMessages, nameOf: (email: string) => string = (email) => email): string {
  const d = entry.detail ?? {};
  const pair = (value: unknown, label: (v: string) => string = (v) => v) => {
    const [from, to] = (Array.isArray(value) ? value : []) as (string | null)[];
    return [from ? label(from) : t.history.none, to ? label(to) : t.history.none] as const;
  };
  const parts: string[] = [];
  const status = (s: string) => (isStatusOf('society', s) || isStatusOf('career', s) ? t.statuses[s] : s);
  if (d.status) parts.push(t.history.status(...pair(d.status, status)));
  if ('owner' in d) parts.push(t.history.owner(...pair(d.owner, nameOf)));
  if ('nextCallOn' in d) parts.push(t.history.nextCall(...pair(d.nextCallOn, (date) => (isDate(date) ? day(date, t.locale) : date))));
  if (d.note) parts.push(t.history.note);
  if (parts.length === 0 && Object.keys(d).length) parts.push(JSON.stringify(d));
  return parts.join('; ');
}

/** The lead's history: who did what to it and when, newest first, each member by name. */
export function History({ entries, members }: { entries: AuditEntry[]; members: TeamMember[] }) {
  const t = useMessages();
  const nameOf = (email: string) => {
    const found = members.find((m) => m.email === email);
    return found ? memberLabel(found) : email;
  };
  return (
    <section className="panel" aria-labelledby="history-title">
      <h2 id="history-title">{t.lead.history}</h2>
      {entries.length === 0 ? (
        <p>{t.lead.noHistory}</p>
      ) : (
        <ul className="timeline">
          {entries.map((e) => (
            <li key={e.id}>
              <span className="timeline-when">{dateTime(e.at, t.locale)}</span> {nameOf(e.actor)}: {t.audit.actions[e.action]}
              {e.detail && Object.keys(e.detail).length > 0 && <> ({describeDetail(e, t, nameOf)})</>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
