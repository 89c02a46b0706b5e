/**
 * The pages around the service's answers to a form sent without script, made from the
 * built pages themselves, so an answer has the page's language, header, footer and inlined
 * styles (server/answer-pages/kit.ts, MARKERS):
 * - a form's own page (/register, /career, and their twins) with its title and main content
 *   given to the answer;
 * - the framed form's page with the answer in the form's place;
 * - the framed form's page as built, its form a marker, for the service to serve with the
 *   options of its address (a partner, a language, a theme) when its script does not run.
 * Answer pages run no script: a shell has none of the page's inline scripts.
 */
import { transform } from 'lightningcss';
import { cspHash } from './csp-hash.ts';
import { scriptHashes } from './deferred-scripts.ts';
import { placedElements, replaceRanges, type PlacedElement } from './html-document.ts';
import { styleHashes } from './inline-css.ts';
import { MARKERS, type AnswerShell } from '../server/answer-pages/kit.ts';

const one = (found: PlacedElement[], what: string): PlacedElement => {
  if (found.length !== 1) throw new Error(`answer shells: expected one ${what} in the page, found ${found.length}`);
  return found[0]!;
};

const withHashes = (html: string): AnswerShell => ({ html, styleHashes: styleHashes(html), scriptHashes: scriptHashes(html) });

/** The page's own inline scripts (its starter) removed, and the head's end marked for the answer's style. */
function answerHead(placed: PlacedElement[]) {
  const head = one(placed.filter((el) => el.tagName === 'head'), '<head>');
  return [
    ...placed.filter((el) => el.tagName === 'script' && !el.attrs.has('src') && !el.attrs.has('type')).map((el) => ({ start: el.start, end: el.end, text: '' })),
    { start: head.contentEnd, end: head.contentEnd, text: `<meta name="robots" content="noindex">\n${MARKERS.head}\n` },
  ];
}

/** The page's title made the answer's, before the site's name. */
function answerTitle(placed: PlacedElement[], brandName: string) {
  const title = one(placed.filter((el) => el.tagName === 'title'), '<title>');
  return { start: title.contentStart, end: title.contentEnd, text: `${MARKERS.title} – ${brandName}` };
}

/** A form's own page as the frame of an answer: the title and the main content are the answer's. */
export function siteShell(html: string, brandName: string): AnswerShell {
  const placed = placedElements(html);
  const main = one(placed.filter((el) => el.tagName === 'main'), '<main>');
  return withHashes(
    replaceRanges(html, [
      ...answerHead(placed),
      answerTitle(placed, brandName),
      { start: main.contentStart, end: main.contentEnd, text: `\n<div class="section"><div class="container form-section">${MARKERS.main}</div></div>\n` },
    ]),
  );
}

const formElement = (placed: PlacedElement[], tag: string) => one(placed.filter((el) => el.tagName === tag), `<${tag}>`);

/** The framed form's page with the answer in the form's place (its h1 and its line under the form stay). */
export function frameShell(html: string, tag: string, brandName: string): AnswerShell {
  const placed = placedElements(html);
  const form = formElement(placed, tag);
  return withHashes(
    replaceRanges(html, [...answerHead(placed), answerTitle(placed, brandName), { start: form.start, end: form.end, text: MARKERS.main }]),
  );
}

/**
 * The framed form's page as built, its scripts kept: the form element is a marker, and the
 * head's end one for a theme. Its hashes are the built page's: the form the service puts back
 * holds the same shadow-root style.
 */
export function framePage(html: string, tag: string): AnswerShell {
  const placed = placedElements(html);
  const form = formElement(placed, tag);
  const head = one(placed.filter((el) => el.tagName === 'head'), '<head>');
  return {
    ...withHashes(html),
    html: replaceRanges(html, [
      { start: head.contentEnd, end: head.contentEnd, text: `${MARKERS.head}\n` },
      { start: form.start, end: form.end, text: MARKERS.main },
    ]),
  };
}

/**
 * How much wider than the form's card content the viewport is on an answer page: the page's
 * 16 px margins, the card's 24 px padding and 1 px border, each side (the frame has no margins:
 * its breakpoint comes 32 px early, still one column narrower than the card allows).
 */
const ANSWER_PAGE_GUTTERS_PX = 2 * (16 + 24 + 1);

/**
 * A form's shadow CSS made to style the same form in a page: every rule scoped to the
 * element holding the answer (`:host` is that element), nesting compiled away so every
 * browser the site supports reads it. The card's container queries become media queries:
 * in the answer pages the card's width follows the viewport's (ANSWER_PAGE_GUTTERS_PX), and
 * the pages' own CSS keeps to what the HTML checker reads.
 */
export function scopedCss(css: string, scope: string): { css: string; hash: string } {
  const nested = `.${scope}{${css.replace(/:host\(([^)]*)\)/g, '&:is($1)').replace(/:host\b/g, '&')}}`;
  const { code } = transform({
    filename: `${scope}.css`,
    code: Buffer.from(nested),
    minify: true,
    // Safari 15, Chrome and Firefox 100: before CSS nesting.
    targets: { safari: 15 << 16, chrome: 100 << 16, firefox: 100 << 16 },
  });
  const text = code
    .toString()
    .replace(/@container \(width>=(\d+)px\)/g, (_, width: string) => `@media (min-width:${Number(width) + ANSWER_PAGE_GUTTERS_PX}px)`)
    .replace(/container-type:inline-size;?/g, '')
    .replace(/;}/g, '}');
  if (/@container|container-type/.test(text)) throw new Error(`answer kit: a container query of the forms' CSS has no page equivalent here: ${/@container[^{]*|container-type[^;}]*/.exec(text)![0]}`);
  return { css: text, hash: cspHash(text) };
}
