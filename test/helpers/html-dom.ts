/**
 * A built page read as the browser's parser reads it (parse5 is the HTML standard's parsing
 * algorithm), with script off: declarative shadow roots (`<template shadowrootmode>`) become
 * their host's shadow root, and "readable text" is what a reader sees as text (innerText's
 * rules where markup decides them: nothing in head, script, style, a plain template, a
 * `hidden` element or the body of a closed <details>).
 */
import { parse, type DefaultTreeAdapterTypes } from 'parse5';

export type Node = DefaultTreeAdapterTypes.Node;
export type Element = DefaultTreeAdapterTypes.Element;
type ParentNode = DefaultTreeAdapterTypes.ParentNode;

export const isElement = (node: Node): node is Element => 'tagName' in node;

export const parseHtml = (html: string): DefaultTreeAdapterTypes.Document => parse(html);

export const attr = (el: Element, name: string): string | null => el.attrs.find((a) => a.name === name)?.value ?? null;

export const hasClass = (el: Element, name: string): boolean => (attr(el, 'class') ?? '').split(/\s+/).includes(name);

const isShadowTemplate = (el: Element) => el.tagName === 'template' && attr(el, 'shadowrootmode') !== null;

/** An element's shadow root as the parser attaches it (its declarative template's content), or none. */
export function shadowRootOf(el: Element): ParentNode | undefined {
  const template = el.childNodes.find((n): n is DefaultTreeAdapterTypes.Template => isElement(n) && isShadowTemplate(n));
  return template?.content;
}

/** An element's child elements in the DOM (a declarative shadow root's template is not one). */
export const childElements = (node: ParentNode): Element[] => node.childNodes.filter((n): n is Element => isElement(n) && !isShadowTemplate(n));

/** Every element under `root`, in document order, shadow roots included (each after its host). */
export function allElements(root: ParentNode): Element[] {
  const found: Element[] = [];
  const visit = (node: ParentNode) => {
    for (const el of childElements(node)) {
      found.push(el);
      const shadow = shadowRootOf(el);
      if (shadow) visit(shadow);
      visit(el);
    }
  };
  visit(root);
  return found;
}

export const byTag = (root: ParentNode, tagName: string): Element[] => allElements(root).filter((el) => el.tagName === tagName);

/** The nearest element of `el` and its ancestors (within its tree) that passes `test`. */
export function closest(el: Element, test: (el: Element) => boolean): Element | undefined {
  for (let node: ParentNode | null = el; node && isElement(node); node = node.parentNode) {
    if (test(node)) return node;
  }
  return undefined;
}

const NOT_TEXT = new Set(['head', 'script', 'style', 'noscript', 'template', 'svg']);

/**
 * What a reader sees of a node as text, whitespace collapsed. `shadowRoots: false` reads a
 * host's own children instead of its shadow root, as a copy made with cloneNode reads.
 */
export function readableText(node: ParentNode, { shadowRoots = true } = {}): string {
  const parts: string[] = [];
  const visit = (n: Node) => {
    if (n.nodeName === '#text') {
      parts.push((n as DefaultTreeAdapterTypes.TextNode).value);
      return;
    }
    if (!isElement(n)) return;
    if (NOT_TEXT.has(n.tagName) && !isShadowTemplate(n)) return;
    if (attr(n, 'hidden') !== null) return;
    const shadow = isShadowTemplate(n) || !shadowRoots ? undefined : shadowRootOf(n);
    const children = shadow ? shadow.childNodes : isShadowTemplate(n) ? [] : n.childNodes;
    const closedDetails = n.tagName === 'details' && attr(n, 'open') === null;
    parts.push(' ');
    for (const child of children) {
      if (closedDetails && !(isElement(child) && child.tagName === 'summary')) continue;
      visit(child);
    }
    parts.push(' ');
  };
  for (const child of (node).childNodes) visit(child);
  return parts.join('').replace(/\s+/g, ' ').trim();
}
