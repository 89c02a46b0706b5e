import { startRegistration, type PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { useEffect, useState } from 'react';
import { TEAM_API, type TeamMember, type TeamRole } from '../../../contract/team.ts';
import { api, TeamApiError } from '../app/api.ts';
import { ErrorMessage } from '../app/ErrorMessage.tsx';
import { useTitle } from '../app/use-title.ts';
import { useMessages } from '../i18n/index.ts';

/**
 * An invitation link (/team/invite#TOKEN: the token stays out of requests' URLs and logs):
 * says whom it is for, then registers a passkey and signs the member in.
 */
export function Invite({ token, onSignedIn }: { token: string; onSignedIn(member: TeamMember): void }) {
  const t = useMessages();
  useTitle(t.invite.title);
  const [invitation, setInvitation] = useState<{ email: string; role: TeamRole } | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [working, setWorking] = useState(false);
  const [cancelled, setCancelled] = useState(false);

  useEffect(() => {
    if (!token) return;
    api<{ email: string; role: TeamRole }>(TEAM_API.invitation, { body: { token } }).then(setInvitation, setError);
  }, [token]);

  const register = async () => {
    setWorking(true);
    setError(null);
    setCancelled(false);
    try {
      const { challengeId, options } = await api<{ challengeId: string; options: PublicKeyCredentialCreationOptionsJSON }>(TEAM_API.invitationOptions, { body: { token } });
      let response;
      try {
        response = await startRegistration({ optionsJSON: options });
      } catch {
        setCancelled(true);
        return;
      }
      const { member } = await api<{ member: TeamMember }>(TEAM_API.invitationRegister, { body: { token, challengeId, response } });
      onSignedIn(member);
    } catch (e) {
      setError(e instanceof TeamApiError ? e : new TeamApiError(0, 'unavailable', String(e)));
    } finally {
      setWorking(false);
    }
  };

  return (
    <section className="panel sign-in" aria-labelledby="invite-title">
      <h1 id="invite-title">{t.invite.title}</h1>
      {!token && <p className="message message-error">{t.invite.noToken}</p>}
      {token && !invitation && !error && <p className="message">{t.invite.checking}</p>}
      {invitation && (
        <>
          <p>{t.invite.forWhom(invitation.email, t.roles[invitation.role])}</p>
          <p>{t.invite.explain}</p>
          <button type="button" className="button button-primary" onClick={register} disabled={working}>
            {working ? t.invite.working : t.invite.button}
          </button>
        </>
      )}
      <ErrorMessage error={error} />
      {cancelled && (
        <p className="message message-error" role="alert">
          {t.invite.cancelled}
        </p>
      )}
    </section>
  );
}
