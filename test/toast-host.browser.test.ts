/**
 * <toast-host>: live regions present before any toast, polite vs assertive by variant,
 * newest first and at most 3, closing by keyboard (Enter on the close button, Escape),
 * the close button's accessible name, auto-dismiss after about 6 s that waits while
 * hovered, placement.
 */
import { a11ySnapshot, findAccessibilityNode, resetMouse, sendKeys, sendMouse, setViewport } from '@web/test-runner-commands';
import {
  after, afterEach, before, beforeEach, cleanup, clearToasts, currentToasts, describe, equal, fillAll, it, loadWidget, mount, ok, sleep, stub, submit,
  toastHost, waitFor, waitForToast,
} from './browser-stub/helpers.ts';

interface A11yNode {
  role: string;
  name: string;
  children: A11yNode[];
}

const society = { name: 'A', email: 'a@example.com', phone: '9876543210', societyName: 'S', city: 'C', position: '' };

async function raise(scenario: string, title: string) {
  const host = mount(`<society-registration api-base="${stub(scenario).apiBase}"></society-registration>`);
  fillAll(host, society);
  const seen = currentToasts();
  submit(host);
  const toast = await waitForToast(title, { seen });
  host.parentElement!.remove();
  return toast;
}

describe('<toast-host>', () => {
  before(async () => {
    await loadWidget('society-registration');
  });
  beforeEach(() => clearToasts());
  afterEach(async () => {
    cleanup();
    await resetMouse();
  });
  after(() => clearToasts());

  it('has both live regions, empty, before any toast arrives', () => {
    const { polite, assertive, toasts } = toastHost();
    equal(toasts().length, 0);
    equal(polite.getAttribute('aria-live'), 'polite');
    equal(assertive.getAttribute('aria-live'), 'assertive');
    equal(polite.childElementCount + assertive.childElementCount, 0);
  });

  it('puts default toasts in the polite region and destructive ones in the assertive region, newest on top', async () => {
    const first = await raise('success', 'Registration Successful!');
    equal(first.region, 'status');
    const second = await raise('success-false-with-message', 'Registration Failed');
    equal(second.region, 'alert');
    const { polite, assertive } = toastHost();
    ok(polite.textContent!.includes('Registration Successful!'));
    ok(assertive.textContent!.includes('This society is already registered.'));
    ok(
      assertive.getBoundingClientRect().bottom <= polite.getBoundingClientRect().top + 1,
      'the newest (destructive) toast is above the older one',
    );
    // White on the destructive red: contrast of at least 4.5:1.
    const style = getComputedStyle(second.toast);
    equal(style.backgroundColor, 'rgb(185, 28, 28)');
    equal(style.color, 'rgb(255, 255, 255)');
  });

  it('keeps at most 3 toasts, dropping the oldest', async () => {
    await raise('success-false-with-message', 'Registration Failed');
    await raise('success', 'Registration Successful!');
    await raise('success-false-without-message', 'Registration Failed');
    await raise('not-json', 'Registration Failed');
    const { toasts } = toastHost();
    equal(toasts().length, 3);
    const texts = toasts().map((t) => t.textContent);
    ok(!texts.some((t) => t!.includes('This society is already registered.')), 'the oldest is gone');
  });

  it('the close button is named "Dismiss notification" and closes the toast with Enter', async () => {
    const { toast } = await raise('success', 'Registration Successful!');
    const close = toast.querySelector<HTMLButtonElement>('button')!;
    equal(close.getAttribute('aria-label'), 'Dismiss notification');
    const tree = (await a11ySnapshot({})) as unknown as A11yNode;
    ok(findAccessibilityNode<A11yNode>(tree, (n) => n.role === 'button' && n.name === 'Dismiss notification'), 'a button named "Dismiss notification" in the accessibility tree');
    close.focus();
    await sendKeys({ press: 'Enter' });
    await waitFor(() => toastHost().toasts().length === 0, { message: 'toast closed' });
  });

  it('Escape closes the toast that has focus, and focus moves to the next toast', async () => {
    await raise('success', 'Registration Successful!');
    const { toast } = await raise('success-false-with-message', 'Registration Failed');
    toast.querySelector('button')!.focus();
    await sendKeys({ press: 'Escape' });
    await waitFor(() => toastHost().toasts().length === 1, { message: 'one toast left' });
    equal(toastHost().toasts()[0].querySelector('.toast__title')!.textContent, 'Registration Successful!');
    equal(toastHost().root.activeElement, toastHost().toasts()[0].querySelector('button'), 'focus on the remaining close button');
    await sendKeys({ press: 'Escape' });
    await waitFor(() => toastHost().toasts().length === 0, { message: 'no toast left' });
  });

  it('closes by itself after about 6 s, and the countdown waits while the pointer is over it', async function () {
    this.timeout(20_000);
    const { toast } = await raise('success', 'Registration Successful!');
    const shown = performance.now();
    await sleep(4000);
    const box = toast.getBoundingClientRect();
    await sendMouse({ type: 'move', position: [Math.round(box.left + 20), Math.round(box.top + 10)] });
    await sleep(3000);
    ok(toast.isConnected, 'still shown 7 s after it appeared, because it is hovered');
    await sendMouse({ type: 'move', position: [1, 1] });
    await waitFor(() => !toast.isConnected, { timeout: 4000, message: 'closed after the pointer left' });
    const took = performance.now() - shown;
    // 4 s shown + 3 s paused + the remaining ~2 s.
    ok(took > 8500 && took < 10_500, `closed ${Math.round(took)} ms after it appeared`);
  });

  it('sits fixed at the bottom right, above the page, and along the bottom on narrow screens', async () => {
    const { toast } = await raise('success', 'Registration Successful!');
    await Promise.all(toast.getAnimations().map((a) => a.finished));
    const { host } = toastHost();
    equal(getComputedStyle(host).position, 'fixed');
    equal(getComputedStyle(host).zIndex, '2147483647');
    let box = toast.getBoundingClientRect();
    const viewport = document.documentElement;
    ok(
      Math.abs(viewport.clientWidth - 16 - box.right) <= 1 && Math.abs(viewport.clientHeight - 16 - box.bottom) <= 1,
      `at ${box.right},${box.bottom} in ${viewport.clientWidth}x${viewport.clientHeight} (${innerWidth}x${innerHeight}); host ${JSON.stringify(host.getBoundingClientRect())}`,
    );
    await setViewport({ width: 360, height: 640 });
    box = toast.getBoundingClientRect();
    ok(box.width >= 360 - 16 - 1, `full width (${box.width})`);
    await setViewport({ width: 800, height: 600 });
  });
});
