import type { AuditEntry } from '../../../contract/team.ts';
import { dateTime } from '../app/format.ts';
import { useMessages, type TeamMessages } from '../i18n/index.ts';

/** What an audit entry's detail says, in words: "status new → contacted", "added a note". */
export function describeDetail(entry: AuditEntry, t: TeamMessages): string {
  const d = entry.detail ?? {};
  const pair = (value: unknown, label: (v: string) => string = (v) => v) => {
    const [from, to] = (Array.isArray(value) ? value : []) as (string | null)[];
    return [from ? label(from) : t.history.none, to ? label(to) : t.history.none] as const;
  };
  const parts: string[] = [];
  if (d.status) parts.push(t.history.status(...pair(d.status, (s) => t.statuses[s] ?? s)));
  if ('owner' in d) parts.push(t.history.owner(...pair(d.owner)));
  if ('nextCallOn' in d) parts.push(t.history.nextCall(...pair(d.nextCallOn)));
  if (d.note) parts.push(t.history.note);
  if (parts.length === 0 && Object.keys(d).length) parts.push(JSON.stringify(d));
  return parts.join('; ');
}

/** The lead's history: who did what to it and when, newest first. */
export function History({ entries }: { entries: AuditEntry[] }) {
  const t = useMessages();
  return (
    <section className="panel" aria-labelledby="history-title">
      <h2 id="history-title">{t.lead.history}</h2>
      {entries.length === 0 ? (
        <p>{t.lead.noHistory}</p>
      ) : (
        <ul className="timeline">
          {entries.map((e) => (
            <li key={e.id}>
              <span className="timeline-when">{dateTime(e.at, t.locale)}</span> {e.actor}: {t.audit.actions[e.action] ?? e.action}
              {e.detail && Object.keys(e.detail).length > 0 && <> ({describeDetail(e, t)})</>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
