/**
 * A hostile partner page: `* { all: unset }`, `button { display: none }`, `input { width:
 * 10px }`, a 40px root font-size, an rtl ancestor. The form must still look and work the
 * same; theming goes through --widget-* custom properties and ::part().
 */
import {
  after, afterEach, before, button, cleanup, clearToasts, control, describe, equal, fillAll, it, loadWidget, mount, ok, stub, submit, waitForToast,
} from './browser-stub/helpers.ts';

const hostile = `
  * { all: unset; }
  html { font-size: 40px !important; }
  button { display: none !important; }
  input, select, textarea { width: 10px !important; }
  society-registration, career-application { color: red; font: 30px/3 serif; letter-spacing: 5px; text-transform: uppercase; text-align: right; visibility: hidden; }
  head, style, script { display: none !important; }
`;

describe('isolation from the host page', () => {
  let style: HTMLStyleElement;
  before(async () => {
    await loadWidget('society-registration');
    await loadWidget('career-application');
  });
  afterEach(() => {
    style?.remove();
    document.documentElement.removeAttribute('dir');
    cleanup();
  });
  after(() => clearToasts());

  for (const tag of ['society-registration', 'career-application']) {
    it(`<${tag}> keeps a visible, usable button, full-width inputs and its own type on a hostile rtl page`, async () => {
      const reference = mount(`<div style="display: block; width: 600px"><${tag} api-base="${stub('ok').apiBase}"></${tag}></div>`).firstElementChild!;
      const refInput = control(reference, tag === 'society-registration' ? 'name' : 'fullName').getBoundingClientRect();
      const refButton = button(reference).getBoundingClientRect();
      const refHeight = reference.getBoundingClientRect().height;
      cleanup();

      style = document.createElement('style');
      style.textContent = hostile;
      document.head.append(style);
      document.documentElement.setAttribute('dir', 'rtl');
      const box = mount(`<div style="display: block; width: 600px" dir="rtl"><${tag} api-base="${stub('ok').apiBase}"></${tag}></div>`);
      const host = box.firstElementChild!;

      const b = button(host);
      const bBox = b.getBoundingClientRect();
      equal(getComputedStyle(b).display, 'flex');
      equal(getComputedStyle(host).visibility, 'visible');
      ok(bBox.width > 200 && bBox.height >= 44, `button ${bBox.width}x${bBox.height}`);
      equal(Math.round(bBox.width), Math.round(refButton.width), 'button width as on a plain page');
      b.scrollIntoView({ block: 'center' });
      const seen = b.getBoundingClientRect();
      const hit = host.shadowRoot!.elementFromPoint(seen.left + seen.width / 2, seen.top + seen.height / 2);
      equal(hit, b, 'the button is on top and clickable');

      const input = control(host, tag === 'society-registration' ? 'name' : 'fullName');
      const iBox = input.getBoundingClientRect();
      equal(Math.round(iBox.width), Math.round(refInput.width), 'input width as on a plain page');
      const fieldBox = input.parentElement!.getBoundingClientRect();
      ok(Math.abs(iBox.width - fieldBox.width) < 1, 'the input fills its field');
      equal(getComputedStyle(input).fontSize, '16px');
      equal(getComputedStyle(input).direction, 'ltr');
      equal(getComputedStyle(host.shadowRoot!.querySelector('label')!).textTransform, 'none');
      equal(getComputedStyle(host.shadowRoot!.querySelector('h2')!).letterSpacing, '-0.24px');
      equal(getComputedStyle(host).color, 'rgb(15, 23, 42)');
      ok(Math.abs(host.getBoundingClientRect().height - refHeight) < 1, `same height (${host.getBoundingClientRect().height} vs ${refHeight})`);
      ok(iBox.left < fieldBox.left + 1, 'laid out left to right');
    });
  }

  it('leaves the element\'s size and place to the page (width, margin), even on a hostile page', () => {
    style = document.createElement('style');
    style.textContent = `${hostile} .sized { width: 420px; margin-left: 30px; }`;
    document.head.append(style);
    const box = mount(`<div style="display: block; width: 700px"><society-registration class="sized" api-base="${stub('ok').apiBase}"></society-registration></div>`);
    const host = box.firstElementChild!;
    const r = host.getBoundingClientRect();
    equal(r.width, 420);
    equal(r.left - box.getBoundingClientRect().left, 30);
    equal(Math.round(host.shadowRoot!.querySelector('form')!.getBoundingClientRect().width), 420);
  });

  it('still submits on a hostile page', async () => {
    style = document.createElement('style');
    style.textContent = hostile;
    document.head.append(style);
    const host = mount(`<society-registration api-base="${stub('success').apiBase}"></society-registration>`);
    fillAll(host, { name: 'A', email: 'a@example.com', phone: '9876543210', societyName: 'S', city: 'C' });
    submit(host);
    await waitForToast('Registration Successful!');
  });

  it('takes its colours, radius and font from --widget-* custom properties, and exposes parts', async () => {
    style = document.createElement('style');
    style.textContent = `
      .themed { --widget-accent: rgb(29, 78, 216); --widget-accent-contrast: rgb(255, 255, 0); --widget-radius: 2px;
                --widget-font: monospace; --widget-surface: rgb(240, 240, 240); --widget-text: rgb(1, 2, 3); }
      .themed::part(heading) { font-style: italic; }
      .themed::part(label) { text-decoration: underline; }`;
    document.head.append(style);
    const host = mount(`<society-registration class="themed" api-base="${stub('ok').apiBase}"></society-registration>`);
    const root = host.shadowRoot!;
    const b = getComputedStyle(button(host));
    equal(b.backgroundColor, 'rgb(29, 78, 216)');
    equal(b.color, 'rgb(255, 255, 0)');
    equal(b.borderTopLeftRadius, '2px');
    const form = getComputedStyle(root.querySelector('form')!);
    equal(form.backgroundColor, 'rgb(240, 240, 240)');
    equal(form.color, 'rgb(1, 2, 3)');
    equal(form.fontFamily, 'monospace');
    equal(getComputedStyle(root.querySelector('h2')!).fontStyle, 'italic');
    ok(getComputedStyle(root.querySelector('label')!).textDecorationLine.includes('underline'));
  });

  it('defaults to the site tokens (teal #0f766e accent, white text on it)', () => {
    const host = mount(`<society-registration api-base="${stub('ok').apiBase}"></society-registration>`);
    const b = getComputedStyle(button(host));
    equal(b.backgroundColor, 'rgb(15, 118, 110)');
    equal(b.color, 'rgb(255, 255, 255)');
    ok(!host.shadowRoot!.querySelector('style'), 'no <style> element: the CSS is a constructable stylesheet');
    equal(host.shadowRoot!.adoptedStyleSheets.length, 1);
  });
});
