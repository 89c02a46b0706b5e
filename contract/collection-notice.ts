/**
 * The notice at collection: the short text under each form, given before the person
 * submits (DPDP Act 2023 s. 5; DPDP Rules 2025 r. 3): what is collected, why, how long it
 * is kept, where the full notice is, and how to withdraw consent. The forms render it;
 * both privacy pages repeat the same sentences; each lead stores NOTICE_VERSION (sent as
 * the X-Notice-Version header). Change any sentence here → change NOTICE_VERSION (the
 * date of the change), which both privacy pages show as their "last updated". Plain data
 * and pure functions: the widgets bundle it. The sentences (NoticeText) are in each
 * language's catalogue, messages/<code>.ts; a translation says the same notice, so it keeps the version.
 */
import { type LeadKind, OUTBOX_MAX_AGE_DAYS } from './lead-contract.ts';
import { NOTICE_LIST_ROUTE } from './notice-languages.ts';

/** The version of the notice text below: the date it was last changed. */
export const NOTICE_VERSION = '2026-11-26';

/** Every version ever published, oldest first (append-only): a visitor may submit from a page cached before a change. */
export const PUBLISHED_NOTICE_VERSIONS: readonly string[] = ['2026-11-22', '2026-11-24', '2026-11-25', '2026-11-26'];

/**
 * What a lead stores from its X-Notice-Version header: the version the person was shown
 * when it is one we published; null when the header is absent or names none (a client
 * that showed no notice of ours), so a lead never claims a notice it did not get.
 */
export function noticeVersionFromHeader(value: string | undefined): string | null {
  const v = value?.trim();
  return v !== undefined && PUBLISHED_NOTICE_VERSIONS.includes(v) ? v : null;
}

/** How long a lead is kept unless LEAD_RETENTION_DAYS says otherwise (the service's purge and this notice agree). */
export const DEFAULT_LEAD_RETENTION_DAYS = 365;

/** The full notice's section on the website forms, from the site root. */
export const PRIVACY_NOTICE_PATH = '/privacy-policy#website-forms';

export interface CollectionNotice {
  version: string;
  /** "Your data" or its translation: a short heading or lead-in. */
  heading: string;
  /** What is collected, itemised. */
  collected: string;
  /** Why. */
  purpose: string;
  /** How long it is kept. */
  retention: string;
  /** What stays on the visitor's device until it is sent (the form's draft and a send waiting for a connection), and the visit's campaign the tab keeps. */
  device: string;
  /** How to withdraw consent (and use the other rights), with the address to write to. */
  withdraw: string;
  /** The link to the full notice: its text makes sense on its own. */
  link: { text: string; href: string };
  /** The link to this notice in English and the 22 languages of the Eighth Schedule (DPDP Act s. 5(3)). */
  languages: { text: string; href: string };
}

/** The notice's sentences in one language (EN_NOTICE in messages/en.ts, HI_NOTICE in messages/hi.ts). */
export interface NoticeText {
  heading: string;
  /** The full stop after the heading ("." or "।"). */
  stop: string;
  collected: Record<LeadKind, string>;
  purpose: Record<LeadKind, string>;
  retention: (period: string) => string;
  /** The form's draft and a waiting send, kept on the device for at most `days` days; the campaign the tab keeps for the visit. */
  device: (days: number) => string;
  withdraw: (email: string) => string;
  link: string;
  /** Said after the link's text to screen readers: it opens in a new tab. */
  newTab: string;
  /** The link to the notice in the visitor's language ("Read this in your language"). */
  inYourLanguage: string;
  /** Words of a retention period. */
  period: { month: string; months: string; day: string; days: string };
}

/** A retention period in words: 365 → "12 months", 730 → "24 months", 90 → "90 days". */
export function retentionPeriod(days: number, text: NoticeText['period']): string {
  if (days % 365 === 0) {
    const months = (days / 365) * 12;
    return `${months} ${months === 1 ? text.month : text.months}`;
  }
  return `${days} ${days === 1 ? text.day : text.days}`;
}

/**
 * The notice for one form. `siteUrl`: the site's origin, so the link works from a partner
 * page too (empty: a link from the site root). `contactEmail`: where withdrawals go.
 */
export function collectionNotice(
  kind: LeadKind,
  options: { contactEmail: string; siteUrl?: string; retentionDays?: number; text: NoticeText },
): CollectionNotice {
  const { text } = options;
  return {
    version: NOTICE_VERSION,
    heading: text.heading,
    collected: text.collected[kind],
    purpose: text.purpose[kind],
    retention: text.retention(retentionPeriod(options.retentionDays ?? DEFAULT_LEAD_RETENTION_DAYS, text.period)),
    device: text.device(OUTBOX_MAX_AGE_DAYS),
    withdraw: text.withdraw(options.contactEmail),
    link: { text: text.link, href: `${(options.siteUrl ?? '').replace(/\/+$/, '')}${PRIVACY_NOTICE_PATH}` },
    languages: { text: text.inYourLanguage, href: `${(options.siteUrl ?? '').replace(/\/+$/, '')}${NOTICE_LIST_ROUTE}` },
  };
}
