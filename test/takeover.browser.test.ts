/**
 * Taking over the pre-rendered form. Our pages ship each form as Declarative Shadow DOM
 * (the build's shadowMarkup): it paints before any script, its submit button disabled.
 * A visitor may start typing then. When the widget script arrives, the element must keep
 * what was typed, the focus and the selection, and the same size (no layout shift).
 * The fixtures are the real built pages' markup.
 */
import { sendKeys } from '@web/test-runner-commands';
import {
  afterEach, button, cleanup, control, deepEqual, describe, equal, fill, it, loadWidget, ok, requests, sleep, stub, submit, valuesOf, waitForToast,
} from './browser-stub/helpers.ts';

async function prerendered(page: string, tag: string): Promise<HTMLElement> {
  const html = await (await fetch(`/built/${page}`)).text();
  const markup = new RegExp(`<${tag}[^>]*>[\\s\\S]*?</${tag}>`).exec(html)?.[0];
  ok(markup?.includes('<template shadowrootmode="open">'), `the built ${page} pre-renders <${tag}>`);
  const box = document.createElement('div');
  box.className = 'test-box';
  box.style.width = '640px';
  document.body.append(box);
  box.setHTMLUnsafe(markup!);
  const host = box.querySelector<HTMLElement>(tag)!;
  ok(host.shadowRoot, 'the declarative shadow root is attached before the script');
  return host;
}

describe('pre-rendered shadow root takeover', () => {
  afterEach(() => cleanup());

  it('<society-registration>: typed values, focus and selection survive the script arriving, with no size change', async () => {
    const host = await prerendered('index.html', 'society-registration');
    const root = host.shadowRoot!;
    ok(root.querySelector('style'), 'pre-rendered <style>');
    equal(button(host).disabled, true, 'the pre-rendered button is disabled');
    equal(root.querySelector('h2')?.textContent, 'Register Your Society');
    const height = host.getBoundingClientRect().height;
    ok(height > 300, `painted at full size before the script (${height}px)`);

    const name = control(host, 'name');
    name.focus();
    await sendKeys({ type: 'Asha Verma' });
    await sendKeys({ press: 'Enter' }); // the disabled default button: no native submission
    await sleep(100);
    equal(location.search.includes('name='), false, 'no native GET submission');
    fill(control(host, 'email'), 'asha@example.com');
    fill(control(host, 'phone'), '98765 43210');
    fill(control(host, 'societyName'), 'Green Valley');
    const city = control(host, 'city');
    city.focus();
    await sendKeys({ type: 'Pune City' });
    city.setSelectionRange(2, 4);

    host.setAttribute('api-base', stub('success').apiBase);
    await loadWidget('society-registration');

    equal(host.shadowRoot, root, 'the same shadow root, taken over');
    ok(!root.querySelector('style'), 'the pre-rendered <style> gave way to the adopted sheet');
    equal(root.adoptedStyleSheets.length, 1);
    equal(button(host).disabled, false, 'the mounted button is enabled');
    deepEqual(valuesOf(host, ['name', 'email', 'phone', 'societyName', 'city', 'position']), {
      name: 'Asha Verma', email: 'asha@example.com', phone: '98765 43210', societyName: 'Green Valley', city: 'Pune City', position: '',
    });
    const active = root.activeElement as HTMLInputElement | null;
    equal(active?.name, 'city', 'focus restored');
    equal(document.activeElement, host);
    equal(active!.selectionStart, 2);
    equal(active!.selectionEnd, 4);
    ok(Math.abs(host.getBoundingClientRect().height - height) < 0.5, `same height (${height} → ${host.getBoundingClientRect().height})`);

    // Typing goes on where it stopped, and the form sends what was typed before and after.
    await sendKeys({ press: 'End' });
    await sendKeys({ type: '!' });
    equal(control(host, 'city').value, 'Pune City!');
    const key = host.getAttribute('api-base')!.split('/stub/')[1];
    submit(host);
    await waitForToast('Registration Successful!');
    deepEqual(JSON.parse((await requests(key)).lastBody), {
      name: 'Asha Verma', email: 'asha@example.com', phone: '98765 43210', societyName: 'Green Valley', city: 'Pune City!', position: '',
    });
  });

  it('<career-application>: selects and textarea keep their values; focus returns to the textarea', async () => {
    const host = await prerendered('career/index.html', 'career-application');
    const root = host.shadowRoot!;
    equal(button(host).disabled, true);
    const height = host.getBoundingClientRect().height;
    fill(control(host, 'fullName'), 'Rohan');
    fill(control(host, 'course'), 'MBA');
    fill(control(host, 'areaOfInterest'), 'marketing-sales-intern');
    const why = control<HTMLTextAreaElement>(host, 'whyJoin');
    why.focus();
    await sendKeys({ type: 'Because' });

    await loadWidget('career-application');

    equal(button(host).disabled, false);
    deepEqual(valuesOf(host, ['fullName', 'course', 'areaOfInterest', 'whyJoin']), {
      fullName: 'Rohan', course: 'MBA', areaOfInterest: 'marketing-sales-intern', whyJoin: 'Because',
    });
    equal((root.activeElement as HTMLTextAreaElement | null)?.name, 'whyJoin');
    equal(why.isConnected, false, 'the controls are React-rendered now');
    ok(Math.abs(host.getBoundingClientRect().height - height) < 0.5, `same height (${height} → ${host.getBoundingClientRect().height})`);
  });

  it('moving a mounted form in the page keeps what was typed', async () => {
    await loadWidget('society-registration');
    const box = document.createElement('div');
    box.className = 'test-box';
    document.body.append(box);
    box.innerHTML = '<society-registration></society-registration><div id="elsewhere"></div>';
    const host = box.querySelector('society-registration')!;
    fill(control(host, 'name'), 'Moved');
    box.querySelector('#elsewhere')!.append(host);
    equal(control(host, 'name').value, 'Moved');
  });
});
