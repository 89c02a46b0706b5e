/**
 * Every page paints from its first response: the stylesheet links Vite puts in a page
 * become <style> elements holding the file's rules that can match something in the page
 * (unused-css.ts). Every inline style is then hashed for
 * the page's Content-Security-Policy (`style-src 'sha256-…'`), the pre-rendered forms'
 * shadow-root styles included.
 */
import { cspHash } from './csp-hash.ts';
import { inlineStyles, onlyAttributes, placedElements, replaceRanges, type PlacedElement } from './html-document.ts';
import { pageClasses, withoutUnusedRules } from './unused-css.ts';

/** The dist-relative file of a stylesheet link as Vite writes one (rel, href, maybe crossorigin; any order or quoting), else undefined. */
function linkedStylesheet(el: PlacedElement): string | undefined {
  if (el.tagName !== 'link' || el.attrs.get('rel') !== 'stylesheet' || !onlyAttributes(el, ['rel', 'href', 'crossorigin'])) return undefined;
  return /^\/(.+\.css)$/.exec(el.attrs.get('href') ?? '')?.[1];
}

/**
 * Attribute-less <style> elements one after another (nothing but white space between)
 * become one: one hash fewer in every page's CSP header.
 */
function mergeAdjacentStyles(html: string): string {
  const styles = placedElements(html).filter((el) => el.tagName === 'style' && el.attrs.size === 0);
  const joins = styles.slice(1).flatMap((next, i) => {
    const previous = styles[i]!;
    const between = html.slice(previous.end, next.start);
    return /^\s*$/.test(between) ? [{ start: previous.contentEnd, end: next.contentStart, text: '' }] : [];
  });
  return replaceRanges(html, joins);
}

/** `stylesheet(file)` gives the text of a built file (dist-relative), or undefined when it is not ours to inline. */
export function inlineStylesheets(html: string, stylesheet: (file: string) => string | undefined): { html: string; inlined: string[] } {
  const inlined: string[] = [];
  const classes = pageClasses(html);
  const edits = placedElements(html).flatMap((el) => {
    const file = linkedStylesheet(el);
    const css = file === undefined ? undefined : stylesheet(file);
    if (css === undefined) return [];
    inlined.push(file!);
    return [{ start: el.start, end: el.end, text: `<style>${withoutUnusedRules(css.trim(), classes)}</style>` }];
  });
  return { html: mergeAdjacentStyles(replaceRanges(html, edits)), inlined };
}

/** CSP sources of every <style> element's text, whatever its attributes: 'sha256-<base64>'. */
export function styleHashes(html: string): string[] {
  return inlineStyles(html).map(cspHash);
}
