/**
 * Browser-side helpers for the widget tests: plain assertions (no library), loading the
 * built widgets, the stub server's scenarios and records, filling React-controlled
 * fields, waiting, and reading the toast host.
 */

export class AssertionError extends Error {}

export function ok(value: unknown, message = 'expected a truthy value'): asserts value {
  if (!value) throw new AssertionError(message);
}

const show = (value: unknown): string => {
  if (value instanceof Element) return `<${value.localName}${value.id ? '#' + value.id : ''}${value.className ? '.' + String(value.className).split(' ').join('.') : ''}>`;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
};

export function equal<T>(actual: T, expected: T, message = ''): void {
  if (!Object.is(actual, expected)) {
    throw new AssertionError(`${message ? message + ': ' : ''}expected ${show(expected)}, got ${show(actual)}`);
  }
}

const canonical = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(canonical)
    : value && typeof value === 'object'
      ? Object.fromEntries(Object.keys(value).sort().map((k) => [k, canonical((value as Record<string, unknown>)[k])]))
      : value;

export function deepEqual(actual: unknown, expected: unknown, message = ''): void {
  const a = JSON.stringify(canonical(actual));
  const e = JSON.stringify(canonical(expected));
  if (a !== e) throw new AssertionError(`${message ? message + ': ' : ''}expected ${e}, got ${a}`);
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Lets React commit a pending update (a task later). */
export const settle = (ms = 50) => sleep(ms);

export async function waitFor<T>(check: () => T | undefined | null | false, { timeout = 5000, message = 'condition' } = {}): Promise<T> {
  const start = performance.now();
  for (;;) {
    const value = check();
    if (value) return value;
    if (performance.now() - start > timeout) throw new AssertionError(`timed out after ${timeout} ms waiting for ${message}`);
    await sleep(20);
  }
}

/** Imports a built widget entry, as a partner page does (`/widgets/<tag>.js`). */
export function loadWidget(tag: string, query = ''): Promise<unknown> {
  return import(`/built/widgets/${tag}.js${query}`);
}

let counter = 0;

/** A stub API base for one test: the scenario, and a key of its own to read the requests back. */
export function stub(scenario: string): { apiBase: string; key: string } {
  const key = `${scenario}--t${Date.now().toString(36)}${(counter++).toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return { apiBase: `${location.origin}/stub/${key}`, key };
}

export async function requests(key: string): Promise<{ count: number; lastBody: string; contentType: string }> {
  return (await fetch(`/stub/requests?key=${encodeURIComponent(key)}`)).json();
}

/** Adds markup to the page in a container of its own (removed by `cleanup`). */
export function mount<E extends Element = HTMLElement>(html: string, selector?: string): E {
  const box = document.createElement('div');
  box.className = 'test-box';
  box.innerHTML = html;
  document.body.append(box);
  return (selector ? box.querySelector(selector) : box.firstElementChild) as E;
}

export function cleanup(): void {
  for (const box of document.querySelectorAll('.test-box')) box.remove();
}

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

export function control<T extends Control = HTMLInputElement>(host: Element, name: string): T {
  const el = host.shadowRoot?.querySelector(`[name="${name}"]`);
  ok(el, `no control named ${name}`);
  return el as T;
}

/** Sets a value the way typing does, so React's onChange sees it. */
export function fill(el: Control, value: string): void {
  const proto = el instanceof HTMLSelectElement ? HTMLSelectElement.prototype : el instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(proto, 'value')!.set!.call(el, value);
  el.dispatchEvent(new Event(el instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true, composed: true }));
}

export function fillAll(host: Element, values: Record<string, string>): void {
  for (const [name, value] of Object.entries(values)) fill(control(host, name), value);
}

export function valuesOf(host: Element, names: string[]): Record<string, string> {
  return Object.fromEntries(names.map((n) => [n, control(host, n).value]));
}

export function button(host: Element): HTMLButtonElement {
  const b = host.shadowRoot?.querySelector<HTMLButtonElement>('button[type="submit"]');
  ok(b, 'no submit button');
  return b;
}

/** Submits like a click on the button (native validation included). */
export function submit(host: Element): void {
  button(host).click();
}

export function nextEvent<T = unknown>(target: EventTarget, type: string, timeout = 20_000): Promise<CustomEvent<T>> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new AssertionError(`no ${type} event within ${timeout} ms`)), timeout);
    target.addEventListener(
      type,
      (event) => {
        clearTimeout(timer);
        resolve(event as CustomEvent<T>);
      },
      { once: true },
    );
  });
}

/** The page's <toast-host> and its two live regions. */
export function toastHost() {
  const host = document.querySelector('toast-host');
  ok(host?.shadowRoot, 'no <toast-host> with a shadow root in the page');
  const root = host.shadowRoot;
  const polite = root.querySelector<HTMLElement>('[role="status"]');
  const assertive = root.querySelector<HTMLElement>('[role="alert"]');
  ok(polite && assertive, 'the toast host has no live regions');
  return { host, root, polite, assertive, toasts: () => [...root.querySelectorAll<HTMLElement>('.toast')] };
}

/** The toast elements shown now (to tell a new toast from an older one with the same title). */
export function currentToasts(): Set<Element> {
  return new Set(document.querySelector('toast-host')?.shadowRoot?.querySelectorAll('.toast') ?? []);
}

/** Waits for a toast with this title (not one of `seen`); returns the toast element and the region it is in. */
export async function waitForToast(title: string, { timeout = 5000, seen = new Set<Element>() } = {}) {
  return waitFor(
    () => {
      const host = document.querySelector('toast-host')?.shadowRoot;
      const toast = [...(host?.querySelectorAll<HTMLElement>('.toast') ?? [])].find(
        (t) => !seen.has(t) && t.querySelector('.toast__title')?.textContent === title,
      );
      if (!toast) return undefined;
      return {
        toast,
        title: toast.querySelector('.toast__title')!.textContent,
        description: toast.querySelector('.toast__description')?.textContent ?? '',
        region: toast.closest('[role]')!.getAttribute('role'),
        live: toast.closest('[aria-live]')!.getAttribute('aria-live'),
        variant: toast.dataset.variant,
      };
    },
    { timeout, message: `a toast titled "${title}"` },
  );
}

/** Closes every toast (so a test starts from none). */
export async function clearToasts(): Promise<void> {
  const root = document.querySelector('toast-host')?.shadowRoot;
  if (!root) return;
  for (const close of root.querySelectorAll<HTMLButtonElement>('.toast__close')) close.click();
  await waitFor(() => root.querySelectorAll('.toast').length === 0, { message: 'no toasts' });
}

/* Mocha's BDD globals, set up by @web/test-runner before a test file is imported. */
interface MochaContext {
  timeout(ms: number): void;
}
type MochaFn = (this: MochaContext) => void | Promise<void>;
interface MochaGlobals {
  describe(name: string, fn: () => void): void;
  it(name: string, fn: MochaFn): void;
  before(fn: MochaFn): void;
  after(fn: MochaFn): void;
  beforeEach(fn: MochaFn): void;
  afterEach(fn: MochaFn): void;
}
export const { describe, it, before, after, beforeEach, afterEach } = globalThis as unknown as MochaGlobals;
