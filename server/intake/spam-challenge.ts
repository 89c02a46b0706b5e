import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { createChallenge, extractParams, verifySolution } from 'altcha-lib/v1';
import type { Challenge, Payload } from 'altcha-lib/v1/types';
import type { FastifyInstance } from 'fastify';
import { CHALLENGE_PATH, HEADERS } from '../../contract/http.ts';
import type { SpamReason } from '../../contract/team.ts';

/**
 * The self-hosted proof of work (ALTCHA, the v1 format of altcha-lib): the widget fetches a
 * challenge from GET /altcha-challenge, solves it in the background and sends the solution
 * in the X-Altcha header (base64 of {algorithm, challenge, number, salt, signature}). The
 * challenge is signed with an HMAC key, so the service keeps no state until it is used;
 * it expires (the expiry is inside the signed salt) and is good for one lead only.
 */

export { CHALLENGE_PATH };
/** The proof-of-work header as Node lists it (lowercase). */
export const SOLUTION_HEADER = HEADERS.proof.toLowerCase();
export const CHALLENGE_TTL_MS = 20 * 60 * 1000;
/** The key file kept in DATA_DIR when ALTCHA_HMAC_KEY is unset (backups copy it: address hashes and CV links depend on it). */
export const HMAC_KEY_FILE = 'altcha-hmac.key';
const MAX_HEADER_LENGTH = 1000;

/**
 * Why a lead was flagged as spam (contract/team.ts SPAM_REASONS, which the team's app says in
 * words); null when it carried a valid, unused solution (or the check is off), or came from a
 * form sent without script whose honeypot was left empty (form-post.ts); `honeypot`: that
 * field was filled in.
 */
export type { SpamReason };

export type SolutionCheck =
  | {
      spam: null;
      solution: { signature: string; expiresAt: number } | null;
      /** A form sent without script, passed by the rule for posts without proof (form-post.ts): delivered, marked as such. */
      withoutProof?: true;
    }
  | { spam: SpamReason; solution: null };

/**
 * The HMAC key: ALTCHA_HMAC_KEY when set, else a random key made once and kept in
 * DATA_DIR/altcha-hmac.key (0600), so challenges survive a restart.
 */
export function loadHmacKey(dataDir: string, configured: string | undefined): string {
  if (configured) return configured;
  const file = path.join(dataDir, HMAC_KEY_FILE);
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const key = randomBytes(32).toString('base64url');
  try {
    fs.writeFileSync(file, `${key}\n`, { mode: 0o600, flag: 'wx' });
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return fs.readFileSync(file, 'utf8').trim();
    throw error;
  }
}

function decode(header: string): Payload | undefined {
  if (header.length > MAX_HEADER_LENGTH) return undefined;
  try {
    const value = JSON.parse(Buffer.from(header, 'base64').toString('utf8')) as Record<string, unknown>;
    const ok =
      value !== null &&
      value.algorithm === 'SHA-256' &&
      typeof value.challenge === 'string' &&
      typeof value.salt === 'string' &&
      typeof value.signature === 'string' &&
      Number.isSafeInteger(value.number) &&
      (value.number as number) >= 0;
    return ok ? (value as unknown as Payload) : undefined;
  } catch {
    return undefined;
  }
}

export function createSpamChallenge(options: { hmacKey: string; maxNumber: number; ttlMs?: number; now?: () => number }) {
  const ttlMs = options.ttlMs ?? CHALLENGE_TTL_MS;
  const now = options.now ?? Date.now;

  return {
    /** A fresh signed challenge that expires in ttlMs. */
    issue(): Promise<Challenge> {
      return createChallenge({ hmacKey: options.hmacKey, maxnumber: options.maxNumber, expires: new Date(now() + ttlMs) });
    },

    /**
     * Checks the X-Altcha header. Valid means: well formed, signed by us, solved, not
     * expired. Whether it was used before is for the caller to check in the lead's own
     * transaction, by the returned signature.
     */
    async check(header: string | string[] | undefined): Promise<SolutionCheck> {
      const value = Array.isArray(header) ? header[0] : header;
      if (!value || !value.trim()) return { spam: 'no-solution', solution: null };
      const payload = decode(value.trim());
      if (!payload) return { spam: 'invalid-solution', solution: null };
      const expires = Number(extractParams(payload).expires) * 1000;
      if (!Number.isFinite(expires)) return { spam: 'invalid-solution', solution: null };
      if (!(await verifySolution(payload, options.hmacKey, false))) return { spam: 'invalid-solution', solution: null };
      if (expires < now()) return { spam: 'expired-solution', solution: null };
      return { spam: null, solution: { signature: payload.signature, expiresAt: expires } };
    },
  };
}

export type SpamChallenge = ReturnType<typeof createSpamChallenge>;

/**
 * GET /altcha-challenge → a fresh challenge, never cached. Open to every origin (the API's
 * CORS), with its own rate limit: a form fetches one per visit, more often than it posts.
 */
export function registerChallengeRoute(app: FastifyInstance, challenger: SpamChallenge, limits: { max: number; timeWindow: number }): void {
  app.get(CHALLENGE_PATH, { config: { rateLimit: limits } }, async (_request, reply) => {
    const challenge = await challenger.issue();
    return reply.header('Cache-Control', 'no-store').type('application/json; charset=utf-8').send(JSON.stringify(challenge));
  });
}
