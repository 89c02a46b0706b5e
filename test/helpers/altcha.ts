/**
 * Solving the service's proof-of-work challenge in Node with altcha-lib (as the widget does
 * in the browser): GET /altcha-challenge, solve, and encode the X-Altcha header value.
 */
import { solveChallenge } from 'altcha-lib/v1';
import type { Challenge } from 'altcha-lib/v1/types';

export async function fetchChallenge(apiBase: string): Promise<Challenge> {
  const res = await fetch(`${apiBase}/altcha-challenge`);
  if (!res.ok) throw new Error(`GET /altcha-challenge answered ${res.status}`);
  return (await res.json()) as Challenge;
}

/** The X-Altcha header value: base64 of {algorithm, challenge, number, salt, signature}. */
export async function solve(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber).promise;
  if (!solution) throw new Error('challenge not solved');
  const { algorithm, salt, signature } = challenge;
  return Buffer.from(JSON.stringify({ algorithm, challenge: challenge.challenge, number: solution.number, salt, signature })).toString('base64');
}

export const solvedHeader = async (apiBase: string): Promise<string> => solve(await fetchChallenge(apiBase));
