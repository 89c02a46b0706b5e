/** The lead page's reading parts, below the follow-up: its notes, what the person sent, where it came from and where it went. */
import { COURSE_VALUES, isFieldName, ROLES } from '../../../contract/lead-contract.ts';
import { TEAM_API, TEAM_PAGES, type LeadDetail, type LeadNote } from '../../../contract/team.ts';
import { dateTime } from '../app/format.ts';
import { onLinkClick } from '../app/router.ts';
import { useMessages, type TeamMessages } from '../i18n/index.ts';
import { fileSize } from '../../lead-form/cv-file.ts';

/** A field's value as its reader sees it: a role or a course in their language. */
function fieldValue(name: string, value: string, t: TeamMessages): string {
  const role = name === 'areaOfInterest' ? ROLES.find((r) => r.value === value)?.value : undefined;
  const course = name === 'course' ? COURSE_VALUES.find((c) => c === value) : undefined;
  return role ? t.choices.roles[role] : course ? t.choices.courses[course] : value;
}

export function Notes({ notes }: { notes: LeadNote[] }) {
  const t = useMessages();
  return (
    <section className="panel" aria-labelledby="notes-title">
      <h2 id="notes-title">{t.lead.notes}</h2>
      <p className="hint">{t.lead.noteHint}</p>
      {notes.length === 0 ? (
        <p>{t.lead.noNotes}</p>
      ) : (
        <ul className="notes">
          {[...notes].reverse().map((n) => (
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
  );
}

/** What the person sent (every field by its label in the app's language), their CV, and their earlier applications. */
export function Details({ lead }: { lead: LeadDetail }) {
  const t = useMessages();
  const fields = Object.entries(lead.fields).filter(([, v]) => v !== '');
  return (
    <>
      <section className="panel" aria-labelledby="details-title">
        <h2 id="details-title">{t.lead.details}</h2>
        <dl className="facts">
          {fields.map(([name, value]) => (
            <div key={name}>
              {/* A field no longer in the contract (an old lead's) has no label: its key is all there is. */}
              <dt>{isFieldName(name) ? t.fields[name] : name}</dt>
              <dd className={name === 'message' ? 'long' : undefined}>{fieldValue(name, value, t)}</dd>
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
                {t.lead.appliedBeforeItem(dateTime(earlier.createdAt, t.locale), fieldValue('areaOfInterest', earlier.role, t))}
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

/** A form's language in the reader's language, and its code: "Hindi (hi)", "ஹிந்தி (hi)". */
const languageName = (code: string, locale: string) => `${new Intl.DisplayNames([locale], { type: 'language' }).of(code) ?? code} (${code})`;

/** Where the lead came from (reference, time, form language, source, page, campaign, notice) and where it was delivered. */
export function Source({ lead }: { lead: LeadDetail }) {
  const t = useMessages();
  const facts: [string, string][] = [
    [t.lead.reference, lead.reference],
    [t.lead.receivedAt, dateTime(lead.createdAt, t.locale)],
    [t.lead.language, languageName(lead.language, t.locale)],
    [t.lead.sourceLabel, lead.source ?? '—'],
    ...(lead.page ? [[t.lead.page, lead.page] as [string, string]] : []),
    ...(Object.keys(lead.campaignParameters).length ? [[t.lead.campaign, Object.entries(lead.campaignParameters).map(([k, v]) => `${k}=${v}`).join(', ')] as [string, string]] : []),
    ...(lead.withoutProofOfWork ? [[t.lead.withoutProofLabel, t.lead.withoutProof] as [string, string]] : []),
    ...(lead.noticeVersion ? [[t.lead.notice, lead.noticeVersion] as [string, string]] : []),
  ];
  return (
    <section className="panel" aria-labelledby="source-title">
      <h2 id="source-title">{t.lead.source}</h2>
      <dl className="facts">
        {facts.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd className={term === t.lead.reference ? 'reference' : undefined}>{value}</dd>
          </div>
        ))}
      </dl>
      <h3>{t.lead.deliveries}</h3>
      {lead.deliveries.length === 0 ? (
        <p>{t.lead.noDeliveries}</p>
      ) : (
        <ul className="timeline">
          {lead.deliveries.map((d, i) => (
            <li key={i}>
              {d.target}: {t.lead.delivery[d.status]}, {t.lead.attempts(d.attempts)}
              {d.deliveredAt ? `, ${dateTime(d.deliveredAt, t.locale)}` : ''}
              {d.lastError ? ` (${d.lastError})` : ''}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
