/**
 * Pasting the snippet twice (the same URL twice, or two copies under different URLs)
 * defines each element once, raises no error, and leaves one <toast-host>.
 */
import { expect, fixture, waitUntil } from '@open-wc/testing';
import { CAREER_APPLICATION, FAQ_ACCORDION, SOCIETY_REGISTRATION, TOAST_HOST, widgetTags } from '../../widgets/registry/names.ts';
import { loadWidget } from '../browser-stub/helpers.ts';

const defined = new Map<string, number>();
const define = customElements.define.bind(customElements);
customElements.define = (name: string, ctor: CustomElementConstructor, options?: ElementDefinitionOptions) => {
  defined.set(name, (defined.get(name) ?? 0) + 1);
  define(name, ctor, options);
};
const errors: unknown[] = [];
addEventListener('error', (e) => errors.push(e.error ?? e.message));
addEventListener('unhandledrejection', (e) => errors.push(e.reason));

function paste(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.type = 'module';
    script.src = src;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error(`could not load ${src}`));
    document.body.append(script);
  });
}

describe('pasting the widget scripts more than once', () => {
  it('defines each element once and keeps working', async () => {
    const society = await fixture(`<${SOCIETY_REGISTRATION}></${SOCIETY_REGISTRATION}>`);
    const career = await fixture(`<${CAREER_APPLICATION}></${CAREER_APPLICATION}>`);
    const faq = await fixture(`<${FAQ_ACCORDION}><details><summary>Q</summary>A</details></${FAQ_ACCORDION}>`);
    for (const tag of widgetTags) {
      await paste(`/built/widgets/${tag}.js`);
      await paste(`/built/widgets/${tag}.js`);
      await loadWidget(tag, '?copy=2'); // a second copy under another URL runs the entry again
      await loadWidget(tag, '?copy=3');
    }
    await waitUntil(() => errors.length > 0 || defined.size === widgetTags.length, 'definitions', { timeout: 5000 });
    expect(errors.map(String), 'errors').to.deep.equal([]);
    expect(Object.fromEntries(defined), 'definitions per element').to.deep.equal(Object.fromEntries(widgetTags.map((tag) => [tag, 1])));
    expect(document.querySelectorAll(TOAST_HOST).length, 'one toast host').to.equal(1);
    expect(society.shadowRoot!.querySelectorAll('form').length).to.equal(1);
    expect(career.shadowRoot!.querySelectorAll('form').length).to.equal(1);
    expect(faq.shadowRoot!.querySelectorAll('slot').length).to.equal(1);
  });
});
