/**
 * <toast-host>: live regions present before any toast, polite vs assertive by variant,
 * newest first and at most 3, closing by keyboard (Enter on the close button, Escape),
 * the close button's accessible name, auto-dismiss after 6 s that waits while hovered,
 * placement. Every test runs on a fake clock (sinon), so no toast closes by itself
 * unless the test moves the clock.
 */
import { expect, fixture, nextFrame } from '@open-wc/testing';
import { a11ySnapshot, findAccessibilityNode, resetMouse, sendKeys, sendMouse, setViewport } from '@web/test-runner-commands';
import sinon from 'sinon';
import { clearToasts, currentToasts, fillAll, frameUntil, loadWidget, stub, submit, toastHost, waitForToast } from '../browser-stub/helpers.ts';
import { VALID_SOCIETY } from '../helpers/fixtures.ts';

interface A11yNode {
  role: string;
  name: string;
  children: A11yNode[];
}

async function raise(scenario: string, title: string) {
  const host = await fixture(`<society-registration api-base="${stub(scenario).apiBase}"></society-registration>`);
  fillAll(host, VALID_SOCIETY);
  const seen = currentToasts();
  submit(host);
  const toast = await waitForToast(title, { seen });
  host.remove();
  return toast;
}

describe('<toast-host>', () => {
  let clock: sinon.SinonFakeTimers;
  before(async () => {
    await loadWidget('society-registration');
  });
  beforeEach(async () => {
    await clearToasts();
    // Only the timers the widgets start are faked; React's scheduler kept the real ones it took at load.
    clock = sinon.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  });
  afterEach(async () => {
    clock.restore();
    await resetMouse();
  });
  after(() => clearToasts());

  it('has both live regions, empty, before any toast arrives', () => {
    const { polite, assertive, toasts } = toastHost();
    expect(toasts().length).to.equal(0);
    expect(polite.getAttribute('aria-live')).to.equal('polite');
    expect(assertive.getAttribute('aria-live')).to.equal('assertive');
    expect(polite.childElementCount + assertive.childElementCount).to.equal(0);
  });

  it('puts default toasts in the polite region and destructive ones in the assertive region, newest on top', async () => {
    const first = await raise('success', 'Registration Successful!');
    expect(first.region).to.equal('status');
    const second = await raise('success-false-with-message', 'Registration Failed');
    expect(second.region).to.equal('alert');
    const { polite, assertive } = toastHost();
    expect([...polite.querySelectorAll('.toast__title')].map((t) => t.textContent)).to.deep.equal(['Registration Successful!']);
    expect([...assertive.querySelectorAll('.toast__description')].map((t) => t.textContent)).to.deep.equal(['This society is already registered.']);
    expect(assertive.getBoundingClientRect().bottom, 'the newest (destructive) toast is above the older one').to.be.at.most(polite.getBoundingClientRect().top + 1);
    // White on the destructive red: contrast of at least 4.5:1.
    const style = getComputedStyle(second.toast);
    expect(style.backgroundColor).to.equal('rgb(185, 28, 28)');
    expect(style.color).to.equal('rgb(255, 255, 255)');
  });

  it('keeps at most 3 toasts, dropping the oldest', async () => {
    await raise('success-false-with-message', 'Registration Failed');
    await raise('success', 'Registration Successful!');
    await raise('success-false-without-message', 'Registration Failed');
    await raise('not-json', 'Registration Failed');
    const { toasts } = toastHost();
    expect(toasts().map((t) => t.querySelector('.toast__description')!.textContent), 'the three newest; the oldest gone').to.have.members([
      'Network error. Please check your connection and try again.',
      'Something went wrong. Please try again.',
      'Society request submitted successfully. We will reach out within 24 hours to activate your society.',
    ]);
  });

  it('the close button is named "Dismiss notification" and closes the toast with Enter', async () => {
    const { toast } = await raise('success', 'Registration Successful!');
    const close = toast.querySelector<HTMLButtonElement>('button')!;
    expect(close.getAttribute('aria-label')).to.equal('Dismiss notification');
    const tree = (await a11ySnapshot({})) as unknown as A11yNode;
    const named = findAccessibilityNode<A11yNode>(tree, (n) => n.role === 'button' && n.name === 'Dismiss notification');
    expect(named, 'a button named "Dismiss notification" in the accessibility tree').to.exist;
    close.focus();
    await sendKeys({ press: 'Enter' });
    await frameUntil(() => toastHost().toasts().length === 0, 'toast closed');
  });

  it('Escape closes the toast that has focus, and focus moves to the next toast', async () => {
    await raise('success', 'Registration Successful!');
    const { toast } = await raise('success-false-with-message', 'Registration Failed');
    toast.querySelector('button')!.focus();
    await sendKeys({ press: 'Escape' });
    await frameUntil(() => toastHost().toasts().length === 1, 'one toast left');
    expect(toastHost().toasts()[0]!.querySelector('.toast__title')!.textContent).to.equal('Registration Successful!');
    expect(toastHost().root.activeElement, 'focus on the remaining close button').to.equal(toastHost().toasts()[0]!.querySelector('button'));
    await sendKeys({ press: 'Escape' });
    await frameUntil(() => toastHost().toasts().length === 0, 'no toast left');
  });

  it('closes by itself 6 s after it appears', async () => {
    const { toast } = await raise('success', 'Registration Successful!');
    await frameUntil(() => clock.countTimers() === 1, 'the toast countdown started');
    await clock.tickAsync(5999);
    await nextFrame();
    expect(toast.isConnected, 'still shown at 5.999 s').to.equal(true);
    await clock.tickAsync(1);
    await frameUntil(() => !toast.isConnected, 'closed at 6 s');
  });

  it('pauses its countdown while the pointer is over it, then closes when the rest of the 6 s has passed', async () => {
    const { toast } = await raise('success', 'Registration Successful!');
    await frameUntil(() => clock.countTimers() === 1, 'the toast countdown started');
    await clock.tickAsync(4000);
    const box = toast.getBoundingClientRect();
    await sendMouse({ type: 'move', position: [Math.round(box.left + 20), Math.round(box.top + 10)] });
    await nextFrame();
    await clock.tickAsync(10_000);
    await nextFrame();
    expect(toast.isConnected, 'still shown 14 s after it appeared, because it is hovered').to.equal(true);
    await sendMouse({ type: 'move', position: [1, 1] });
    await nextFrame();
    await clock.tickAsync(1999);
    await nextFrame();
    expect(toast.isConnected, 'still shown 1.999 s after the pointer left').to.equal(true);
    await clock.tickAsync(1);
    await frameUntil(() => !toast.isConnected, 'closed 2 s (the rest of its 6 s) after the pointer left');
  });

  it('sits fixed at the bottom right, above the page, and along the bottom on narrow screens', async () => {
    const { toast } = await raise('success', 'Registration Successful!');
    await Promise.all(toast.getAnimations().map((a) => a.finished));
    const { host } = toastHost();
    expect(getComputedStyle(host).position).to.equal('fixed');
    expect(getComputedStyle(host).zIndex).to.equal('2147483647');
    let box = toast.getBoundingClientRect();
    const viewport = document.documentElement;
    expect(box.right, 'right edge 16 px from the viewport edge').to.be.closeTo(viewport.clientWidth - 16, 1);
    expect(box.bottom, 'bottom edge 16 px from the viewport bottom').to.be.closeTo(viewport.clientHeight - 16, 1);
    await setViewport({ width: 360, height: 640 });
    box = toast.getBoundingClientRect();
    expect(box.left, 'along the bottom, 8 px in').to.be.closeTo(8, 1);
    expect(box.width, 'full width less 8 px each side').to.be.closeTo(360 - 8 - 8, 1);
    expect(box.bottom, '8 px above the bottom').to.be.closeTo(viewport.clientHeight - 8, 1);
    await setViewport({ width: 800, height: 600 });
  });
});
