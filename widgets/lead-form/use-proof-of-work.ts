import { useLayoutEffect, useRef } from 'react';
import { CHALLENGE_PATH } from '../../contract/http.ts';
import { resolveApiBase } from './api-base.ts';
import { createProofOfWork, type ProofOfWork } from './proof-of-work.ts';

/**
 * One form's proof of work (proof-of-work.ts): solving begins at `start()` (the form calls it
 * at the visitor's first focus or keystroke) and stops when the form goes; `take()` gives the
 * solution when the form is sent, or nothing when it is not ready in time.
 */
export function useProofOfWork(apiBase: string | undefined) {
  const apiBaseRef = useRef(apiBase);
  apiBaseRef.current = apiBase;
  const proof = useRef<ProofOfWork | null>(null);
  useLayoutEffect(() => () => proof.current?.stop(), []);

  /** Where the challenge comes from: the form's service, as it is now. */
  const challengeUrl = () => `${resolveApiBase(apiBaseRef.current)}${CHALLENGE_PATH}`;
  return {
    challengeUrl,
    start(): void {
      proof.current ??= createProofOfWork(challengeUrl);
      proof.current.start();
    },
    take: () => proof.current?.take(),
  };
}
