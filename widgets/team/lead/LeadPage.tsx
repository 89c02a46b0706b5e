import { useEffect, useState } from 'react';
import { ROLES } from '../../../contract/lead-contract.ts';
import { languages } from '../../../contract/languages.ts';
import { TEAM_API, TEAM_PAGES, type LeadDetail, type TeamMember } from '../../../contract/team.ts';
import { TeamApiError } from '../app/api.ts';
import { ErrorMessage } from '../app/ErrorMessage.tsx';
import { dateTime } from '../app/format.ts';
import { onLinkClick } from '../app/router.ts';
import { useSession } from '../app/session.ts';
import { useApi } from '../app/use-api.ts';
import { useTitle } from '../app/use-title.ts';
import { useMessages } from '../i18n/index.ts';
import { lastList } from '../worklist/query.ts';
import { Contact } from './Contact.tsx';
import { History } from './History.tsx';
import { PersonData } from './PersonData.tsx';
import { WorkForm } from './WorkForm.tsx';
import { fileSize } from '../../lead-form/cv-file.ts';
import './lead.css';

/** A form's language by its own name, and its code: "हिन्दी (hi)". */
const languageName = (code: string) => `${languages.find((l) => l.code === code)?.name ?? code} (${code})`;

const fieldValue = (name: string, value: string) => (name === 'areaOfInterest' ? (ROLES.find((r) => r.value === value)?.label ?? value) : value);

