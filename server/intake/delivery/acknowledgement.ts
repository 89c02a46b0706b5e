import { createHmac } from 'node:crypto';
import type { ApplicationOutcome } from '../../../contract/messages/email/types.ts';
import { normaliseEmail } from '../personal-data.ts';
import { PLAIN_ADDRESS } from './mail-text.ts';

/**
 * The emails the service writes to the person who sent a form, as the outbox knows them:
 * their delivery targets, and the rule that keeps an inbox from being flooded by strangers
 * typing someone else's address. The store queues an acknowledgement in the lead's own
 * transaction, for a person's lead (never spam, never a repeat), when no acknowledgement
 * went to that address in the last 24 hours. It remembers the address only as an HMAC
 * keyed by the service's secret (the proof-of-work key), with the lead that used it, for 24
 * hours (table acknowledged_addresses: erased with its lead, deleted by housekeeping).
 */

export const ACKNOWLEDGEMENT_TARGET = 'acknowledgement';
export const ACKNOWLEDGEMENT_WINDOW_MS = 24 * 60 * 60 * 1000;

/** The outbox target of an application's outcome email: one per lead and outcome. */
export const outcomeTarget = (outcome: ApplicationOutcome): string => `outcome ${outcome}`;

/** What a store needs to write to people; a store without it (no SMTP_URL) writes to no one. */
export interface PersonEmailPolicy {
  /** Acknowledgements are on (ACK_EMAILS is not off). */
  acknowledge: boolean;
  /** The keyed hash the address is limited by; undefined when it cannot take an email (not one plain mailbox). */
  addressKey(email: string | undefined): string | undefined;
}

export function createPersonEmailPolicy(secret: string, acknowledge: boolean): PersonEmailPolicy {
  // A key of its own, derived from the secret: a hash here is useless anywhere the secret is used otherwise.
  const key = createHmac('sha256', secret).update('acknowledged address').digest();
  return {
    acknowledge,
    addressKey(email) {
      if (!email || !PLAIN_ADDRESS.test(email)) return undefined;
      return createHmac('sha256', key).update(normaliseEmail(email)).digest('base64url');
    },
  };
}

/** Why an outcome email was not queued. */
export type OutcomeEmailRefusal = 'no-email' | 'unknown-lead' | 'not-an-application' | 'spam' | 'no-address' | 'already-queued';
export type OutcomeEmailResult = { queued: true } | { queued: false; reason: OutcomeEmailRefusal };

/** The rules for queuing an outcome email, the same on both stores; undefined: queue it. */
export function outcomeRefusal(
  people: PersonEmailPolicy | undefined,
  lead: { kind: string; spam_reason: string | null; email: string | undefined } | undefined,
): OutcomeEmailRefusal | undefined {
  if (!people) return 'no-email';
  if (!lead) return 'unknown-lead';
  if (lead.kind !== 'career') return 'not-an-application';
  if (lead.spam_reason !== null) return 'spam';
  if (!people.addressKey(lead.email)) return 'no-address';
  return undefined;
}
