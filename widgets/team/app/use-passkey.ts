import { useState } from 'react';
import { TeamApiError } from './api.ts';

/**
 * A passkey ceremony's steps, written once for sign-in and for an invitation: ask the
 * service for a challenge, let the browser ask the person (their fingerprint, face or screen
 * lock; cancelling there is no error of ours), then hand the answer back. `working` while it
 * runs, `cancelled` when the browser's step was cancelled or found no passkey, `error` when
 * the service refused or could not be reached.
 */
export interface PasskeySteps<Options, Member> {
  challenge(): Promise<{ challengeId: string; options: Options }>;
  /** The browser's step (@simplewebauthn/browser): throws when the person cancels. */
  ask(options: Options): Promise<unknown>;
  answer(challengeId: string, response: unknown): Promise<Member>;
}

export function usePasskey<Options, Member>(steps: PasskeySteps<Options, Member>, done: (member: Member) => void) {
  const [working, setWorking] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [cancelled, setCancelled] = useState(false);

  const run = async () => {
    setWorking(true);
    setError(null);
    setCancelled(false);
    try {
      const { challengeId, options } = await steps.challenge();
      let response: unknown;
      try {
        response = await steps.ask(options);
      } catch {
        setCancelled(true);
        return;
      }
      done(await steps.answer(challengeId, response));
    } catch (e) {
      setError(e instanceof TeamApiError ? e : new TeamApiError(0, 'unavailable', String(e)));
    } finally {
      setWorking(false);
    }
  };
  return { run, working, error, cancelled };
}
