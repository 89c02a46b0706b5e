/**
 * The FAQ page helpers (site-generator/faq-helper.ts): `{{#faq-item}}` renders the accordion
 * item and `{{faq-jsonld}}` publishes the same questions and answers as FAQPage JSON-LD,
 * answers as plain text, in the page's language, safe inside <script>.
 */
import Handlebars from 'handlebars';
import { describe, expect, it } from 'vitest';
import { jsonLdLanguage, plainText, registerFaqHelpers } from '../../site-generator/faq-helper.ts';

function render(template: string, context: Record<string, unknown> = {}): string {
  const hbs = Handlebars.create();
  registerFaqHelpers(hbs);
  return hbs.compile(template)(context);
}

function jsonLd(html: string): { '@type': string; inLanguage: string; mainEntity: { '@type': string; name: string; acceptedAnswer: { '@type': string; text: string } }[] } {
  const match = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html);
  expect(match, 'a JSON-LD script').not.toBeNull();
  return JSON.parse(match![1]!);
}

const page = `<faq-accordion>{{#faq-item "Who can apply?"}}<p>Students &amp; graduates.</p>{{/faq-item}}
{{#faq-item "Is it paid?"}}<p>First <strong>three</strong> months: training.</p><p>Then a stipend.</p>{{/faq-item}}</faq-accordion>
{{faq-jsonld}}`;

describe('{{#faq-item}} and {{faq-jsonld}}', () => {
  it('renders each item as the accordion markup, the answer as written', () => {
    const html = render(page, { route: '/career' });
    expect(html).toContain(
      '<faq-accordion><details name="faq"><summary>Who can apply?</summary><div><p>Students &amp; graduates.</p></div></details>\n' +
        '<details name="faq"><summary>Is it paid?</summary><div><p>First <strong>three</strong> months: training.</p><p>Then a stipend.</p></div></details></faq-accordion>',
    );
  });

  it('publishes the same questions, in order, with the answers as plain text', () => {
    const faq = jsonLd(render(page, { route: '/career' }));
    expect(faq['@type']).toBe('FAQPage');
    expect(faq.mainEntity).toEqual([
      { '@type': 'Question', name: 'Who can apply?', acceptedAnswer: { '@type': 'Answer', text: 'Students & graduates.' } },
      { '@type': 'Question', name: 'Is it paid?', acceptedAnswer: { '@type': 'Answer', text: 'First three months: training. Then a stipend.' } },
    ]);
  });

  it('takes inLanguage from the page language’s hreflang, else from the route', () => {
    expect(jsonLd(render(page, { route: '/career' })).inLanguage).toBe('en-IN');
    expect(jsonLd(render(page, { route: '/hi/career' })).inLanguage).toBe('hi-IN');
    expect(jsonLd(render(page, { route: '/hi' })).inLanguage).toBe('hi-IN');
    expect(jsonLd(render(page, { route: '/hindi-news' })).inLanguage).toBe('en-IN');
    expect(jsonLd(render(page, { route: '/career', language: { hreflang: 'hi-IN' } })).inLanguage).toBe('hi-IN');
    expect(jsonLdLanguage({})).toBe('en-IN');
  });

  it('escapes the question in HTML and cannot end the script early', () => {
    const html = render('{{#faq-item "Is <b> allowed?"}}<p>Type &lt;/script&gt; or &lt;!-- here.</p>{{/faq-item}}{{faq-jsonld}}', { route: '/' });
    expect(html).toContain('<summary>Is &lt;b&gt; allowed?</summary>');
    expect(html.match(/<\/script>/g), 'only the closing tag of the JSON-LD itself').toHaveLength(1);
    expect(html).not.toContain('<!--');
    expect(jsonLd(html).mainEntity[0]).toMatchObject({ name: 'Is <b> allowed?', acceptedAnswer: { text: 'Type </script> or <!-- here.' } });
  });

  it('keeps each render’s items apart', () => {
    const hbs = Handlebars.create();
    registerFaqHelpers(hbs);
    const template = hbs.compile('{{#faq-item question}}<p>{{answer}}</p>{{/faq-item}}{{faq-jsonld}}');
    const first = jsonLd(template({ question: 'One?', answer: 'A.' }));
    const second = jsonLd(template({ question: 'Two?', answer: 'B.' }));
    expect(first.mainEntity.map((q) => q.name)).toEqual(['One?']);
    expect(second.mainEntity.map((q) => q.name)).toEqual(['Two?']);
  });

  it('works inside other blocks (the items of an {{#each}})', () => {
    const faq = jsonLd(
      render('{{#each items}}{{#faq-item this.q}}<p>{{this.a}}</p>{{/faq-item}}{{/each}}{{faq-jsonld}}', {
        items: [
          { q: 'One?', a: 'A.' },
          { q: 'Two?', a: 'B.' },
        ],
      }),
    );
    expect(faq.mainEntity.map((q) => [q.name, q.acceptedAnswer.text])).toEqual([
      ['One?', 'A.'],
      ['Two?', 'B.'],
    ]);
  });

  it('fails loudly on misuse', () => {
    expect(() => render('{{faq-jsonld}}')).toThrow(/after the \{\{#faq-item\}\} blocks/);
    expect(() => render('{{#faq-item}}<p>A.</p>{{/faq-item}}')).toThrow(/takes one question/);
    expect(() => render('{{faq-item "Q?"}}')).toThrow(/takes one question and a block/);
    expect(() => render('{{#faq-item "Q?"}}  {{/faq-item}}')).toThrow(/has no answer/);
    expect(() => render('{{#faq-item "Q?"}}<p>A.</p>{{/faq-item}}{{faq-jsonld "x"}}')).toThrow(/takes no arguments/);
  });

  it('reads an answer as plain text: entities decoded, tags dropped, paragraphs a space apart', () => {
    expect(plainText('<p>3&ndash;6 months,\n  <a href="#x">see&nbsp;below</a></p><ul><li>one</li><li>two</li></ul>')).toBe('3–6 months, see below one two');
  });
});
