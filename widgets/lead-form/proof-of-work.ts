/**
 * The ALTCHA proof of work a form solves in the background while the visitor types:
 * `GET {apiBase}/altcha-challenge` from our own service, no third party,
 * nothing for the visitor to do. The solution travels in the `X-Altcha` header, never in
 * the spec's body. Whatever goes wrong (no endpoint, no Web Crypto outside a secure
 * context, not solved in time) the form submits without it: the service stores such a
 * lead flagged, it never loses it.
 */
import { solveChallenge } from 'altcha-lib/v1';

/** How long a submit waits for a solve that is still running. */
export const PROOF_WAIT_MS = 2000;
const CHALLENGE_TIMEOUT_MS = 10_000;
/**
 * Numbers tried between two yields to the page (about 5 ms of work). Web Crypto's digest
 * resolves without giving the event loop a turn, so an unbroken search would freeze the
 * page: typing, timers, painting.
 */
const SLICE = 200;

// The page's own timer, taken when the widget loads (as React's scheduler does), so a
// later replacement of setTimeout (a test's fake clock) cannot stall the work.
const setTimer = globalThis.setTimeout.bind(globalThis);
const clearTimer = globalThis.clearTimeout.bind(globalThis);
const yieldToPage = () => new Promise<void>((resolve) => setTimer(resolve, 0));

/** altcha-lib's search over [0, max], a slice at a time, yielding between slices. */
async function search(challenge: Challenge, signal: AbortSignal): Promise<number | undefined> {
  const max = challenge.maxnumber ?? 1e6;
  for (let start = 0; start <= max; start += SLICE) {
    if (signal.aborted) return undefined;
    const slice = solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, Math.min(start + SLICE - 1, max), start);
    const found = await slice.promise;
    if (found) return found.number;
    await yieldToPage();
  }
  return undefined;
}

interface Challenge {
  algorithm: string;
  challenge: string;
  maxnumber?: number;
  salt: string;
  signature: string;
}

const isChallenge = (value: unknown): value is Challenge => {
  const c = value as Partial<Challenge> | null;
  return (
    typeof c === 'object' && c !== null &&
    typeof c.algorithm === 'string' && typeof c.challenge === 'string' &&
    typeof c.salt === 'string' && typeof c.signature === 'string' &&
    (c.maxnumber === undefined || (typeof c.maxnumber === 'number' && c.maxnumber > 0))
  );
};

/** Fetches a challenge and solves it: the header value (base64 JSON), or undefined. */
export async function solve(challengeUrl: string, signal: AbortSignal): Promise<string | undefined> {
  if (!globalThis.crypto?.subtle) return undefined; // Web Crypto needs a secure context
  try {
    // The challenge request is bounded on its own: a service that never answers must not hold the solve.
    const response = await fetch(challengeUrl, {
      credentials: 'omit',
      cache: 'no-store',
      headers: { Accept: 'application/json' },
      signal: AbortSignal.timeout(CHALLENGE_TIMEOUT_MS),
    });
    if (signal.aborted) return undefined;
    if (!response.ok) return undefined;
    const challenge: unknown = await response.json();
    if (!isChallenge(challenge)) return undefined;
    const number = await search(challenge, signal);
    if (number === undefined) return undefined;
    const { algorithm, salt, signature } = challenge;
    return btoa(JSON.stringify({ algorithm, challenge: challenge.challenge, number, salt, signature }));
  } catch {
    return undefined;
  }
}

/** Whether a solution's challenge has expired, or will within a minute (the expiry is in its signed salt). */
export function proofExpired(header: string, now = Date.now()): boolean {
  try {
    const { salt } = JSON.parse(atob(header)) as { salt?: unknown };
    const expires = typeof salt === 'string' ? /[?&]expires=(\d+)/.exec(salt)?.[1] : undefined;
    return expires !== undefined && Number(expires) * 1000 - 60_000 < now;
  } catch {
    return true;
  }
}

export interface ProofOfWork {
  /** Starts fetching and solving a challenge, unless one is already under way or solved. */
  start(): void;
  /**
   * The solution for one submit, or undefined: waits up to `waitMs` for a solve in
   * progress. A solution is single-use, so the next `start()` begins a new one.
   */
  take(waitMs?: number): Promise<string | undefined>;
  /** Stops any work (the form went away). */
  stop(): void;
}

export function createProofOfWork(challengeUrl: () => string): ProofOfWork {
  let current: { result: Promise<string | undefined>; controller: AbortController } | undefined;
  return {
    start() {
      if (current) return;
      const controller = new AbortController();
      current = { controller, result: solve(challengeUrl(), controller.signal) };
    },
    async take(waitMs = PROOF_WAIT_MS) {
      const work = current;
      current = undefined;
      if (!work) return undefined;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const late = new Promise<undefined>((resolve) => (timer = setTimer(resolve, waitMs, undefined)));
      const header = await Promise.race([work.result, late]);
      clearTimer(timer);
      if (header === undefined) work.controller.abort();
      return header;
    },
    stop() {
      current?.controller.abort();
      current = undefined;
    },
  };
}
