/**
 * How a template places a catalogue's text (catalogues.ts), Hugo's `{{ i18n "key" }}` in
 * Handlebars:
 *
 * - `{{t "home.hero.title"}}`: a plain text, escaped where it lands (element or attribute),
 *   also as a value for a partial (`{{> head title=(t "home.meta.title")}}`). A plain text
 *   holds no markup and no character reference: "&", not "&amp;".
 * - `{{t-html "privacy-policy.rights.howToUse"}}`: the deliberate way for the few texts with
 *   inline markup. Only `<strong>`, `<em>`, `<code>`, `<abbr title>`, `<time datetime>` and
 *   `<a href>` are allowed, a link's target being a value the template passes (`{privacy}`,
 *   `mailto:{email}`) or an anchor of the page (`#retention`); every text and attribute is
 *   escaped again on the way out. Each language's text keeps English's elements and attributes.
 *
 * `{name}` in a text is a value: `{brand}` (the brand name) and `{email}` (the contact
 * address) are always there; any other the template passes by name,
 * `{{t "privacy-policy.updated" version=privacy.noticeVersion}}`. Every language's text
 * of a key has the same values as English's.
 */
import Handlebars from 'handlebars';
import { parseFragment, type DefaultTreeAdapterTypes as T } from 'parse5';
import type { Catalogue } from './catalogues.ts';

/** The helpers' names: plain and rich texts. */
export const PLAIN = 't';
export const RICH = 't-html';

/** Values every text may use without the template passing them. */
export const GLOBAL_VALUES = ['brand', 'email'] as const;

const VALUE = /\{([A-Za-z][A-Za-z0-9]*)\}/g;

/** The names of a text's values, sorted, each once. */
export const valuesOf = (text: string): string[] => [...new Set([...text.matchAll(VALUE)].map((m) => m[1]!))].sort();

