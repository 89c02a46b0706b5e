/**
 * A visitor who asks to save data gets no speculative prerendering: the site's speculation
 * rules (scripts/build/speculation-rules.ts) skip every link inside an element with this
 * class, and the loader puts it on <html> when `navigator.connection.saveData` is set.
 * (The local server also answers a `Save-Data: on` request for the rules with an empty set;
 * this covers static hosts, which cannot.)
 */
export const SAVE_DATA_CLASS = 'save-data';

export function markSaveData(): void {
  if ((navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData) {
    document.documentElement.classList.add(SAVE_DATA_CLASS);
  }
}
