/**
 * What a page of ours keeps on the visitor's device, run by the loader on every page after
 * its first paint (never before it, never in a prerender that is not shown):
 * - the visit's campaign: a page whose address has `utm_source`, `utm_medium`,
 *   `utm_campaign` or `ref` keeps those values, and nothing else, in the tab's sessionStorage
 *   (gone with the tab), so a form sent later in the same tab carries the campaign that
 *   brought the visitor, with its lead, start and send (../lead-form/campaign.ts). No
 *   identifier, no cookie.
 * - drafts (../lead-form/draft-store.ts): every one older than OUTBOX_MAX_AGE_DAYS is removed
 *   from localStorage, whichever form it is of, and so is the draft of a send the outbox worker
 *   reports accepted (a worker cannot reach localStorage). The form has the same removal for
 *   partner pages (removeExpiredDrafts), where this script does not run; the loader cannot share
 *   its code without loading a chunk of the forms on every page.
 */
import { OUTBOX_MAX_AGE_DAYS } from '../../contract/device.ts';
import { DRAFT_KEY_PREFIX, VISIT_CAMPAIGN_KEY } from '../lead-form/device-keys.ts';

/**
 * The campaign parameters of an address's query, each as `&name=value` (still encoded): the
 * names of contract/campaign.ts CAMPAIGN_KEYS, with a value no longer than CAMPAIGN_MAX_LENGTH
 * characters can be once encoded (9 per character: a three-byte character as `%XX%XX%XX`);
 * test/forms/device-storage.unit.test.ts holds both equal. Written out, because importing that
 * module would make it a chunk the loader shares with the forms; the forms read the kept
 * values back with the contract's whole rule (campaignOf).
 */
export const CAMPAIGN_PARAMETERS = /[?&](utm_(source|medium|campaign)|ref)=[^&]{1,900}(?=&|$)/g;

/** A page whose address has a campaign keeps it for the tab's visit, in place of one kept before. */
export function keepVisitCampaign(): void {
  try {
    const campaign = location.search.match(CAMPAIGN_PARAMETERS)?.join('').slice(1);
    if (campaign) sessionStorage.setItem(VISIT_CAMPAIGN_KEY, campaign);
  } catch {
    /* storage blocked: the campaign lasts as long as the address has it */
  }
}

/** Removes the drafts named in `sent`, and every draft past the age limit or unreadable. */
export function removeDrafts(sent: readonly string[] = []): void {
  try {
    for (const key in localStorage) {
      if (!key.startsWith(DRAFT_KEY_PREFIX)) continue;
      try {
        const { savedAt } = JSON.parse(localStorage.getItem(key) ?? '') as { savedAt: number };
        if (sent.includes(key) || !(Date.now() - savedAt <= OUTBOX_MAX_AGE_DAYS * 864e5)) localStorage.removeItem(key); // sent, or past its time
      } catch {
        localStorage.removeItem(key); // unreadable
      }
    }
  } catch {
    /* storage blocked: nothing was kept */
  }
}
