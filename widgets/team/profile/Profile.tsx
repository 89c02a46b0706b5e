import { useId, useState } from 'react';
import { isLanguageCode, type LanguageCode } from '../../../contract/languages.ts';
import { MEMBER_NAME_MAX_LENGTH, TEAM_API, type TeamMember } from '../../../contract/team.ts';
import { ErrorMessage } from '../app/ErrorMessage.tsx';
import { LanguageOptions } from '../app/options.tsx';
import { useSession } from '../app/session.ts';
import { useApi } from '../app/use-api.ts';
import { useTitle } from '../app/use-title.ts';
import { useMessages } from '../i18n/index.ts';

/** The member's own name (shown to the team on their leads and notes) and the language the app speaks to them. */
export function Profile() {
  const t = useMessages();
  const call = useApi();
  const session = useSession();
  useTitle(t.profile.title);
  const [name, setName] = useState(session.member.name);
  const [language, setLanguage] = useState<LanguageCode>(session.member.language);
  const [said, setSaid] = useState('');
  const [error, setError] = useState<unknown>(null);
  const id = useId();
  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    setSaid('');
    try {
      const { member } = await call<{ member: TeamMember }>(TEAM_API.me, { method: 'PATCH', body: { name: name.trim(), language } });
      session.changed(member);
      setSaid(t.profile.saved);
    } catch (e) {
      setError(e);
    }
  };
  return (
    <section className="panel profile" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>{t.profile.title}</h1>
      <p>{t.profile.intro}</p>
      <form onSubmit={save} className="profile-form">
        <div className="field">
          <label htmlFor={`${id}-name`}>{t.profile.name}</label>
          <input id={`${id}-name`} type="text" value={name} onChange={(e) => setName(e.currentTarget.value)} maxLength={MEMBER_NAME_MAX_LENGTH} autoComplete="name" aria-describedby={`${id}-hint`} />
          <span id={`${id}-hint`} className="hint">
            {t.profile.nameHint}
          </span>
        </div>
        <div className="field">
          <label htmlFor={`${id}-language`}>{t.profile.language}</label>
          <select id={`${id}-language`} value={language} onChange={(e) => isLanguageCode(e.currentTarget.value) && setLanguage(e.currentTarget.value)}>
            <LanguageOptions />
          </select>
        </div>
        <button type="submit" className="button button-primary">
          {t.profile.save}
        </button>
        <p className="sr-status" role="status">
          {said}
        </p>
        <ErrorMessage error={error} />
      </form>
    </section>
  );
}