/** One lead: how to reach them, the follow-up form, what they sent, where from, its notes, history and deliveries. */
export function LeadPage({ id }: { id: number }) {
  const t = useMessages();
  const call = useApi();
  const { member } = useSession();
  const [lead, setLead] = useState<LeadDetail | null>(null);
  const [members, setMembers] = useState<TeamMember[]>([]);
  const [error, setError] = useState<unknown>(null);
  const [erased, setErased] = useState<string | null>(null);
  const [notSpam, setNotSpam] = useState<string | null>(null);
  useTitle(lead?.name ?? `#${id}`);

  useEffect(() => {
    call<{ lead: LeadDetail }>(TEAM_API.lead(id)).then((r) => setLead(r.lead), setError);
    call<{ members: TeamMember[] }>(TEAM_API.members).then((r) => setMembers(r.members), () => undefined);
  }, [id, call]);

  const takeOutOfSpam = async () => {
    setError(null);
    try {
      const r = await call<{ queued: number; lead: LeadDetail }>(TEAM_API.notSpam(id), { body: {} });
      setLead(r.lead);
      setNotSpam(t.lead.notSpamDone(r.queued));
    } catch (e) {
      if (e instanceof TeamApiError && e.body.lead) setLead(e.body.lead as LeadDetail);
      setError(e);
    }
  };

  const back = lead?.spam ? { href: lastList(TEAM_PAGES.spam), label: t.lead.backToSpam } : { href: lastList(TEAM_PAGES.worklist), label: t.lead.back };
  if (erased) {
    return (
      <>
        <h1>{t.lead.person}</h1>
        <p className="message" role="status">
          {erased}
        </p>
        <p>
          <a href={back.href} onClick={onLinkClick}>
            {back.label}
          </a>
        </p>
      </>
    );
  }
  if (!lead) {
    return (
      <>
        <p>
          <a href={TEAM_PAGES.worklist} onClick={onLinkClick}>
            {t.lead.back}
          </a>
        </p>
        {error ? <ErrorMessage error={error} /> : <p className="message">{t.loading}</p>}
      </>
    );
  }
  const fields = Object.entries(lead.fields).filter(([, v]) => v !== '');
  return (
    <article className="lead">
      <p>
        <a href={back.href} onClick={onLinkClick}>
          {back.label}
        </a>
      </p>
      <h1>{lead.name || `#${lead.id}`}</h1>
      <p className="lead-sub">
        {[t.kinds[lead.kind], lead.organisation, lead.city].filter(Boolean).join(' · ')}
        {lead.late && <span className="badge badge-late">{t.lead.late}</span>}
        <span className={`badge status-${lead.status.replace(/\s+/g, '-')}`}>{t.statuses[lead.status]}</span>
      </p>
      <Contact phone={lead.phone} email={lead.email} />

      {lead.spam && (
        <section className="panel panel-warning" aria-labelledby="spam-title">
          <h2 id="spam-title">{t.lead.spam}</h2>
          {lead.spamReason && <p>{t.lead.spamReason(lead.spamReason)}</p>}
          <button type="button" className="button button-primary" onClick={takeOutOfSpam}>
            {t.lead.notSpam}
          </button>
        </section>
      )}
      {notSpam && (
        <p className="message" role="status">
          {notSpam}
        </p>
      )}
      <ErrorMessage error={error} />

      <WorkForm lead={lead} members={members} onLead={setLead} key={`${lead.id}`} />

      <section className="panel" aria-labelledby="notes-title">
        <h2 id="notes-title">{t.lead.notes}</h2>
        {lead.notes.length === 0 ? (
          <p>{t.lead.noNotes}</p>
        ) : (
          <ul className="notes">
            {[...lead.notes].reverse().map((n) => (
              <li key={n.id}>
                <p className="note-meta">
                  {n.author}, {dateTime(n.at, t.locale)}
                </p>
                <p className="note-text">{n.text}</p>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="panel" aria-labelledby="details-title">
        <h2 id="details-title">{t.lead.details}</h2>
        <dl className="facts">
          {fields.map(([name, value]) => (
            <div key={name}>
              <dt>{t.fields[name] ?? name}</dt>
              <dd className={name === 'message' ? 'long' : undefined}>{fieldValue(name, value)}</dd>
            </div>
          ))}
          {lead.kind === 'career' && (
            <div>
              <dt>{t.lead.cv}</dt>
              <dd>
                {lead.cv ? (
                  <a href={TEAM_API.cv(lead.id)} download>
                    {t.lead.cvDownload(lead.cv.name, fileSize(lead.cv.size, t.lead.size))}
                  </a>
                ) : (
                  t.lead.cvNone
                )}
              </dd>
            </div>
          )}
        </dl>
      </section>

      {lead.appliedBefore.length > 0 && (
        <section className="panel" aria-labelledby="applied-before-title">
          <h2 id="applied-before-title">{t.lead.appliedBefore}</h2>
          <ul className="timeline">
            {lead.appliedBefore.map((earlier) => (
              <li key={earlier.id}>
                <a href={TEAM_PAGES.lead(earlier.id)} onClick={onLinkClick}>
                  {earlier.reference}
                </a>
                {': '}
                {t.lead.appliedBeforeItem(dateTime(earlier.createdAt, t.locale), fieldValue('areaOfInterest', earlier.role))}
              </li>
            ))}
          </ul>
        </section>
      )}

      <section className="panel" aria-labelledby="source-title">
        <h2 id="source-title">{t.lead.source}</h2>
        <dl className="facts">
          <div>
            <dt>{t.lead.reference}</dt>
            <dd className="reference">{lead.reference}</dd>
          </div>
          <div>
            <dt>{t.lead.receivedAt}</dt>
            <dd>{dateTime(lead.createdAt, t.locale)}</dd>
          </div>
          <div>
            <dt>{t.lead.language}</dt>
            <dd>{languageName(lead.language)}</dd>
          </div>
          <div>
            <dt>{t.lead.sourceLabel}</dt>
            <dd>{lead.source ?? '—'}</dd>
          </div>
          {lead.page && (
            <div>
              <dt>{t.lead.page}</dt>
              <dd>{lead.page}</dd>
            </div>
          )}
          {Object.keys(lead.campaignParameters).length > 0 && (
            <div>
              <dt>{t.lead.campaign}</dt>
              <dd>
                {Object.entries(lead.campaignParameters)
                  .map(([k, v]) => `${k}=${v}`)
                  .join(', ')}
              </dd>
            </div>
          )}
          {lead.withoutProofOfWork && (
            <div>
              <dt>{t.lead.withoutProofLabel}</dt>
              <dd>{t.lead.withoutProof}</dd>
            </div>
          )}
          {lead.noticeVersion && (
            <div>
              <dt>{t.lead.notice}</dt>
              <dd>{lead.noticeVersion}</dd>
            </div>
          )}
        </dl>
        <h3>{t.lead.deliveries}</h3>
        {lead.deliveries.length === 0 ? (
          <p>{t.lead.noDeliveries}</p>
        ) : (
          <ul className="timeline">
            {lead.deliveries.map((d, i) => (
              <li key={i}>
                {d.target}: {t.lead.delivery[d.status] ?? d.status}, {t.lead.attempts(d.attempts)}
                {d.deliveredAt ? `, ${dateTime(d.deliveredAt, t.locale)}` : ''}
                {d.lastError ? ` (${d.lastError})` : ''}
              </li>
            ))}
          </ul>
        )}
      </section>

      <History entries={lead.history} />

      {member.role === 'admin' && <PersonData lead={lead} onErased={setErased} />}
    </article>
  );
}
