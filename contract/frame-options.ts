/**
 * Options an <iframe> snippet may pass to the framed registration form through its URL query
 * (/embed/frame?partner=greenpark-rwa&accent=1d4ed8&radius=4&lang=en):
 * the partner id, the form's language and its theme. Anything that is not a plain, safe
 * value is ignored: a query string is written by whoever made the link. The frame's own
 * script applies them (pages/embed/frame/); the service applies them to the page it serves,
 * so a frame whose script never runs shows the same form.
 */
import { isLanguageCode, type LanguageCode } from './languages.ts';
import { partnerId } from './partner-id.ts';

/** The route of the one page other sites may frame. */
export const FRAME_ROUTE = '/embed/frame';

/** Query parameter → the form's theming custom property (docs/embedding.md, "Theming"). */
const colourParams = {
  accent: '--widget-accent',
  'accent-contrast': '--widget-accent-contrast',
  surface: '--widget-surface',
  text: '--widget-text',
} as const;
const lengthParams = { radius: '--widget-radius' } as const;

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

export function readFormOptions(query: { get(name: string): string | null }): FormOptions {
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

/** True when the options change anything: a partner, a language or a theme. */
export const hasFormOptions = (options: FormOptions): boolean =>
  options.partner !== undefined || options.lang !== undefined || Object.keys(options.theme).length > 0;

/** The options as a query string again ('' when none), in a fixed order: the way back to the same frame. */
export function formOptionsQuery(options: FormOptions): string {
  const params = new URLSearchParams();
  if (options.partner) params.set('partner', options.partner);
  if (options.lang) params.set('lang', options.lang);
  for (const [param, property] of [...Object.entries(colourParams), ...Object.entries(lengthParams)]) {
    const value = options.theme[property];
    if (value) params.set(param, value.replace(/^#/, ''));
  }
  return params.toString();
}

/** The theme as one CSS rule on the root element ('' when there is none); every value was checked by readFormOptions. */
export const themeRule = (theme: FormOptions['theme']): string => {
  const declarations = Object.entries(theme).map(([property, value]) => `${property}:${value}`);
  return declarations.length ? `:root{${declarations.join(';')}}` : '';
};
