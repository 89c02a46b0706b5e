/// <reference types="mocha" />
/**
 * Browser-side helpers for the widget tests (assertions and fixtures come from
 * @open-wc/testing): loading the built widgets, the stub server's scenarios and records,
 * filling React-controlled fields, and reading the toast host.
 */
import { expect, nextFrame, waitUntil } from '@open-wc/testing';

/** The widgets' CSS parts (widgets/registry/api.ts) that exist only in a state of the form: after a refusal naming a field, or after a success. */
export const statePartNames: readonly string[] = ['field-error', 'confirmation', 'confirmation-message', 'confirmation-reference', 'waiting', 'waiting-message'];

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

export interface StubRecord {
  count: number;
  lastBody: string;
  contentType: string;
  /** Path and query of the last lead POST. */
  lastUrl: string;
  /** Its X-Altcha header, and whether that verified. */
  altcha: string | null;
  altchaValid: boolean | null;
  noticeVersion: string | null;
  /** Its Content-Language header (the form's language). */
  contentLanguage: string | null;
  /** Its X-Resume-Upload header (the CV's upload id). */
  resumeUpload: string | null;
  /** Challenges fetched from this stub. */
  challenges: number;
}

/** What the stub recorded under `key`; throws for a key of no known scenario (a typo would otherwise read as "nothing sent"). */
export async function requests(key: string): Promise<StubRecord> {
  const response = await fetch(`/stub/requests?key=${encodeURIComponent(key)}`);
  if (!response.ok) throw new Error(`browser stub: ${await response.text()}`);
  return response.json();
}

/**
 * Sends `host` once with valid values, waits until the stub has counted that request under
 * `key`, and brings the empty form back with the confirmation's "send another" button: a
 * check that a refused submit sent nothing then reads a count of exactly 1 from a counter
 * already seen to count.
 */
export async function sendOnceThenAnother(host: Element, key: string, values: Record<string, string>): Promise<void> {
  fillAll(host, values);
  submit(host);
  await waitUntil(async () => (await requests(key)).count === 1, 'the valid submit reached the stub', { timeout: 5000 });
  const again = () => host.shadowRoot!.querySelector<HTMLButtonElement>('.confirmation button');
  await waitUntil(again, 'the confirmation with its "send another" button', { timeout: 5000 });
  again()!.click();
  await waitUntil(() => host.shadowRoot!.querySelector('form'), 'the form is back', { timeout: 5000 });
}

/** Lets the held requests of a `held` stub answer (success). */
export async function release(key: string): Promise<void> {
  await fetch(`/stub/release?key=${encodeURIComponent(key)}`, { method: 'POST' });
}

/**
 * Polls on animation frames, not timers, so it keeps working while a test fakes
 * `setTimeout` (sinon). Fails after `frames` frames (about 10 s at 60 fps).
 */
export async function frameUntil(predicate: () => unknown, message: string, frames = 600): Promise<void> {
  for (let i = 0; i < frames; i++) {
    if (await predicate()) return;
    await nextFrame();
  }
  throw new Error(`Timeout (${frames} frames): ${message}`);
}

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

export function control<T extends Control = HTMLInputElement>(host: Element, name: string): T {
  const el = host.shadowRoot?.querySelector<T>(`[name="${name}"]`);
  expect(el, `control named ${name}`).to.exist;
  return el!;
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
  expect(b, 'submit button').to.exist;
  return b!;
}

/** Submits like a click on the button (native validation included). */
export function submit(host: Element): void {
  button(host).click();
}

/**
 * Waits until the form's button is enabled again after an answer. The toast host is a
 * React root of its own, so its toast can paint a frame before the form re-enables its button.
 */
export async function submitAgain(host: Element): Promise<void> {
  await frameUntil(() => !button(host).disabled, 'the submit button enabled again');
  submit(host);
}

/** The page's <toast-host> and its two live regions. */
export function toastHost() {
  const host = document.querySelector('toast-host');
  expect(host?.shadowRoot, '<toast-host> with a shadow root in the page').to.exist;
  const root = host!.shadowRoot!;
  const polite = root.querySelector<HTMLElement>('[role="status"]');
  const assertive = root.querySelector<HTMLElement>('[role="alert"]');
  expect(polite, 'polite live region').to.exist;
  expect(assertive, 'assertive live region').to.exist;
  return { host: host!, root, polite: polite!, assertive: assertive!, toasts: () => [...root.querySelectorAll<HTMLElement>('.toast')] };
}

/** The toast elements shown now (to tell a new toast from an older one with the same title). */
export function currentToasts(): Set<Element> {
  return new Set(document.querySelector('toast-host')?.shadowRoot?.querySelectorAll('.toast') ?? []);
}

/**
 * Waits for a toast with this title (not one of `seen`); returns the toast element, its
 * texts and the region it is in. Polls on frames, so it also works under a fake clock.
 */
export async function waitForToast(title: string, { seen = new Set<Element>() } = {}) {
  const find = () =>
    [...(document.querySelector('toast-host')?.shadowRoot?.querySelectorAll<HTMLElement>('.toast') ?? [])].find(
      (t) => !seen.has(t) && t.querySelector('.toast__title')?.textContent === title,
    );
  await frameUntil(find, `a toast titled "${title}"`);
  const toast = find()!;
  return {
    toast,
    title: toast.querySelector('.toast__title')!.textContent,
    description: toast.querySelector('.toast__description')?.textContent ?? '',
    region: toast.closest('[role]')!.getAttribute('role'),
    live: toast.closest('[aria-live]')!.getAttribute('aria-live'),
    variant: toast.dataset.variant,
  };
}

/** Closes every toast (so a test starts from none). */
export async function clearToasts(): Promise<void> {
  const root = document.querySelector('toast-host')?.shadowRoot;
  if (!root) return;
  for (const close of root.querySelectorAll<HTMLButtonElement>('.toast__close')) close.click();
  await waitUntil(() => root.querySelectorAll('.toast').length === 0, 'no toasts', { timeout: 5000 });
}
