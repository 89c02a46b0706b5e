/**
 * The elements as built match the public API declared in widgets/registry/api.ts
 * (which the build turns into custom-elements.json and widgets/index.d.ts): attributes
 * and their defaults, the ::part() names, the --widget-* custom properties.
 */
import { expect, fixture, waitUntil } from '@open-wc/testing';
import { widgetApi } from '../../widgets/registry/api.ts';
import { CAREER_APPLICATION, SOCIETY_REGISTRATION } from '../../widgets/registry/names.ts';
import { loadWidget, statePartNames } from '../browser-stub/helpers.ts';

const forms = widgetApi.filter((e) => e.tag === SOCIETY_REGISTRATION || e.tag === CAREER_APPLICATION);

describe('public API (widgets/registry/api.ts)', () => {
  for (const api of widgetApi) {
    it(`<${api.tag}> is defined by /widgets/${api.tag}.js`, async () => {
      await loadWidget(api.tag);
      expect(customElements.get(api.tag)).to.be.a('function');
    });
  }

  for (const api of forms) {
    it(`<${api.tag}>: heading and intro defaults and attributes, api-base property`, async () => {
      await loadWidget(api.tag);
      const host = await fixture<HTMLElement & Record<string, unknown>>(`<${api.tag}></${api.tag}>`);
      const root = host.shadowRoot!;
      const heading = api.attributes.find((a) => a.name === 'heading')!;
      const intro = api.attributes.find((a) => a.name === 'intro')!;
      expect(root.querySelector('[part~="heading"]')?.textContent).to.equal(heading.default);
      expect(root.querySelector('[part~="intro"]')?.textContent).to.equal(intro.default);
      for (const attribute of api.attributes) expect(host, `property ${attribute.property}`).to.have.property(attribute.property);
      host.setAttribute('heading', 'H');
      host.setAttribute('intro', 'I');
      await waitUntil(() => root.querySelector('[part~="heading"]')?.textContent === 'H', 'heading attribute', { timeout: 5000 });
      expect(root.querySelector('[part~="intro"]')?.textContent).to.equal('I');
      host.setAttribute('api-base', 'https://api.example');
      expect(host.apiBase).to.equal('https://api.example');
    });

    it(`<${api.tag}>: every documented part exists`, async () => {
      await loadWidget(api.tag);
      const host = await fixture(`<${api.tag}></${api.tag}>`);
      // The parts of a state (a refused field, the confirmation) are checked in form-answers.browser.test.ts.
      for (const part of api.cssParts.filter((p) => !statePartNames.includes(p.name))) {
        expect(host.shadowRoot!.querySelector(`[part~="${part.name}"]`), `part ${part.name}`).to.exist;
      }
      // Every control a visitor sees; not the hidden ones of the form's own post (contract/form-post.ts).
      expect(host.shadowRoot!.querySelectorAll('[part~="input"]').length).to.equal(host.shadowRoot!.querySelectorAll('input:not([type="hidden"]):not(label[hidden] input), select, textarea').length);
    });

    it(`<${api.tag}>: the documented custom property defaults are what it renders with`, async () => {
      await loadWidget(api.tag);
      const host = await fixture(`<${api.tag}></${api.tag}>`);
      const root = host.shadowRoot!;
      const probe = await fixture<HTMLElement>('<div></div>');
      const resolved = (property: string, value: string) => {
        probe.style.setProperty(property, value);
        return getComputedStyle(probe).getPropertyValue(property);
      };
      const defaults = Object.fromEntries(api.cssProperties.map((p) => [p.name, p.default]));
      const button = getComputedStyle(root.querySelector('[part~="button"]')!);
      const form = getComputedStyle(root.querySelector('[part~="form"]')!);
      const color = (value: string) => resolved('color', value);
      expect(button.backgroundColor).to.equal(color(defaults['--widget-accent']!));
      expect(button.color).to.equal(color(defaults['--widget-accent-contrast']!));
      expect(form.backgroundColor).to.equal(color(defaults['--widget-surface']!));
      expect(form.color).to.equal(color(defaults['--widget-text']!));
      expect(form.borderTopLeftRadius).to.equal(defaults['--widget-radius']);
      expect(form.fontFamily).to.equal(resolved('font-family', defaults['--widget-font']!));
    });
  }
});
