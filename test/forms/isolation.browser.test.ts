/**
 * A hostile partner page: `* { all: unset }`, `button { display: none }`, `input { width:
 * 10px }`, a 40px root font-size, an rtl ancestor. The form must still look and work the
 * same; theming goes through --widget-* custom properties and ::part().
 */
import { expect, fixture, fixtureCleanup } from '@open-wc/testing';
import { button, clearToasts, control, fillAll, loadWidget, stub, submit, waitForToast } from '../browser-stub/helpers.ts';
import { VALID_SOCIETY } from '../helpers/fixtures.ts';

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
  });
  after(() => clearToasts());

  for (const tag of ['society-registration', 'career-application']) {
    it(`<${tag}> keeps a visible, usable button, full-width inputs and its own type on a hostile rtl page`, async () => {
      const reference = (await fixture(`<div style="display: block; width: 600px"><${tag} api-base="${stub('ok').apiBase}"></${tag}></div>`)).firstElementChild!;
      const refInput = control(reference, tag === 'society-registration' ? 'name' : 'fullName').getBoundingClientRect();
      const refButton = button(reference).getBoundingClientRect();
      const refHeight = reference.getBoundingClientRect().height;
      fixtureCleanup();

      style = document.createElement('style');
      style.textContent = hostile;
      document.head.append(style);
      document.documentElement.setAttribute('dir', 'rtl');
      const box = await fixture(`<div style="display: block; width: 600px" dir="rtl"><${tag} api-base="${stub('ok').apiBase}"></${tag}></div>`);
      const host = box.firstElementChild!;

      const b = button(host);
      const bBox = b.getBoundingClientRect();
      expect(getComputedStyle(b).display).to.equal('flex');
      expect(getComputedStyle(host).visibility).to.equal('visible');
      expect(bBox.width, 'button width').to.be.greaterThan(200);
      expect(bBox.height, 'button height').to.be.at.least(44);
      expect(Math.round(bBox.width), 'button width as on a plain page').to.equal(Math.round(refButton.width));
      b.scrollIntoView({ block: 'center' });
      const seen = b.getBoundingClientRect();
      const hit = host.shadowRoot!.elementFromPoint(seen.left + seen.width / 2, seen.top + seen.height / 2);
      expect(hit, 'the button is on top and clickable').to.equal(b);

      const input = control(host, tag === 'society-registration' ? 'name' : 'fullName');
      const iBox = input.getBoundingClientRect();
      expect(Math.round(iBox.width), 'input width as on a plain page').to.equal(Math.round(refInput.width));
      const fieldBox = input.parentElement!.getBoundingClientRect();
      expect(iBox.width, 'the input fills its field').to.be.closeTo(fieldBox.width, 1);
      expect(getComputedStyle(input).fontSize).to.equal('16px');
      expect(getComputedStyle(input).direction).to.equal('ltr');
      expect(getComputedStyle(host.shadowRoot!.querySelector('label')!).textTransform).to.equal('none');
      expect(getComputedStyle(host.shadowRoot!.querySelector('h2')!).letterSpacing).to.equal('-0.24px');
      expect(getComputedStyle(host).color).to.equal('rgb(15, 23, 42)');
      expect(host.getBoundingClientRect().height, 'same height as on a plain page').to.be.closeTo(refHeight, 1);
      expect(iBox.left, 'laid out left to right').to.be.closeTo(fieldBox.left, 1);
    });
  }

  it('leaves the element\'s size and place to the page (width, margin), even on a hostile page', async () => {
    style = document.createElement('style');
    style.textContent = `${hostile} .sized { width: 420px; margin-left: 30px; }`;
    document.head.append(style);
    const box = await fixture(`<div style="display: block; width: 700px"><society-registration class="sized" api-base="${stub('ok').apiBase}"></society-registration></div>`);
    const host = box.firstElementChild!;
    const r = host.getBoundingClientRect();
    expect(r.width).to.equal(420);
    expect(r.left - box.getBoundingClientRect().left).to.equal(30);
    expect(Math.round(host.shadowRoot!.querySelector('form')!.getBoundingClientRect().width)).to.equal(420);
  });

  it('still submits on a hostile page', async () => {
    style = document.createElement('style');
    style.textContent = hostile;
    document.head.append(style);
    const host = await fixture(`<society-registration api-base="${stub('success').apiBase}"></society-registration>`);
    fillAll(host, VALID_SOCIETY);
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
    const host = await fixture(`<society-registration class="themed" api-base="${stub('ok').apiBase}"></society-registration>`);
    const root = host.shadowRoot!;
    const b = getComputedStyle(button(host));
    expect(b.backgroundColor).to.equal('rgb(29, 78, 216)');
    expect(b.color).to.equal('rgb(255, 255, 0)');
    expect(b.borderTopLeftRadius).to.equal('2px');
    const form = getComputedStyle(root.querySelector('form')!);
    expect(form.backgroundColor).to.equal('rgb(240, 240, 240)');
    expect(form.color).to.equal('rgb(1, 2, 3)');
    expect(form.fontFamily).to.equal('monospace');
    expect(getComputedStyle(root.querySelector('h2')!).fontStyle).to.equal('italic');
    expect(getComputedStyle(root.querySelector('label')!).textDecorationLine).to.equal('underline');
  });

  it('defaults to the site tokens (teal #0f766e accent, white text on it)', async () => {
    const host = await fixture(`<society-registration api-base="${stub('ok').apiBase}"></society-registration>`);
    const b = getComputedStyle(button(host));
    expect(b.backgroundColor).to.equal('rgb(15, 118, 110)');
    expect(b.color).to.equal('rgb(255, 255, 255)');
    expect(host.shadowRoot!.querySelector('style'), 'no <style> element: the CSS is a constructable stylesheet').to.equal(null);
    expect(host.shadowRoot!.adoptedStyleSheets.length).to.equal(1);
  });
});
