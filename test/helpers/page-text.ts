import { parse, type DefaultTreeAdapterTypes } from 'parse5';

type Node = DefaultTreeAdapterTypes.Node;
type Element = DefaultTreeAdapterTypes.Element;

/** Elements whose content a reader never sees as text. */
const hidden = new Set(['head', 'script', 'style', 'noscript', 'svg']);

const isElement = (node: Node): node is Element => 'tagName' in node;

function textOf(node: Node): string {
  if (node.nodeName === '#text') return (node as DefaultTreeAdapterTypes.TextNode).value;
  if (isElement(node) && hidden.has(node.tagName)) return '';
  // A declarative shadow root (a pre-rendered form) is shown in place of the template.
  const children = isElement(node) && node.tagName === 'template' ? (node as DefaultTreeAdapterTypes.Template).content.childNodes : 'childNodes' in node ? node.childNodes : [];
  // Each element's text is a word apart from its neighbours' (CSS decides the real breaks).
  return ` ${children.map(textOf).join('')} `;
}

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();

function elements(node: Node, tagName: string, found: Element[] = []): Element[] {
  if (isElement(node) && node.tagName === tagName) found.push(node);
  if ('childNodes' in node) for (const child of node.childNodes) elements(child, tagName, found);
  return found;
}

/** What a reader sees of a page as text (entities decoded, whitespace collapsed): no <head>, scripts, styles or icons. */
export const pageText = (html: string): string => collapse(textOf(parse(html)));

/** The text of each element with this tag name, in document order (e.g. every h1). */
export const textsOf = (html: string, tagName: string): string[] => elements(parse(html), tagName).map((el) => collapse(textOf(el)));
