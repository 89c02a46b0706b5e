/**
 * What a visitor did in a form before its script arrived (in the pre-rendered
 * Declarative Shadow DOM), or before the element was moved in the page: the values
 * by control name, and which control had focus with its selection. define-element
 * records it just before the shadow root is cleared; the component starts from it
 * (form-state.ts).
 */
import { hostOf } from '../lead-form/events.ts';

export interface FormSnapshot {
  values: Record<string, string>;
  /** The file chosen in each file control (the career form's CV), by name. */
  files: Record<string, File>;
  focus?: { name: string; start: number | null; end: number | null; direction: 'forward' | 'backward' | 'none' | null };
}

const snapshots = new WeakMap<Element, FormSnapshot>();

export type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

export const isControl = (el: unknown): el is Control =>
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
  const files: Record<string, File> = {};
  for (const el of form.elements) {
    if (!isControl(el) || !el.name) continue;
    if (el instanceof HTMLInputElement && el.type === 'file') {
      if (el.files?.[0]) files[el.name] = el.files[0];
    } else values[el.name] = el.value;
  }
  const active = root.activeElement;
  const focus = isControl(active) && active.name ? { name: active.name, ...selectionOf(active) } : undefined;
  snapshots.set(host, { values, files, focus });
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
