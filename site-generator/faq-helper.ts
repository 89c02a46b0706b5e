/**
 * A page's FAQ written once: `{{#faq-item "Question?"}}<p>Answer…</p>{{/faq-item}}` renders
 * the accordion item (`<details name="faq"><summary>Question?</summary><div>…</div></details>`)
 * and records the pair for the render; `{{faq-jsonld}}`, placed after the items, writes the
 * schema.org FAQPage JSON-LD from them, the answers as plain text, in the page's language.
 */
import type Handlebars from 'handlebars';
import { parseFragment, type DefaultTreeAdapterTypes } from 'parse5';
import { languageOfRoute } from '../contract/languages.ts';

export interface FaqEntry {
  question: string;
  /** The answer as plain text: entities decoded, tags dropped, whitespace collapsed. */
  answer: string;
}

type HelperOptions = Omit<Handlebars.HelperOptions, 'data'> & { data?: { root?: unknown } };

/** JSON safe inside a <script> element: no `</script>` or `<!--` can end or bend it. */
export const scriptJson = (value: unknown): string => JSON.stringify(value).replace(/</g, '\\u003c');

type Node = DefaultTreeAdapterTypes.ChildNode;

function textOf(node: Node): string {
  if (node.nodeName === '#text') return (node as DefaultTreeAdapterTypes.TextNode).value;
  // Each element's text stays a word apart from its neighbours' (paragraphs, list items).
  return 'childNodes' in node ? ` ${node.childNodes.map(textOf).join('')} ` : '';
}

/** The text of an HTML fragment, as a reader would read it aloud. */
export const plainText = (html: string): string =>
  parseFragment(html).childNodes.map(textOf).join('').replace(/\s+/g, ' ').trim();

/** The FAQ's `inLanguage`: the page language's hreflang (as in the page's other JSON-LD, e.g. "hi-IN"), else the route's. */
export function jsonLdLanguage(context: { route?: unknown; language?: { hreflang?: unknown } }): string {
  if (typeof context.language?.hreflang === 'string' && context.language.hreflang) return context.language.hreflang;
  return languageOfRoute(typeof context.route === 'string' ? context.route : '/').hreflang;
}

export function faqJsonLd(entries: FaqEntry[], inLanguage: string): string {
  return scriptJson({
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    inLanguage,
    mainEntity: entries.map(({ question, answer }) => ({
      '@type': 'Question',
      name: question,
      acceptedAnswer: { '@type': 'Answer', text: answer },
    })),
  });
}

export function registerFaqHelpers(hbs: typeof Handlebars): void {
  // One list per render: keyed by the render's root context, a fresh object for every page.
  const entriesOf = new WeakMap<object, FaqEntry[]>();
  const rootOf = (options: HelperOptions, helper: string): Record<string, unknown> => {
    const root = options.data?.root;
    if (!root || typeof root !== 'object') throw new Error(`{{${helper}}} needs a template rendered with a context object`);
    return root as Record<string, unknown>;
  };

  hbs.registerHelper('faq-item', function (this: unknown, ...args: unknown[]) {
    const options = args.pop() as HelperOptions;
    const [question] = args;
    if (args.length !== 1 || typeof question !== 'string' || !question.trim() || typeof options.fn !== 'function') {
      throw new Error('{{#faq-item "Question?"}}answer{{/faq-item}} takes one question and a block');
    }
    const answerHtml = options.fn(this).trim();
    const answer = plainText(answerHtml);
    if (!answer) throw new Error(`{{#faq-item "${question}"}} has no answer`);
    const root = rootOf(options, 'faq-item');
    const entries = entriesOf.get(root) ?? [];
    entries.push({ question, answer });
    entriesOf.set(root, entries);
    return new hbs.SafeString(`<details name="faq"><summary>${hbs.escapeExpression(question)}</summary><div>${answerHtml}</div></details>`);
  });

  hbs.registerHelper('faq-jsonld', function (...args: unknown[]) {
    const options = args.pop() as HelperOptions;
    if (args.length) throw new Error('{{faq-jsonld}} takes no arguments');
    const root = rootOf(options, 'faq-jsonld');
    const entries = entriesOf.get(root);
    if (!entries?.length) throw new Error('{{faq-jsonld}} comes after the {{#faq-item}} blocks it publishes');
    return new hbs.SafeString(`<script type="application/ld+json">${faqJsonLd(entries, jsonLdLanguage(root))}</script>`);
  });
}
