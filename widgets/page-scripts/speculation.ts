/**
 * The site's speculation rules (site-generator/speculation-rules.ts), added to the page by
 * the loader, which starts after the page's first paint: Chromium prerenders a page of the
 * site that the visitor is about to open. Fetched then rather than named by a
 * `Speculation-Rules` header: a header makes the browser fetch the rules before the first
 * paint, and Lighthouse's LCP estimate waits for every request that ends before the largest
 * paint (bench/notes.md). The inline rules' hash is in every page's CSP (server/site/headers.ts).
 *
 * Nothing for a visitor who asks to save data (Chromium does not hold speculation back for
 * Save-Data itself): not when `navigator.connection.saveData` says so, and not when the
 * service answers the rules request, which carries `Save-Data: on`, with 204.
 * Browsers without speculation rules, and pages in a frame, fetch nothing.
 */
import { SPECULATION_RULES_PATH } from '../../contract/speculation-rules.ts';

export function addSpeculationRules(): void {
  const savingData = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData;
  // In a frame (a partner's /embed/frame) rules would be ignored: browsers speculate from the top-level page only.
  if (savingData || self !== top || !HTMLScriptElement.supports?.('speculationrules')) return;
  fetch(SPECULATION_RULES_PATH)
    .then((response): string | Promise<string> => (response.ok ? response.text() : ''))
    .then(
      (rules) => rules && document.head.append(Object.assign(document.createElement('script'), { type: 'speculationrules', text: rules })),
      () => {}, // offline: no prerendering, nothing else lost
    );
}
