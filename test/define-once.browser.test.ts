/**
 * Pasting the snippet twice (the same URL twice, or two copies under different URLs)
 * defines each element once, raises no error, and leaves one <toast-host>.
 */
import { CAREER_APPLICATION, FAQ_ACCORDION, SOCIETY_REGISTRATION, TOAST_HOST, widgetTags } from '../widgets/registry/names.ts';
import { describe, equal, it, ok, loadWidget, mount, waitFor } from './browser-stub/helpers.ts';

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
    const society = mount(`<${SOCIETY_REGISTRATION}></${SOCIETY_REGISTRATION}>`);
    const career = mount(`<${CAREER_APPLICATION}></${CAREER_APPLICATION}>`);
    const faq = mount(`<${FAQ_ACCORDION}><details><summary>Q</summary>A</details></${FAQ_ACCORDION}>`);
    for (const tag of widgetTags) {
      await paste(`/built/widgets/${tag}.js`);
      await paste(`/built/widgets/${tag}.js`);
      await loadWidget(tag, '?copy=2'); // a second copy under another URL runs the entry again
      await loadWidget(tag, '?copy=3');
    }
    await waitFor(() => errors.length > 0 || defined.size === widgetTags.length, { message: 'definitions' });
    equal(errors.length, 0, `errors: ${errors.map(String).join('; ')}`);
    for (const tag of widgetTags) equal(defined.get(tag), 1, `${tag} defined`);
    equal(document.querySelectorAll(TOAST_HOST).length, 1, 'one toast host');
    equal(society.shadowRoot!.querySelectorAll('form').length, 1);
    equal(career.shadowRoot!.querySelectorAll('form').length, 1);
    ok(faq.shadowRoot!.querySelector('slot'));
  });
});
