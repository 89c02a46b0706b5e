import { TEAM_API, TEAM_PAGES, type TeamMember } from '../../../contract/team.ts';
import { useMessages } from '../i18n/index.ts';
import { api } from './api.ts';
import { onLinkClick } from './router.ts';

interface Props {
  member: TeamMember | null;
  path: string;
  onLanguage(): void;
  onSignedOut(): void;
}

/** The app's bar: its name, the screens (signed in), the language switch and sign-out. */
export function Header({ member, path, onLanguage, onSignedOut }: Props) {
  const t = useMessages();
  const links = member
    ? [
        { href: TEAM_PAGES.worklist, label: t.nav.worklist, current: path === '/team' || path.startsWith('/team/leads') },
        { href: TEAM_PAGES.spam, label: t.nav.spam, current: path === TEAM_PAGES.spam },
        ...(member.role === 'admin' ? [{ href: TEAM_PAGES.audit, label: t.nav.audit, current: path === TEAM_PAGES.audit }] : []),
      ]
    : [];
  const signOut = async () => {
    await api(TEAM_API.signOut, { method: 'POST', body: {} }).catch(() => undefined);
    onSignedOut();
  };
  return (
    <header className="bar">
      <p className="bar-name">{t.appName}</p>
      {links.length > 0 && (
        <nav aria-label={t.nav.label} className="bar-nav">
          <ul>
            {links.map((l) => (
              <li key={l.href}>
                <a href={l.href} onClick={onLinkClick} aria-current={l.current ? 'page' : undefined}>
                  {l.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <div className="bar-tools">
        <button type="button" className="link-button" lang={t.lang === 'en' ? 'hi' : 'en'} aria-label={t.switchLanguageLabel} onClick={onLanguage}>
          {t.switchLanguage}
        </button>
        {member && (
          <>
            <span className="bar-who">{t.signedInAs(member.email)}</span>
            <button type="button" className="link-button" onClick={signOut}>
              {t.signOut}
            </button>
          </>
        )}
      </div>
    </header>
  );
}
