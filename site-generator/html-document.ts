/**
 * Reading a built page as the browser does (parse5, the HTML standard's parser), so what
 * the build finds does not depend on how Vite happens to write attributes: the inline
 * styles and scripts to hash for the CSP (inside declarative shadow roots too), the
 * page's language, and the elements the build rewrites with where they stand in the text
 * (the rest of the page is left byte for byte as it was).
 */
import { type DefaultTreeAdapterTypes as T, parse } from 'parse5';

type Node = T.ChildNode | T.Document | T.DocumentFragment;

/** Every element of the document in document order, the contents of <template> included. */
function* elements(node: Node): Generator<T.Element> {
  const children = 'childNodes' in node ? node.childNodes : [];
  for (const child of children) {
    if (!('tagName' in child)) continue;
    yield child;
    if (child.tagName === 'template') yield* elements((child as T.Template).content);
    yield* elements(child);
  }
}

const attribute = (el: T.Element, name: string): string | undefined => el.attrs.find((a) => a.name === name)?.value;

const textOf = (el: T.Element): string => el.childNodes.map((n) => ('value' in n && n.nodeName === '#text' ? n.value : '')).join('');

/** Script types a browser runs (HTML standard: empty, a JavaScript MIME type, or "module"). */
const runs = (type: string | undefined): boolean =>
  type === undefined || /^\s*(?:|module|(?:text|application)\/(?:x-)?(?:java|ecma)script|text\/(?:jscript|livescript))\s*$/i.test(type);

/** The text of every inline <style>, with any attributes. */
export function inlineStyles(html: string): string[] {
  return [...elements(parse(html))].filter((el) => el.tagName === 'style').map(textOf);
}

/** The code of every inline <script> the browser runs (no src; not JSON-LD or another data block), with any attributes. */
export function inlineScripts(html: string): string[] {
  return [...elements(parse(html))]
    .filter((el) => el.tagName === 'script' && attribute(el, 'src') === undefined && runs(attribute(el, 'type')))
    .map(textOf);
}

/** The `lang` of the page's <html> element, if it has one. */
export function documentLanguage(html: string): string | undefined {
  return [...elements(parse(html))].find((el) => el.tagName === 'html')?.attrs.find((a) => a.name === 'lang')?.value;
}

/** An element as written in the page: its attributes, and where it stands in the text. */
export interface PlacedElement {
  tagName: string;
  attrs: Map<string, string>;
  /** Offsets in the page's text: the start tag's first character, and just after the end tag (or the start tag, without one). */
  start: number;
  end: number;
  /** Where its content starts and ends (after the start tag, before the end tag); `end` without an end tag. */
  contentStart: number;
  contentEnd: number;
}

/** Every element written in the page (not those the parser implies), in document order, with where it stands. */
export function placedElements(html: string): PlacedElement[] {
  const placed: PlacedElement[] = [];
  for (const el of elements(parse(html, { sourceCodeLocationInfo: true }))) {
    const at = el.sourceCodeLocation;
    if (!at?.startTag) continue;
    placed.push({
      tagName: el.tagName,
      attrs: new Map(el.attrs.map((a) => [a.name, a.value])),
      start: at.startOffset,
      end: at.endOffset,
      contentStart: at.startTag.endOffset,
      contentEnd: at.endTag?.startOffset ?? at.endOffset,
    });
  }
  return placed;
}

/** Whether the element carries no attribute but `allowed` ones. */
export const onlyAttributes = (el: PlacedElement, allowed: string[]): boolean => [...el.attrs.keys()].every((name) => allowed.includes(name));

/** The page with each range [start, end) replaced by its text; the ranges must not overlap. */
export function replaceRanges(html: string, edits: { start: number; end: number; text: string }[]): string {
  let out = '';
  let at = 0;
  for (const edit of [...edits].sort((a, b) => a.start - b.start)) {
    if (edit.start < at) throw new Error(`overlapping edits of the page at ${edit.start}`);
    out += html.slice(at, edit.start) + edit.text;
    at = edit.end;
  }
  return out + html.slice(at);
}

/**
 * Where each text of the page stands ([start, end) in the page's text), outside <script> and
 * <style> and the elements named in `skip`: its content as the parser read it.
 */
export function textRanges(html: string, skip: readonly string[] = []): { start: number; end: number }[] {
  const ranges: { start: number; end: number }[] = [];
  const walk = (node: Node) => {
    for (const child of 'childNodes' in node ? node.childNodes : []) {
      if (child.nodeName === '#text' && child.sourceCodeLocation) ranges.push({ start: child.sourceCodeLocation.startOffset, end: child.sourceCodeLocation.endOffset });
      if (!('tagName' in child) || child.tagName === 'script' || child.tagName === 'style' || skip.includes(child.tagName)) continue;
      walk(child.tagName === 'template' ? (child as T.Template).content : child);
    }
  };
  walk(parse(html, { sourceCodeLocationInfo: true }));
  return ranges;
}

