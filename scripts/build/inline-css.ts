/**
 * Every page paints from its first response: the stylesheet links Vite puts in a page
 * become <style> elements holding the file's text. Every inline style is then hashed for
 * the page's Content-Security-Policy (`style-src 'sha256-…'`), the pre-rendered forms'
 * shadow-root styles included.
 */
import { cspHash } from './csp-hash.ts';
import { inlineStyles } from './html-document.ts';

const stylesheetLink = /<link rel="stylesheet"(?: crossorigin)? href="\/([^"]+\.css)">/g;

/** `stylesheet(file)` gives the text of a built file (dist-relative), or undefined when it is not ours to inline. */
export function inlineStylesheets(html: string, stylesheet: (file: string) => string | undefined): { html: string; inlined: string[] } {
  const inlined: string[] = [];
  const result = html.replace(stylesheetLink, (link, file: string) => {
    const css = stylesheet(file);
    if (css === undefined) return link;
    inlined.push(file);
    return `<style>${css.trim()}</style>`;
  });
  // Stylesheets linked one after another become one <style>: one hash fewer in every page's CSP header.
  return { html: result.replace(/<\/style>\s*<style>/g, ''), inlined };
}

/** CSP sources of every <style> element's text, whatever its attributes: 'sha256-<base64>'. */
export function styleHashes(html: string): string[] {
  return inlineStyles(html).map(cspHash);
}
