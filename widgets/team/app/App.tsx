import { useCallback, useEffect, useMemo, useState } from 'react';
import { TEAM_API, TEAM_PAGES, type TeamMember } from '../../../contract/team.ts';
import { AuditLog } from '../audit/AuditLog.tsx';
import { CATALOGUES, initialLanguage, keepLanguage, MessagesContext } from '../i18n/index.ts';
import { Invite } from '../invite/Invite.tsx';
import { LeadPage } from '../lead/LeadPage.tsx';
import { SignIn } from '../sign-in/SignIn.tsx';
import { Worklist } from '../worklist/Worklist.tsx';
import { api, TeamApiError } from './api.ts';
import { ErrorMessage } from './ErrorMessage.tsx';
import { Header } from './Header.tsx';
import { navigate, useLocation } from './router.ts';
import { SessionContext } from './session.ts';

/**
 * The team app: the member signed in (asked of the API, which alone knows: the page holds
 * nothing), then the screen its path names. Signed out, every path but an invitation's shows
 * sign-in.
 */
export function App() {
  const [lang, setLang] = useState(initialLanguage);
  const t = CATALOGUES[lang]!;
  const where = useLocation();
  /** undefined: not known yet; null: signed out. */
  const [member, setMember] = useState<TeamMember | null | undefined>(undefined);
  const [failure, setFailure] = useState<unknown>(null);

  const refresh = useCallback(() => {
    api<{ member: TeamMember }>(TEAM_API.me).then(
      (r) => {
        setMember(r.member);
        setFailure(null);
      },
      (error: unknown) => {
        if (error instanceof TeamApiError && error.status === 401) setMember(null);
        else setFailure(error);
      },
    );
  }, []);
  useEffect(refresh, [refresh]);
  useEffect(() => {
    document.documentElement.lang = t.htmlLang;
  }, [t]);

  const session = useMemo(() => (member ? { member, ended: () => setMember(null) } : null), [member]);
  const switchLanguage = () => {
    const next = lang === 'en' ? 'hi' : 'en';
    keepLanguage(next);
    setLang(next);
  };

  let screen;
  if (where.path === TEAM_PAGES.invite) {
    screen = (
      <Invite
        token={where.hash}
        onSignedIn={(m) => {
          setMember(m);
          navigate(TEAM_PAGES.worklist, { replace: true });
        }}
      />
    );
  } else if (failure) screen = <ErrorMessage error={failure} />;
  else if (member === undefined) screen = <p className="message">{t.loading}</p>;
  else if (member === null) screen = <SignIn onSignedIn={setMember} />;
  else {
    const lead = /^\/team\/leads\/(\d+)$/.exec(where.path);
    if (lead) screen = <LeadPage id={Number(lead[1])} key={lead[1]} />;
    else if (where.path === TEAM_PAGES.audit) screen = <AuditLog />;
    else screen = <Worklist spam={where.path === TEAM_PAGES.spam} search={where.search} key={where.path} />;
  }

  return (
    <MessagesContext.Provider value={t}>
      <SessionContext.Provider value={session}>
        <Header member={session?.member ?? null} path={where.path} onLanguage={switchLanguage} onSignedOut={() => setMember(null)} />
        <main id="main" className="main">
          {screen}
        </main>
      </SessionContext.Provider>
    </MessagesContext.Provider>
  );
}