/** Why a plain text is not one (markup or a character reference), or undefined. */
export function plainTextProblem(text: string): string | undefined {
  if (/[<>]/.test(text)) return 'holds markup ("<" or ">"): place it with {{t-html}}, or keep the markup in the template';
  if (/&(#\d+|#x[\da-f]+|[a-z][a-z\d]*);/i.test(text)) return 'holds a character reference: write the character itself ("&", not "&amp;")';
  return undefined;
}

/** The elements a rich text may hold, with the attributes each may carry. */
const RICH_ELEMENTS: Record<string, readonly string[]> = { strong: [], em: [], code: [], abbr: ['title'], time: ['datetime'], a: ['href'] };

/** A link's target in a rich text: a value, a mail or phone link to a value, or an anchor of the page. */
const LINK_TARGET = /^(?:(?:mailto:|tel:)?\{[A-Za-z][A-Za-z0-9]*\}|#[A-Za-z][\w-]*)$/;

type Node = T.ChildNode;

/** Each element of a rich text with its attributes, as written ("a href={privacy}"), sorted: what every language's text must keep. */
export function richShape(text: string): string[] {
  const shape: string[] = [];
  const walk = (nodes: Node[]) => {
    for (const node of nodes) {
      if ('tagName' in node) {
        shape.push([node.tagName, ...node.attrs.map((a) => `${a.name}=${a.value}`).sort()].join(' '));
        walk(node.childNodes);
      }
    }
  };
  walk(parseFragment(text).childNodes);
  return shape.sort();
}

/** Why a rich text is not one (an element or attribute not allowed, a link elsewhere), or undefined. */
export function richTextProblem(text: string): string | undefined {
  const problems: string[] = [];
  const walk = (nodes: Node[]) => {
    for (const node of nodes) {
      if (node.nodeName === '#comment') problems.push('a comment');
      if (!('tagName' in node)) continue;
      const allowed = RICH_ELEMENTS[node.tagName];
      if (!allowed) problems.push(`<${node.tagName}>`);
      for (const attr of node.attrs) {
        if (!allowed?.includes(attr.name)) problems.push(`${attr.name}="…" on <${node.tagName}>`);
        else if (node.tagName === 'a' && !LINK_TARGET.test(attr.value)) problems.push(`a link to "${attr.value}" (a link goes to a value, {name}, or an anchor, #id)`);
      }
      walk(node.childNodes);
    }
  };
  walk(parseFragment(text).childNodes);
  if (!problems.length && !/[<]/.test(text)) return 'holds no markup: place it with {{t}}';
  return problems.length ? `may not hold ${problems.join(', ')}; allowed: ${Object.keys(RICH_ELEMENTS).map((e) => `<${e}>`).join(' ')}` : undefined;
}

/** A value a template passes into a text ({count}, {name}). */
type TextValue = string | number | boolean | null | undefined;

/** A text with its values put in (not escaped: the caller escapes the result). */
function fill(text: string, values: Record<string, TextValue>, where: string): string {
  return text.replace(VALUE, (_match, name: string) => {
    if (!(name in values) || values[name] === undefined || values[name] === null) throw new Error(`${where}: the text uses {${name}}, which the template does not pass`);
    return String(values[name]);
  });
}

const escapeText = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttribute = (value: string) => escapeText(value).replace(/"/g, '&quot;');

/** A rich text as HTML: its allowed elements kept, every text and attribute value filled in and escaped. */
export function richHtml(text: string, values: Record<string, TextValue>, where: string): string {
  const problem = richTextProblem(text);
  if (problem) throw new Error(`${where}: ${problem}`);
  const fragment = parseFragment(text);
  const render = (nodes: Node[]): string =>
    nodes
      .map((node) => {
        if (node.nodeName === '#text') return escapeText(fill((node as T.TextNode).value, values, where));
        if (!('tagName' in node)) return '';
        const attrs = node.attrs.map((a) => ` ${a.name}="${escapeAttribute(fill(a.value, values, where))}"`).join('');
        return `<${node.tagName}${attrs}>${render(node.childNodes)}</${node.tagName}>`;
      })
      .join('');
  return render(fragment.childNodes);
}

/** What the helpers read from the page's render context. */
export interface TextContext {
  /** The page's texts. */
  catalogue: Catalogue;
  /** Where they are, for messages: "pages/i18n/hi". */
  catalogueName: string;
  /** The values every text may use ({brand}, {email}). */
  globalValues: Record<string, string>;
  /** The page being built, for messages. */
  pageFile: string;
}

type HelperOptions = Omit<Handlebars.HelperOptions, 'data'> & { data?: { root?: Partial<TextContext> } };

function textOf(helper: string, key: unknown, options: HelperOptions): { text: string; values: Record<string, TextValue>; where: string } {
  const root = options.data?.root;
  if (!root?.catalogue) throw new Error(`{{${helper}}} needs a page rendered with its catalogue`);
  const where = `${root.pageFile}: {{${helper} "${String(key)}"}}`;
  if (typeof key !== 'string') throw new Error(`${where}: the key must be a string`);
  const text = root.catalogue.get(key);
  if (text === undefined) throw new Error(`${where}: ${root.catalogueName} has no text "${key}"`);
  const values = { ...root.globalValues, ...(options.hash as Record<string, TextValue>) };
  return { text, values, where };
}

/** Registers `{{t}}` and `{{t-html}}`. */
export function registerTextHelpers(hbs: typeof Handlebars): void {
  hbs.registerHelper(PLAIN, (...args: unknown[]) => {
    const options = args.pop() as HelperOptions;
    if (args.length !== 1) throw new Error(`{{${PLAIN}}} takes one key, got ${args.length}`);
    const { text, values, where } = textOf(PLAIN, args[0], options);
    const problem = plainTextProblem(text);
    if (problem) throw new Error(`${where}: the text ${problem}`);
    // Handlebars escapes the result where it lands, so the values go in as they are.
    return fill(text, values, where);
  });
  hbs.registerHelper(RICH, (...args: unknown[]) => {
    const options = args.pop() as HelperOptions;
    if (args.length !== 1) throw new Error(`{{${RICH}}} takes one key, got ${args.length}`);
    const { text, values, where } = textOf(RICH, args[0], options);
    return new hbs.SafeString(richHtml(text, values, where));
  });
}
