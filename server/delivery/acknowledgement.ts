import { createHmac } from 'node:crypto';
import type { ApplicationOutcome } from '../../contract/messages/email/types.ts';
import { PLAIN_ADDRESS } from './mail-text.ts';

/**
 * The emails the service writes to the person who sent a form, as the outbox knows them:
 * their delivery targets, and the rules that keep the service from mailing strangers (anyone
 * can type anyone's address). The store queues an acknowledgement in the lead's own
 * transaction when all of these hold:
 * - the lead is a person's (never spam, never a repeat) and proven: it came with its proof of
 *   work (a form's own post, without script, proves nothing of who sent it nor from which site:
 *   never acknowledged); a lead the team takes out of spam is acknowledged then;
 * - no acknowledgement went to that mailbox in the last 24 hours, the address compared as a
 *   mailbox provider reads it (mailboxOf: a `+tag` dropped, Gmail's dots too);
 * - the client network the lead came from (an IPv4 address or an IPv6 /64) was the cause of
 *   fewer than ACK_EMAILS_PER_HOUR acknowledgements in its current hour, and the whole service
 *   queued fewer than ACK_EMAILS_PER_DAY in its current day.
 * The mailbox and the network are remembered only as HMACs keyed by the service's secret (the
 * proof-of-work key): the mailbox with the lead that used it, for 24 hours (acknowledged_addresses:
 * erased with its lead, deleted by housekeeping), the counts for their window
 * (acknowledgement_counts). The email itself carries nothing the sender typed (person-email.ts).
 */

export const ACKNOWLEDGEMENT_TARGET = 'acknowledgement';
export const ACKNOWLEDGEMENT_WINDOW_MS = 24 * 60 * 60 * 1000;
/** The windows of ACK_EMAILS_PER_HOUR (per client network) and ACK_EMAILS_PER_DAY (the whole service). */
export const NETWORK_WINDOW_MS = 60 * 60 * 1000;
export const SERVICE_WINDOW_MS = 24 * 60 * 60 * 1000;
/** The key of the whole service's count in acknowledgement_counts. */
export const SERVICE_COUNT_KEY = 'service';

/** Mail providers that deliver `first.last@` and `firstlast@` to one mailbox, and the domain they answer for. */
const DOTLESS_PROVIDERS: Readonly<Record<string, string>> = { 'gmail.com': 'gmail.com', 'googlemail.com': 'gmail.com' };

/**
 * The mailbox an address reaches, as its provider reads it: in lower case, the part after a
 * `+` dropped (sub-addressing: every large provider delivers `a+x@` to `a@`), and for the
 * providers that ignore them (Gmail) the dots of the local part too.
 */
export function mailboxOf(address: string): string {
  const email = address.normalize('NFC').trim().toLowerCase();
  const at = email.lastIndexOf('@');
  if (at < 1) return email;
  const domain = email.slice(at + 1);
  let local = email.slice(0, at).split('+', 1)[0]!;
  const provider = DOTLESS_PROVIDERS[domain];
  if (provider) local = local.replace(/\./g, '');
  return `${local}@${provider ?? domain}`;
}

/** The outbox target of an application's outcome email: one per lead and outcome. */
export const outcomeTarget = (outcome: ApplicationOutcome): string => `outcome ${outcome}`;

/** How many acknowledgements one client network may cause an hour, and the whole service send a day. */
export interface AcknowledgementLimits {
  perHour: number;
  perDay: number;
}

/** What a store needs to write to people; a store without it (no SMTP_URL) writes to no one. */
export interface PersonEmailPolicy {
  /** Acknowledgements are on (ACK_EMAILS is not off). */
  acknowledge: boolean;
  limits: AcknowledgementLimits;
  /** The keyed hash of the mailbox the address reaches (mailboxOf); undefined when it cannot take an email (not one plain mailbox). */
  addressKey(email: string | undefined): string | undefined;
  /** The key a client network's acknowledgements are counted under in acknowledgement_counts (a keyed hash: no address is kept). */
  networkKey(network: string): string;
}

export function createPersonEmailPolicy(secret: string, acknowledge: boolean, limits: AcknowledgementLimits): PersonEmailPolicy {
  // Keys of their own, derived from the secret: a hash here is useless anywhere the secret is used otherwise.
  const key = createHmac('sha256', secret).update('acknowledged address').digest();
  const networks = createHmac('sha256', secret).update('acknowledging network').digest();
  return {
    acknowledge,
    limits,
    addressKey(email) {
      if (!email || !PLAIN_ADDRESS.test(email)) return undefined;
      return createHmac('sha256', key).update(mailboxOf(email)).digest('base64url');
    },
    networkKey: (network) => `network ${createHmac('sha256', networks).update(network).digest('base64url')}`,
  };
}

/** One count of acknowledgement_counts: how many were queued in the window that ends at `windowEndsAt`. */
export interface AcknowledgementCount {
  sent: number;
  windowEndsAt: number;
}

/** The counts an acknowledgement must fit, both databases alike: its client network's hour (`network` undefined: a lead the team took out of spam has none) and the service's day. */
export function acknowledgementCounts(people: PersonEmailPolicy, network: string | undefined): { key: string; max: number; windowMs: number }[] {
  return [
    ...(network === undefined ? [] : [{ key: people.networkKey(network), max: people.limits.perHour, windowMs: NETWORK_WINDOW_MS }]),
    { key: SERVICE_COUNT_KEY, max: people.limits.perDay, windowMs: SERVICE_WINDOW_MS },
  ];
}

/** Whether one more acknowledgement fits a count (none yet, or its window over, counts as zero). */
export const hasRoom = (count: AcknowledgementCount | undefined, max: number, at: number): boolean =>
  !count || count.windowEndsAt <= at || count.sent < max;

/** A count after one more acknowledgement: a new window when the last one has ended. */
export const countedOnce = (count: AcknowledgementCount | undefined, windowMs: number, at: number): AcknowledgementCount =>
  !count || count.windowEndsAt <= at ? { sent: 1, windowEndsAt: at + windowMs } : { sent: count.sent + 1, windowEndsAt: count.windowEndsAt };

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
