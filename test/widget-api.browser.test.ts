/**
 * The elements as built match the public API declared in widgets/registry/api.ts
 * (which the build turns into custom-elements.json and widgets/index.d.ts): attributes
 * and their defaults, the ::part() names, the --widget-* custom properties.
 */
import { widgetApi } from '../widgets/registry/api.ts';
import { CAREER_APPLICATION, SOCIETY_REGISTRATION } from '../widgets/registry/names.ts';
import { afterEach, cleanup, describe, equal, it, loadWidget, mount, ok, waitFor } from './browser-stub/helpers.ts';

const forms = widgetApi.filter((e) => e.tag === SOCIETY_REGISTRATION || e.tag === CAREER_APPLICATION);

describe('public API (widgets/registry/api.ts)', () => {
  afterEach(() => cleanup());

  for (const api of widgetApi) {
    it(`<${api.tag}> is defined by /widgets/${api.tag}.js`, async () => {
      await loadWidget(api.tag);
      ok(customElements.get(api.tag));
    });
  }

  for (const api of forms) {
    it(`<${api.tag}>: heading and intro defaults and attributes, api-base property`, async () => {
      await loadWidget(api.tag);
      const host = mount(`<${api.tag}></${api.tag}>`) as HTMLElement & Record<string, unknown>;
      const root = host.shadowRoot!;
      const heading = api.attributes.find((a) => a.name === 'heading')!;
      const intro = api.attributes.find((a) => a.name === 'intro')!;
      equal(root.querySelector('[part~="heading"]')?.textContent, heading.default);
      equal(root.querySelector('[part~="intro"]')?.textContent, intro.default);
      for (const attribute of api.attributes) ok(attribute.property in host, `property ${attribute.property}`);
      host.setAttribute('heading', 'H');
      host.setAttribute('intro', 'I');
      await waitFor(() => root.querySelector('[part~="heading"]')?.textContent === 'H', { message: 'heading attribute' });
      equal(root.querySelector('[part~="intro"]')?.textContent, 'I');
      host.setAttribute('api-base', 'https://api.example');
      equal(host.apiBase, 'https://api.example');
    });

    it(`<${api.tag}>: every documented part exists`, async () => {
      await loadWidget(api.tag);
      const host = mount(`<${api.tag}></${api.tag}>`);
      for (const part of api.cssParts) ok(host.shadowRoot!.querySelector(`[part~="${part.name}"]`), `part ${part.name}`);
      equal(host.shadowRoot!.querySelectorAll('[part~="input"]').length, host.shadowRoot!.querySelectorAll('input, select, textarea').length);
    });

    it(`<${api.tag}>: the documented custom property defaults are what it renders with`, async () => {
      await loadWidget(api.tag);
      const host = mount(`<${api.tag}></${api.tag}>`);
      const root = host.shadowRoot!;
      const probe = document.createElement('div');
      document.body.append(probe);
      const resolved = (property: string, value: string) => {
        probe.style.setProperty(property, value);
        return getComputedStyle(probe).getPropertyValue(property);
      };
      const defaults = Object.fromEntries(api.cssProperties.map((p) => [p.name, p.default]));
      const button = getComputedStyle(root.querySelector('[part~="button"]')!);
      const form = getComputedStyle(root.querySelector('[part~="form"]')!);
      const color = (value: string) => resolved('color', value);
      equal(button.backgroundColor, color(defaults['--widget-accent']));
      equal(button.color, color(defaults['--widget-accent-contrast']));
      equal(form.backgroundColor, color(defaults['--widget-surface']));
      equal(form.color, color(defaults['--widget-text']));
      equal(form.borderTopLeftRadius, defaults['--widget-radius']);
      ok(form.fontFamily.startsWith(defaults['--widget-font'].split(',')[0]), `font ${form.fontFamily}`);
      probe.remove();
    });
  }
});
