import { startAuthentication, type PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { useState } from 'react';
import { TEAM_API, type TeamMember } from '../../../contract/team.ts';
import { api, TeamApiError } from '../app/api.ts';
import { ErrorMessage } from '../app/ErrorMessage.tsx';
import { useTitle } from '../app/use-title.ts';
import { useMessages } from '../i18n/index.ts';
import './sign-in.css';

/** Sign-in with a passkey: the browser offers the team's passkeys on this device (no email to type). */
export function SignIn({ onSignedIn }: { onSignedIn(member: TeamMember): void }) {
  const t = useMessages();
  useTitle(t.signIn.title);
  const [working, setWorking] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [cancelled, setCancelled] = useState(false);

  const signIn = async () => {
    setWorking(true);
    setError(null);
    setCancelled(false);
    try {
      const { challengeId, options } = await api<{ challengeId: string; options: PublicKeyCredentialRequestOptionsJSON }>(TEAM_API.signInOptions, { body: {} });
      let response;
      try {
        response = await startAuthentication({ optionsJSON: options });
      } catch {
        setCancelled(true);
        return;
      }
      const { member } = await api<{ member: TeamMember }>(TEAM_API.signIn, { body: { challengeId, response } });
      onSignedIn(member);
    } catch (e) {
      setError(e instanceof TeamApiError ? e : new TeamApiError(0, 'unavailable', String(e)));
    } finally {
      setWorking(false);
    }
  };

  return (
    <section className="panel sign-in" aria-labelledby="sign-in-title">
      <h1 id="sign-in-title">{t.signIn.title}</h1>
      <p>{t.signIn.intro}</p>
      <button type="button" className="button button-primary" onClick={signIn} disabled={working}>
        {working ? t.signIn.working : t.signIn.button}
      </button>
      <ErrorMessage error={error} />
      {cancelled && (
        <p className="message message-error" role="alert">
          {t.signIn.cancelled}
        </p>
      )}
      <p className="hint">{t.signIn.noPasskey}</p>
    </section>
  );
}
