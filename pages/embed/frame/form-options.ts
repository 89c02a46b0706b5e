/**
 * The framed form's options (contract/frame-options.ts) as the frame's own script applies
 * them, and the height the /embed pages give the <iframe> snippet. The service applies the
 * same options to the page it serves, for a frame whose script does not run.
 */
import type { FormOptions } from '../../../contract/frame-options.ts';
import { languages, type LanguageCode } from '../../../contract/languages.ts';

export { readFormOptions, safeColour, safePartner, safeRadius, type FormOptions } from '../../../contract/frame-options.ts';

/**
 * The iframe snippet's height on the /embed pages, in px, unless a language's row says more
 * (contract/languages.ts `frameSnippetHeight`): at 320 px wide the form with its notice and the
 * line under it measures about 1,200 px in English, Hindi and Marathi, 1,220–1,280 in Telugu,
 * Bengali and Kannada, and 1,490 in Tamil (Debian's Noto fonts); the rest is room for other
 * fonts. test/forms/embed-frame.e2e.test.ts checks every language's snippet.
 */
const DEFAULT_FRAME_SNIPPET_HEIGHT = 1280;

/** Each language's snippet height, from the language list. */
export const frameSnippetHeights = Object.fromEntries(
  languages.map((l) => [l.code, l.frameSnippetHeight ?? DEFAULT_FRAME_SNIPPET_HEIGHT]),
) as Record<LanguageCode, number>;

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
