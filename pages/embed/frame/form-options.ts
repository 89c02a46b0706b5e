/**
 * The framed form's options (contract/frame-options.ts) as the frame's own script applies
 * them, and the height the /embed pages give the <iframe> snippet. The service applies the
 * same options to the page it serves, for a frame whose script does not run.
 */
import type { FormOptions } from '../../../contract/frame-options.ts';

export { readFormOptions, safeColour, safePartner, safeRadius, type FormOptions } from '../../../contract/frame-options.ts';

/** The iframe snippet's height on both /embed pages, in px: the form with its notice and toasts fits from 320 px wide, in either language. */
export const frameSnippetHeight = 1200;

/**
 * Applies the options: `partner` and `lang` attributes on each form, the theme on the
 * root element so the toasts (at the end of <body>) follow it too. Through the CSSOM,
 * which the page's CSP allows (no style attribute is written).
 */
export function applyFormOptions(options: FormOptions, forms: Iterable<Element>, root: HTMLElement): void {
  for (const form of forms) {
    if (options.partner) form.setAttribute('partner', options.partner);
    if (options.lang) form.setAttribute('lang', options.lang);
  }
  for (const [property, value] of Object.entries(options.theme)) root.style.setProperty(property, value);
}
