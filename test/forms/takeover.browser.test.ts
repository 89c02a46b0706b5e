/**
 * Taking over the pre-rendered form. Our pages ship each form as Declarative Shadow DOM
 * (the build's shadowMarkup): it paints before any script, a real form the browser posts
 * itself until the script takes over (contract/form-post.ts).
 * A visitor may start typing then. When the widget script arrives, the element must keep
 * what was typed, the focus and the selection, and the same size (no layout shift).
 * The fixtures are the real built pages' markup.
 */
import { expect, fixture } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { fieldNames } from '../../contract/lead-contract.ts';
import { button, control, fill, loadWidget, requests, stub, submit, valuesOf, waitForToast } from '../browser-stub/helpers.ts';

async function prerendered(page: string, tag: string): Promise<HTMLElement> {
  const html = await (await fetch(`/built/${page}`)).text();
  const markup = new RegExp(`<${tag}[^>]*>[\\s\\S]*?</${tag}>`).exec(html)?.[0];
  expect(markup, `the built ${page} pre-renders <${tag}>`).to.include('<template shadowrootmode="open">');
  const box = await fixture('<div style="width: 640px"></div>');
  box.setHTMLUnsafe(markup!);
  const host = box.querySelector<HTMLElement>(tag)!;
  expect(host.shadowRoot, 'the declarative shadow root is attached before the script').to.exist;
  return host;
}

describe('pre-rendered shadow root takeover', () => {
  it('<society-registration>: typed values, focus and selection survive the script arriving, with no size change', async () => {
    const host = await prerendered('index.html', 'society-registration');
    const root = host.shadowRoot!;
    expect(root.querySelector('style'), 'pre-rendered <style>').to.exist;
    expect(button(host).disabled, 'the pre-rendered button is live').to.equal(false);
    const native = root.querySelector('form')!;
    expect(native.method, 'a form the browser posts itself').to.equal('post');
    expect(new URL(native.action).pathname).to.equal('/addSocietyQuery');
    expect(root.querySelector('h2')?.textContent).to.equal('Register Your Society');
    const height = host.getBoundingClientRect().height;
    expect(height, 'painted at full size before the script').to.be.greaterThan(300);

    const name = control(host, 'name');
    name.focus();
    await sendKeys({ type: 'Asha Verma' });
    const form = root.querySelector('form')!;
    let submitted = false;
    form.addEventListener('submit', (event) => {
      submitted = true;
      event.preventDefault(); // this page is the test's: it must not navigate
    });
    await sendKeys({ press: 'Enter' }); // the browser's own checks come first: the email is still missing
    expect(submitted, 'no native submission of an incomplete form').to.equal(false);
    fill(control(host, 'email'), 'asha@example.com');
    fill(control(host, 'phone'), '98765 43210');
    fill(control(host, 'societyName'), 'Green Valley');
    const city = control(host, 'city');
    city.focus();
    await sendKeys({ type: 'Pune City' });
    city.setSelectionRange(2, 4);

    host.setAttribute('api-base', stub('success').apiBase);
    await loadWidget('society-registration');

    expect(host.shadowRoot, 'the same shadow root, taken over').to.equal(root);
    expect(root.querySelector('style'), 'the pre-rendered <style> gave way to the adopted sheet').to.equal(null);
    expect(root.adoptedStyleSheets.length).to.equal(1);
    expect(button(host).disabled, 'the mounted button is enabled').to.equal(false);
    const typed = { name: 'Asha Verma', email: 'asha@example.com', phone: '98765 43210', societyName: 'Green Valley', city: 'Pune City', position: '' };
    // Every field of the contract: the ones typed into, and the others still empty.
    const untouched = Object.fromEntries(fieldNames('society').map((field) => [field, '']));
    expect(valuesOf(host, fieldNames('society'))).to.deep.equal({ ...untouched, ...typed });
    const active = root.activeElement as HTMLInputElement | null;
    expect(active?.name, 'focus restored').to.equal('city');
    expect(document.activeElement).to.equal(host);
    expect(active!.selectionStart).to.equal(2);
    expect(active!.selectionEnd).to.equal(4);
    expect(host.getBoundingClientRect().height, 'same height').to.be.closeTo(height, 0.5);

    // Typing goes on where it stopped, and the form sends what was typed before and after.
    await sendKeys({ press: 'End' });
    await sendKeys({ type: '!' });
    expect(control(host, 'city').value).to.equal('Pune City!');
    const key = host.getAttribute('api-base')!.split('/stub/')[1]!;
    submit(host);
    await waitForToast('Registration Successful!');
    expect(JSON.parse((await requests(key)).lastBody)).to.deep.equal({ ...untouched, ...typed, city: 'Pune City!' });
  });

  it('<career-application>: selects and textarea keep their values; focus returns to the textarea', async () => {
    const host = await prerendered('career/index.html', 'career-application');
    const root = host.shadowRoot!;
    expect(button(host).disabled, 'the career button is never disabled').to.equal(false);
    expect(new URL(root.querySelector('form')!.action).pathname).to.equal('/addQuery');
    const height = host.getBoundingClientRect().height;
    fill(control(host, 'fullName'), 'Rohan');
    fill(control(host, 'course'), 'MBA');
    fill(control(host, 'areaOfInterest'), 'marketing-sales-intern');
    const why = control<HTMLTextAreaElement>(host, 'whyJoin');
    why.focus();
    await sendKeys({ type: 'Because' });

    await loadWidget('career-application');

    expect(button(host).disabled).to.equal(false);
    expect(valuesOf(host, ['fullName', 'course', 'areaOfInterest', 'whyJoin'])).to.deep.equal({
      fullName: 'Rohan', course: 'MBA', areaOfInterest: 'marketing-sales-intern', whyJoin: 'Because',
    });
    expect((root.activeElement as HTMLTextAreaElement | null)?.name).to.equal('whyJoin');
    expect(why.isConnected, 'the controls are React-rendered now').to.equal(false);
    expect(host.getBoundingClientRect().height, 'same height').to.be.closeTo(height, 0.5);
  });

  it('moving a mounted form in the page keeps what was typed', async () => {
    await loadWidget('society-registration');
    const box = await fixture('<div><society-registration></society-registration><div id="elsewhere"></div></div>');
    const host = box.querySelector('society-registration')!;
    fill(control(host, 'name'), 'Moved');
    box.querySelector('#elsewhere')!.append(host);
    expect(control(host, 'name').value).to.equal('Moved');
  });
});
