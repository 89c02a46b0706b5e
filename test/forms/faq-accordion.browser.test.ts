/**
 * <faq-accordion>: the page's <details> stay in the light DOM and work before the script;
 * once defined, one item is open at a time and the open one can be collapsed, with the
 * browser's own `name` grouping or without it.
 */
import { expect, fixture, fixtureSync, oneEvent } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { loadWidget } from '../browser-stub/helpers.ts';

const markup = (name: string) => `<faq-accordion>
  <details ${name}><summary>One</summary><div><p>First answer</p></div></details>
  <details ${name}><summary>Two</summary><div><p>Second answer</p></div></details>
  <details ${name}><summary>Three</summary><div><p>Third answer</p></div></details>
</faq-accordion>`;

const openStates = (el: Element) => [...el.querySelectorAll('details')].map((d) => d.open);

/** The three items' summaries, in order. */
function summaries(el: Element): [HTMLElement, HTMLElement, HTMLElement] {
  const [one, two, three] = el.querySelectorAll('summary');
  if (!one || !two || !three) throw new Error('the accordion has fewer than three items');
  return [one, two, three];
}

/** Toggles an item and waits for its `toggle` event (dispatched a task later); the accordion has reacted by then. */
async function toggle(summary: HTMLElement, how: () => unknown = () => summary.click()) {
  const toggled = oneEvent(summary.parentElement!, 'toggle');
  await how();
  await toggled;
}

describe('<faq-accordion>', () => {
  it('works as plain <details> before the script is loaded', async () => {
    expect(customElements.get('faq-accordion'), 'not defined yet').to.equal(undefined);
    const faq = fixtureSync(markup(''));
    const [one, two] = summaries(faq);
    await toggle(one);
    await toggle(two);
    expect(openStates(faq), 'without the script, items open independently').to.deep.equal([true, true, false]);
  });

  for (const name of ['', 'name="faq"']) {
    it(`keeps one item open at a time and lets the open one collapse (${name || 'no name attribute'})`, async () => {
      await loadWidget('faq-accordion');
      const faq = await fixture(markup(name));
      expect(faq.shadowRoot?.querySelector('slot'), 'a slot shows the light-DOM items').to.exist;
      expect(faq.querySelector('details')!.parentElement, 'the items stay in the page').to.equal(faq);
      const [one, two, three] = summaries(faq);
      await toggle(one);
      expect(openStates(faq)).to.deep.equal([true, false, false]);
      await toggle(two);
      expect(openStates(faq)).to.deep.equal([false, true, false]);
      three.focus();
      await toggle(three, () => sendKeys({ press: 'Enter' }));
      expect(openStates(faq), 'keyboard').to.deep.equal([false, false, true]);
      await toggle(three);
      expect(openStates(faq), 'the open item collapses').to.deep.equal([false, false, false]);
      const answer = faq.querySelectorAll('p')[1]!;
      await toggle(two);
      expect(answer.getBoundingClientRect().height, 'the open answer is visible').to.be.greaterThan(0);
    });
  }

  it('does not touch <details> of another accordion or outside it', async () => {
    await loadWidget('faq-accordion');
    const box = await fixture(`<div>${markup('')}${markup('')}<details open><summary>Outside</summary>x</details></div>`);
    const [a, b] = box.querySelectorAll('faq-accordion');
    if (!a || !b) throw new Error('two accordions expected');
    await toggle(a.querySelector('summary')!);
    await toggle(b.querySelector('summary')!);
    expect(openStates(a)).to.deep.equal([true, false, false]);
    expect(openStates(b)).to.deep.equal([true, false, false]);
    expect(box.querySelector<HTMLDetailsElement>(':scope > details')!.open).to.equal(true);
  });
});
