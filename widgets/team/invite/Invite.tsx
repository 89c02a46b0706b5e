import { startRegistration, type PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { useEffect, useState } from 'react';
import { memberLabel, TEAM_API, type TeamMember } from '../../../contract/team.ts';
import { api } from '../app/api.ts';
import { ErrorMessage } from '../app/ErrorMessage.tsx';
import { usePasskey } from '../app/use-passkey.ts';
import { useTitle } from '../app/use-title.ts';
import { useMessages } from '../i18n/index.ts';

type Invitation = Pick<TeamMember, 'email' | 'role' | 'name' | 'language'>;

/**
 * An invitation link (/team/invite#TOKEN: the token stays out of requests' URLs and logs):
 * says whom it is for, in the language it was made in, then registers a passkey and signs
 * the member in.
 */
export function Invite({ token, onSignedIn, onLanguage }: { token: string; onSignedIn(member: TeamMember): void; onLanguage(invitation: Invitation): void }) {
  const t = useMessages();
  useTitle(t.invite.title);
  const [invitation, setInvitation] = useState<Invitation | null>(null);
  const [checkError, setCheckError] = useState<unknown>(null);
  const ceremony = usePasskey(
    {
      challenge: () => api<{ challengeId: string; options: PublicKeyCredentialCreationOptionsJSON }>(TEAM_API.invitationOptions, { body: { token } }),
      ask: (options: PublicKeyCredentialCreationOptionsJSON) => startRegistration({ optionsJSON: options }),
      answer: async (challengeId, response) => (await api<{ member: TeamMember }>(TEAM_API.invitationRegister, { body: { token, challengeId, response } })).member,
    },
    onSignedIn,
  );

  useEffect(() => {
    if (!token) return;
    api<Invitation>(TEAM_API.invitation, { body: { token } }).then((found) => {
      setInvitation(found);
      onLanguage(found);
    }, setCheckError);
  }, [token]);

  return (
    <section className="panel sign-in" aria-labelledby="invite-title">
      <h1 id="invite-title">{t.invite.title}</h1>
      {!token && <p className="message message-error">{t.invite.noToken}</p>}
      {token && !invitation && !checkError && <p className="message">{t.invite.checking}</p>}
      {invitation && (
        <>
          <p>{t.invite.forWhom(invitation.name ? `${invitation.name}, ${invitation.email}` : memberLabel(invitation), t.roles[invitation.role])}</p>
          <p>{t.invite.explain}</p>
          <button type="button" className="button button-primary" onClick={ceremony.run} disabled={ceremony.working}>
            {ceremony.working ? t.invite.working : t.invite.button}
          </button>
        </>
      )}
      <ErrorMessage error={checkError ?? ceremony.error} />
      {ceremony.cancelled && (
        <p className="message message-error" role="alert">
          {t.invite.cancelled}
        </p>
      )}
    </section>
  );
}
