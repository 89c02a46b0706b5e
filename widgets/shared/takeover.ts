/**
 * What a visitor did in a form before its script arrived (in the pre-rendered
 * Declarative Shadow DOM), or before the element was moved in the page: the values
 * by control name, and which control had focus with its selection. define-element
 * records it just before the shadow root is cleared; the component starts from it.
 */
import { hostOf } from './events.ts';

export interface FormSnapshot {
  values: Record<string, string>;
  focus?: { name: string; start: number | null; end: number | null; direction: 'forward' | 'backward' | 'none' | null };
}

const snapshots = new WeakMap<Element, FormSnapshot>();

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

const isControl = (el: unknown): el is Control =>
  el instanceof HTMLInputElement || el instanceof HTMLSelectElement || el instanceof HTMLTextAreaElement;

function selectionOf(el: Control): Pick<NonNullable<FormSnapshot['focus']>, 'start' | 'end' | 'direction'> {
  try {
    if (el instanceof HTMLSelectElement) return { start: null, end: null, direction: null };
    return { start: el.selectionStart, end: el.selectionEnd, direction: el.selectionDirection };
  } catch {
    return { start: null, end: null, direction: null };
  }
}

/** Records the form state of `host`'s current shadow root, if it holds a form. */
export function recordSnapshot(host: Element): void {
  const root = host.shadowRoot;
  const form = root?.querySelector('form');
  if (!root || !form) return;
  const values: Record<string, string> = {};
  for (const el of form.elements) if (isControl(el) && el.name) values[el.name] = el.value;
  const active = root.activeElement;
  const focus = isControl(active) && active.name ? { name: active.name, ...selectionOf(active) } : undefined;
  snapshots.set(host, { values, focus });
}

/** The snapshot for the element whose shadow root is `container` (read during the first render). */
export function peekSnapshot(container: unknown): FormSnapshot | undefined {
  const host = hostOf(container);
  return host ? snapshots.get(host) : undefined;
}

export function forgetSnapshot(container: unknown): void {
  const host = hostOf(container);
  if (host) snapshots.delete(host);
}

/** Initial form values: the empty form, overlaid with the snapshot's values for known fields. */
export function initialValues<T extends Record<string, string>>(empty: T, snapshot: FormSnapshot | undefined): T {
  const values = { ...empty };
  if (snapshot) for (const key of Object.keys(empty) as (keyof T & string)[]) {
    const value = snapshot.values[key];
    if (typeof value === 'string') values[key] = value as T[typeof key];
  }
  return values;
}

/** Gives focus (and the selection) back to the control that had it. */
export function restoreFocus(form: HTMLFormElement | null, snapshot: FormSnapshot | undefined): void {
  const focus = snapshot?.focus;
  if (!form || !focus) return;
  const el = form.elements.namedItem(focus.name);
  if (!isControl(el)) return;
  el.focus({ preventScroll: true });
  if (!(el instanceof HTMLSelectElement) && focus.start !== null && focus.end !== null) {
    try {
      el.setSelectionRange(focus.start, focus.end, focus.direction ?? undefined);
    } catch {
      // Inputs such as type=email have no selection API.
    }
  }
}
