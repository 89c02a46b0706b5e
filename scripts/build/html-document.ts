/**
 * Reading a built page as the browser does (parse5, the HTML standard's parser), so what
 * the build finds does not depend on how Vite happens to write attributes: the inline
 * styles and scripts to hash for the CSP (inside declarative shadow roots too) and the
 * page's language.
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
