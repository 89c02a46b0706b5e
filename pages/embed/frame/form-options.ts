/**
 * Options an <iframe> snippet may pass to the framed registration form through its URL query
 * (/embed/frame?partner=greenpark-rwa&accent=1d4ed8&radius=4&lang=en):
 * the partner id, the form's language and its theme. Anything that is not a plain, safe
 * value is ignored: a query string is written by whoever made the link.
 */
import { isLanguageCode, type LanguageCode } from '../../../contract/languages.ts';
import { partnerId } from '../../../contract/partner-id.ts';

/** Query parameter → the form's theming custom property (docs/embedding.md, "Theming"). */
const colourParams = {
  accent: '--widget-accent',
  'accent-contrast': '--widget-accent-contrast',
  surface: '--widget-surface',
  text: '--widget-text',
} as const;
const lengthParams = { radius: '--widget-radius' } as const;

/** The iframe snippet's height on both /embed pages, in px: the form with its notice and toasts fits from 320 px wide, in either language. */
export const frameSnippetHeight = 1200;

export interface FormOptions {
  /** The embedding partner's id, for the element's `partner` attribute. */
  partner?: string;
  lang?: LanguageCode;
  /** Custom property → value, each checked. */
  theme: Record<string, string>;
}

/** A hex colour, with or without its '#' (a '#' must be written %23 in a URL): 3, 4, 6 or 8 digits. */
export function safeColour(value: string): string | undefined {
  const hex = value.trim().replace(/^#/, '');
  return /^(?:[\da-f]{3,4}|[\da-f]{6}|[\da-f]{8})$/i.test(hex) ? `#${hex.toLowerCase()}` : undefined;
}

/** A corner radius in pixels, 0 to 32 ("4" or "4px"). */
export function safeRadius(value: string): string | undefined {
  const match = /^(\d{1,2}(?:\.\d{1,2})?)(?:px)?$/.exec(value.trim());
  return match && Number(match[1]) <= 32 ? `${Number(match[1])}px` : undefined;
}

/** The partner id, by the same rule as the element's `partner` attribute. */
export const safePartner = partnerId;

export function readFormOptions(query: URLSearchParams): FormOptions {
  const options: FormOptions = { theme: {} };
  const partner = safePartner(query.get('partner') ?? '');
  if (partner) options.partner = partner;
  const lang = query.get('lang')?.trim().toLowerCase();
  if (isLanguageCode(lang)) options.lang = lang;
  for (const [param, property] of Object.entries(colourParams)) {
    const colour = safeColour(query.get(param) ?? '');
    if (colour) options.theme[property] = colour;
  }
  for (const [param, property] of Object.entries(lengthParams)) {
    const length = safeRadius(query.get(param) ?? '');
    if (length) options.theme[property] = length;
  }
  return options;
}

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
