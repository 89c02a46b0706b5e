/**
 * A form's draft on the visitor's device (localStorage of the page's origin): what they
 * typed survives a reload, a killed tab and a return within OUTBOX_MAX_AGE_DAYS; it is
 * removed once sent, when discarded, or when every field is emptied. Kept on our own
 * origin (our pages and the frame) by default; on a partner's page only with the
 * `keep-draft` attribute, since every script of that origin can read its storage.
 * Read and written only by the form after it has taken over (after the visitor acted). The
 * page loader removes, at every page of our origin, drafts older than the limit and those
 * whose send the outbox worker reports accepted (../page-scripts/device-storage.ts); on a
 * partner's page the form does the first when it loads (removeExpiredDrafts).
 */
import { onOwnSite } from './api-base.ts';
import { hostOf } from './events.ts';
import type { LeadKind } from '../../contract/lead-contract.ts';
import { DRAFT_KEY_PREFIX } from './device-keys.ts';
import { draftKey as storageKey, OUTBOX_MAX_AGE_MS } from './lead-outbox.ts';

/** The attribute a partner sets to let the form keep drafts and waiting sends on its origin. */
export const KEEP_DRAFT_ATTRIBUTE = 'keep-draft';

/** Whether this form may keep what is typed on the device: our own origin, or a partner's element with keep-draft. */
export function mayKeepOnDevice(container: unknown): boolean {
  const host = hostOf(container);
  if (host?.hasAttribute(KEEP_DRAFT_ATTRIBUTE)) return true;
  try {
    return onOwnSite();
  } catch {
    return false;
  }
}

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage; // throws where storage is blocked
  } catch {
    return undefined;
  }
}

/** The kept draft of a form of `kind`, when there is one younger than the limit. */
export function readDraft(kind: LeadKind, url: string, now = Date.now()): Record<string, string> | undefined {
  const store = storage();
  try {
    const raw = store?.getItem(storageKey(kind, url));
    if (!raw) return undefined;
    const { savedAt, values } = JSON.parse(raw) as { savedAt?: unknown; values?: unknown };
    if (typeof savedAt !== 'number' || now - savedAt > OUTBOX_MAX_AGE_MS || typeof values !== 'object' || values === null) {
      store?.removeItem(storageKey(kind, url));
      return undefined;
    }
    return Object.fromEntries(Object.entries(values).filter((e): e is [string, string] => typeof e[1] === 'string'));
  } catch {
    return undefined;
  }
}

/** Keeps `values` as the draft; an all-empty form removes it. */
export function writeDraft(kind: LeadKind, url: string, values: Record<string, string>, now = Date.now()): void {
  const store = storage();
  try {
    if (Object.values(values).some((v) => v.trim() !== '')) store?.setItem(storageKey(kind, url), JSON.stringify({ savedAt: now, values }));
    else store?.removeItem(storageKey(kind, url));
  } catch {
    // A full or blocked storage: the form goes on without a draft.
  }
}

export function clearDraft(kind: LeadKind, url: string): void {
  try {
    storage()?.removeItem(storageKey(kind, url));
  } catch {
    // blocked storage: nothing was kept
  }
}

/** Removes every draft of this origin older than the limit (or unreadable), whichever form it is of: on a partner's page, what the page loader does on ours (../page-scripts/device-storage.ts). */
export function removeExpiredDrafts(now = Date.now()): void {
  const store = storage();
  try {
    for (const key of Object.keys(store ?? {})) {
      if (!key.startsWith(DRAFT_KEY_PREFIX)) continue;
      let savedAt: unknown;
      try {
        savedAt = (JSON.parse(store!.getItem(key) ?? '') as { savedAt?: unknown }).savedAt;
      } catch {
        /* unreadable: removed */
      }
      if (typeof savedAt !== 'number' || now - savedAt > OUTBOX_MAX_AGE_MS) store!.removeItem(key);
    }
  } catch {
    // blocked storage: nothing was kept
  }
}
