/**
 * <faq-accordion>: the page's <details> stay in the light DOM and work before the script;
 * once defined, one item is open at a time and the open one can be collapsed, with the
 * browser's own `name` grouping or without it.
 */
import { sendKeys } from '@web/test-runner-commands';
import { afterEach, cleanup, describe, equal, it, loadWidget, mount, ok, sleep } from './browser-stub/helpers.ts';

const markup = (name: string) => `<faq-accordion>
  <details ${name}><summary>One</summary><div><p>First answer</p></div></details>
  <details ${name}><summary>Two</summary><div><p>Second answer</p></div></details>
  <details ${name}><summary>Three</summary><div><p>Third answer</p></div></details>
</faq-accordion>`;

const openStates = (el: Element) => [...el.querySelectorAll('details')].map((d) => d.open);
/** `toggle` is dispatched in a task after the change. */
const settle = () => sleep(50);

describe('<faq-accordion>', () => {
  afterEach(() => cleanup());

  it('works as plain <details> before the script is loaded', async () => {
    ok(!customElements.get('faq-accordion'), 'not defined yet');
    const faq = mount(markup(''));
    const [one, two] = faq.querySelectorAll('summary');
    one.click();
    two.click();
    await settle();
    equal(JSON.stringify(openStates(faq)), JSON.stringify([true, true, false]), 'without the script, items open independently');
  });

  for (const name of ['', 'name="faq"']) {
    it(`keeps one item open at a time and lets the open one collapse (${name || 'no name attribute'})`, async () => {
      await loadWidget('faq-accordion');
      const faq = mount(markup(name));
      ok(faq.shadowRoot?.querySelector('slot'), 'a slot shows the light-DOM items');
      equal(faq.querySelector('details')!.parentElement, faq, 'the items stay in the page');
      const [one, two, three] = faq.querySelectorAll('summary');
      one.click();
      await settle();
      equal(JSON.stringify(openStates(faq)), JSON.stringify([true, false, false]));
      two.click();
      await settle();
      equal(JSON.stringify(openStates(faq)), JSON.stringify([false, true, false]));
      three.focus();
      await sendKeys({ press: 'Enter' });
      await settle();
      equal(JSON.stringify(openStates(faq)), JSON.stringify([false, false, true]), 'keyboard');
      three.click();
      await settle();
      equal(JSON.stringify(openStates(faq)), JSON.stringify([false, false, false]), 'the open item collapses');
      const answer = faq.querySelectorAll('p')[1];
      two.click();
      await settle();
      ok(answer.getBoundingClientRect().height > 0, 'the open answer is visible');
    });
  }

  it('does not touch <details> of another accordion or outside it', async () => {
    await loadWidget('faq-accordion');
    const box = mount(`<div>${markup('')}${markup('')}<details open><summary>Outside</summary>x</details></div>`);
    const [a, b] = box.querySelectorAll('faq-accordion');
    a.querySelector('summary')!.click();
    b.querySelector('summary')!.click();
    await settle();
    equal(openStates(a)[0], true);
    equal(openStates(b)[0], true);
    equal(box.querySelector<HTMLDetailsElement>(':scope > details')!.open, true);
  });
});
