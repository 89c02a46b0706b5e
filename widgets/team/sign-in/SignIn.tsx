import { startAuthentication, type PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { TEAM_API, type TeamMember } from '../../../contract/team.ts';
import { api } from '../app/api.ts';
import { ErrorMessage } from '../app/ErrorMessage.tsx';
import { usePasskey } from '../app/use-passkey.ts';
import { useTitle } from '../app/use-title.ts';
import { useMessages } from '../i18n/index.ts';
import './sign-in.css';

const steps = {
  challenge: () => api<{ challengeId: string; options: PublicKeyCredentialRequestOptionsJSON }>(TEAM_API.signInOptions, { body: {} }),
  ask: (options: PublicKeyCredentialRequestOptionsJSON) => startAuthentication({ optionsJSON: options }),
  answer: async (challengeId: string, response: unknown) => (await api<{ member: TeamMember }>(TEAM_API.signIn, { body: { challengeId, response } })).member,
};

/** Sign-in with a passkey: the browser offers the team's passkeys on this device (no email to type). */
export function SignIn({ onSignedIn }: { onSignedIn(member: TeamMember): void }) {
  const t = useMessages();
  useTitle(t.signIn.title);
  const { run, working, error, cancelled } = usePasskey(steps, onSignedIn);
  return (
    <section className="panel sign-in" aria-labelledby="sign-in-title">
      <h1 id="sign-in-title">{t.signIn.title}</h1>
      <p>{t.signIn.intro}</p>
      <button type="button" className="button button-primary" onClick={run} disabled={working}>
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
