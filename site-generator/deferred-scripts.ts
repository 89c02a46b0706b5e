/**
 * A page's first paint needs nothing but the page: the module scripts Vite puts in a built
 * page (the loader, and a page's own script) become one small inline starter that imports
 * them once the page has painted its first content. Before that the browser's only request
 * is the document, so a phone on a slow link spends its first round trips on the page
 * alone. The scripts never block rendering anyway; what they wait for now is the paint.
 *
 * The starter also imports them after 3 s, and at once where the browser has no paint
 * timing, so they always arrive. What they do copes with arriving late: the loader starts
 * a widget that already holds the focus, and reports vitals once the page is idle (or
 * already loaded). The starter's hash goes into the page's CSP (`script-src`).
 *
 * A prerendered page (speculation-rules.ts) never paints until it is shown, and must have
 * no side effects before then (no widget, no vitals beacon, no challenge): its starter
 * waits for the page's activation (`prerenderingchange`) before it watches for the paint
 * or sets its fallback timer.
 */
import { cspHash } from './csp-hash.ts';
import { inlineScripts, onlyAttributes, placedElements, replaceRanges, type PlacedElement } from './html-document.ts';

/** A module script as Vite writes one (type="module", a site-absolute .js src, maybe crossorigin; any order or quoting), empty. */
const moduleScriptUrl = (el: PlacedElement): string | undefined =>
  el.tagName === 'script' && el.attrs.get('type') === 'module' && onlyAttributes(el, ['type', 'src', 'crossorigin']) && el.contentStart === el.contentEnd
    ? /^\/.+\.js$/.exec(el.attrs.get('src') ?? '')?.[0]
    : undefined;

/** A modulepreload link of a site-absolute .js file (rel, href, maybe crossorigin; any order or quoting). */
const isModulePreload = (el: PlacedElement): boolean =>
  el.tagName === 'link' && el.attrs.get('rel') === 'modulepreload' && onlyAttributes(el, ['rel', 'href', 'crossorigin']) && /^\/.+\.js$/.test(el.attrs.get('href') ?? '');

/** How long a starter waits for the first paint before it imports the scripts anyway. */
export const STARTER_FALLBACK_MS = 3000;

/** The starter's text for these module URLs (site-absolute paths). */
export function starterScript(urls: string[]): string {
  const imports = urls.map((url) => `import(${JSON.stringify(url)})`).join(',');
  return (
    `{let s=0,d=document,go=()=>{s||(s=1,${imports})},w=()=>{` +
    `try{new PerformanceObserver(l=>{l.getEntriesByName("first-contentful-paint")[0]&&go()}).observe({type:"paint",buffered:!0});` +
    `PerformanceObserver.supportedEntryTypes.includes("paint")||go()}catch(e){go()}setTimeout(go,${STARTER_FALLBACK_MS})};` +
    `d.prerendering?d.addEventListener("prerenderingchange",w):w()}`
  );
}

/** The page with its module scripts (and their modulepreload links) replaced by the starter, where the first script was. */
export function deferModuleScripts(html: string): string {
  const placed = placedElements(html);
  const scripts = placed.flatMap((el) => {
    const url = moduleScriptUrl(el);
    return url === undefined ? [] : [{ el, url }];
  });
  if (!scripts.length) return html;
  // Each goes with the white space after it.
  const removed = (el: PlacedElement) => ({ start: el.start, end: el.end + /^\s*/.exec(html.slice(el.end))![0].length, text: '' });
  const starter = `<script>${starterScript(scripts.map((s) => s.url))}</script>`;
  return replaceRanges(html, [
    ...scripts.map(({ el }, i) => (i === 0 ? { ...removed(el), text: starter } : removed(el))),
    ...placed.filter(isModulePreload).map(removed),
  ]);
}

/**
 * The module URLs a starter imports, in order (for budgets and the bench).
 * @internal the build does not call it: the bench (scripts/bench/sizes.ts) and the tests read built pages with it.
 */
export function starterImports(html: string): string[] {
  return inlineScripts(html).flatMap((code) => [...code.matchAll(/\bimport\("([^"]+)"\)/g)].map((m) => m[1]!));
}

/** CSP sources of every inline script the page runs, whatever its attributes: 'sha256-<base64>'. */
export function scriptHashes(html: string): string[] {
  return inlineScripts(html).map(cspHash);
}
