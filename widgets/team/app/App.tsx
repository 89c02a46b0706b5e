import { useCallback, useEffect, useMemo, useState } from 'react';
import type { LanguageCode } from '../../../contract/languages.ts';
import { TEAM_API, TEAM_PAGES, type TeamMember } from '../../../contract/team.ts';
import { AuditLog } from '../audit/AuditLog.tsx';
import { en, MessagesContext } from '../i18n/index.ts';
import { Invite } from '../invite/Invite.tsx';
import { LeadPage } from '../lead/LeadPage.tsx';
import { Profile } from '../profile/Profile.tsx';
import { SignIn } from '../sign-in/SignIn.tsx';
import { Worklist } from '../worklist/Worklist.tsx';
import { api, TeamApiError } from './api.ts';
import { ErrorMessage } from './ErrorMessage.tsx';
import { Header } from './Header.tsx';
import { navigate, useLocation, type Location } from './router.ts';
import { SessionContext } from './session.ts';
import { useLanguage } from './use-language.ts';

/**
 * The team app: the member signed in (asked of the API, which alone knows: the page holds
 * nothing), in their own language, then the screen its path names. Signed out, every path
 * but an invitation's shows sign-in.
 */
export function App() {
  const where = useLocation();
  const { lang, t, choose } = useLanguage();
  /** undefined: not known yet; null: signed out. */
  const [member, setMember] = useState<TeamMember | null | undefined>(undefined);
  const [failure, setFailure] = useState<unknown>(null);

  const signedIn = useCallback(
    (m: TeamMember) => {
      setMember(m);
      choose(m.language);
    },
    [choose],
  );
  useEffect(() => {
    api<{ member: TeamMember }>(TEAM_API.me).then(
      (r) => signedIn(r.member),
      (error: unknown) => (error instanceof TeamApiError && error.status === 401 ? setMember(null) : setFailure(error)),
    );
  }, [signedIn]);

  const session = useMemo(() => (member ? { member, ended: () => setMember(null), changed: signedIn } : null), [member, signedIn]);
  /** A language chosen in the menu: this device at once, and the member's own on the service. */
  const chooseLanguage = (next: LanguageCode) => {
    choose(next);
    if (member) api<{ member: TeamMember }>(TEAM_API.me, { method: 'PATCH', body: { language: next } }).then((r) => setMember(r.member), () => undefined);
  };

  return (
    <MessagesContext.Provider value={t ?? en}>
      <SessionContext.Provider value={session}>
        {t && <Header member={session?.member ?? null} where={where} lang={lang} onLanguage={chooseLanguage} onSignedOut={() => setMember(null)} />}
        <main id="main" className="main">
          {t && <Screen where={where} member={member} failure={failure} onSignedIn={signedIn} onInvitation={(i) => choose(i.language)} />}
        </main>
      </SessionContext.Provider>
    </MessagesContext.Provider>
  );
}

interface ScreenProps {
  where: Location;
  member: TeamMember | null | undefined;
  failure: unknown;
  onSignedIn(member: TeamMember): void;
  onInvitation(invitation: { language: LanguageCode }): void;
}

/** The screen the path names, for the member (or sign-in). */
function Screen({ where, member, failure, onSignedIn, onInvitation }: ScreenProps) {
  if (where.path === TEAM_PAGES.invite) {
    return (
      <Invite
        token={where.hash}
        onLanguage={onInvitation}
        onSignedIn={(m) => {
          onSignedIn(m);
          navigate(TEAM_PAGES.worklist, { replace: true });
        }}
      />
    );
  }
  if (failure) return <ErrorMessage error={failure} />;
  if (member === undefined) return null;
  if (member === null) return <SignIn onSignedIn={onSignedIn} />;
  const lead = /^\/team\/leads\/(\d+)$/.exec(where.path);
  if (lead) return <LeadPage id={Number(lead[1])} where={where} key={lead[1]} />;
  if (where.path === TEAM_PAGES.audit) return <AuditLog />;
  if (where.path === TEAM_PAGES.profile) return <Profile />;
  return <Worklist spam={where.path === TEAM_PAGES.spam} search={where.search} key={`${where.path}${where.search}`} />;
}
