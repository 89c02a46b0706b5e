import { randomBytes } from 'node:crypto';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { TeamErrorCode } from '../../contract/team.ts';
import type { AccountStore, Member } from './accounts.ts';
import { hashOf } from './sessions.ts';

/**
 * Passkeys (WebAuthn, @simplewebauthn/server): an invitation's link lets its member register
 * one; later sign-ins use it, found by the browser among its passkeys for this relying party
 * (discoverable credentials, so nobody types an email). The relying party is the origin the
 * team opens /team/ on (TEAM_ORIGIN, else SITE_URL's): its host name is the passkeys' scope,
 * and a response signed for any other origin is refused. A challenge is kept in the database
 * for five minutes and taken out by its answer, so it works once, on any instance.
 */

export const INVITATION_MS = 24 * 60 * 60 * 1000;
const CHALLENGE_MS = 5 * 60 * 1000;

export interface RelyingParty {
  /** The origin the team's pages are opened on. */
  origin: string;
  /** What the browser shows when it asks for the passkey. */
  name: string;
}

export type Refusal = { ok: false; code: TeamErrorCode; message: string };
export type Outcome<T> = ({ ok: true } & T) | Refusal;

const refuse = (code: TeamErrorCode, message: string): Refusal => ({ ok: false, code, message });

/** A one-time invitation token for a link, and the hash the database keeps. */
export function newInvitationToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashOf(token) };
}

/** Whether an invitation token can still be used; the member it is for when it can. */
export async function checkInvitation(accounts: AccountStore, token: string, at: number): Promise<Outcome<{ member: Member; tokenHash: string }>> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return refuse('invitation-unknown', 'this invitation link is not valid');
  const tokenHash = hashOf(token);
  const invitation = await accounts.invitation(tokenHash);
  if (!invitation || invitation.member.removedAt !== null) return refuse('invitation-unknown', 'this invitation link is not valid');
  if (invitation.usedAt !== null) return refuse('invitation-used', 'this invitation link has been used; ask for a new one');
  if (invitation.expiresAt <= at) return refuse('invitation-expired', 'this invitation link has expired (links work for 24 hours); ask for a new one');
  return { ok: true, member: invitation.member, tokenHash };
}

const rpId = (rp: RelyingParty) => new URL(rp.origin).hostname;

export async function registrationOptions(accounts: AccountStore, rp: RelyingParty, token: string, at: number) {
  const invitation = await checkInvitation(accounts, token, at);
  if (!invitation.ok) return invitation;
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rpId(rp),
    userName: invitation.member.email,
    userID: new TextEncoder().encode(`member-${invitation.member.id}`),
    attestationType: 'none',
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  const challengeId = randomBytes(16).toString('base64url');
  await accounts.saveChallenge({ id: challengeId, challenge: options.challenge, purpose: 'register', tokenHash: invitation.tokenHash, expiresAt: at + CHALLENGE_MS });
  return { ok: true as const, challengeId, options };
}

export async function verifyRegistration(
  accounts: AccountStore,
  rp: RelyingParty,
  token: string,
  challengeId: string,
  response: RegistrationResponseJSON,
  at: number,
): Promise<Outcome<{ member: Member }>> {
  const invitation = await checkInvitation(accounts, token, at);
  if (!invitation.ok) return invitation;
  const challenge = await accounts.takeChallenge(challengeId, 'register', at);
  if (!challenge || challenge.tokenHash !== invitation.tokenHash) return refuse('challenge-expired', 'the passkey request has expired; try again');
  const verified = await verifiedOrNot(() =>
    verifyRegistrationResponse({ response, expectedChallenge: challenge.challenge, expectedOrigin: rp.origin, expectedRPID: rpId(rp), requireUserVerification: true }),
  );
  if (!verified) return refuse('registration-failed', 'the passkey could not be registered');
  const { credential } = verified.registrationInfo;
  const member = await accounts.registerPasskey(
    invitation.tokenHash,
    { id: credential.id, publicKey: credential.publicKey, counter: credential.counter, transports: credential.transports ?? null },
    at,
  );
  // Used or expired between the check and now (another tab, another instance).
  if (!member) return refuse('invitation-used', 'this invitation link has been used; ask for a new one');
  return { ok: true, member };
}

export async function signInOptions(accounts: AccountStore, rp: RelyingParty, at: number) {
  const options = await generateAuthenticationOptions({ rpID: rpId(rp), userVerification: 'required' });
  const challengeId = randomBytes(16).toString('base64url');
  await accounts.saveChallenge({ id: challengeId, challenge: options.challenge, purpose: 'sign-in', tokenHash: null, expiresAt: at + CHALLENGE_MS });
  return { challengeId, options };
}

export async function verifySignIn(
  accounts: AccountStore,
  rp: RelyingParty,
  challengeId: string,
  response: AuthenticationResponseJSON,
  at: number,
): Promise<Outcome<{ member: Member }>> {
  const challenge = await accounts.takeChallenge(challengeId, 'sign-in', at);
  if (!challenge) return refuse('challenge-expired', 'the sign-in request has expired; try again');
  const found = typeof response?.id === 'string' ? await accounts.passkey(response.id) : undefined;
  if (!found) return refuse('sign-in-failed', 'this passkey is not one of the team\'s');
  const verified = await verifiedOrNot(() =>
    verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rpId(rp),
      credential: { id: found.passkey.id, publicKey: found.passkey.publicKey, counter: found.passkey.counter, transports: (found.passkey.transports ?? undefined) },
      requireUserVerification: true,
    }),
  );
  if (!verified) return refuse('sign-in-failed', 'the passkey could not be checked');
  await accounts.passkeyUsed(found.passkey.id, verified.authenticationInfo.newCounter, at);
  return { ok: true, member: found.member };
}

/** A WebAuthn check's result when it verified; undefined when it did not, or when the library refused the response outright (malformed, forged). */
async function verifiedOrNot<T extends { verified: boolean }>(check: () => Promise<T>): Promise<(T & { verified: true }) | undefined> {
  try {
    const result = await check();
    return result.verified ? (result as T & { verified: true }) : undefined;
  } catch {
    return undefined;
  }
}
