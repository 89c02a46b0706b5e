/**
 * The one toast store every widget of a page shares (it lives in a shared chunk, so a
 * page that loads two widgets loads it once). `<toast-host>` renders it. A toast may
 * name its `source` (the form that raised it), so that form can withdraw its earlier
 * toasts when the visitor submits again.
 */
import { atom } from 'nanostores';

export type ToastVariant = 'default' | 'destructive';

export interface Toast {
  id: number;
  title: string;
  description?: string;
  variant: ToastVariant;
  source?: symbol;
  /** The language of its text (the form's), and its close button's name in it. */
  lang?: string;
  dismissLabel?: string;
}

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
  source?: symbol;
  lang?: string;
  dismissLabel?: string;
}

/** How many toasts are kept at once; the oldest goes first. */
export const TOAST_LIMIT = 3;

/** Newest first. */
export const $toasts = atom<readonly Toast[]>([]);

let nextId = 1;

export function showToast({ variant = 'default', ...input }: ToastInput): number {
  const toast: Toast = { ...input, id: nextId++, variant };
  $toasts.set([toast, ...$toasts.get()].slice(0, TOAST_LIMIT));
  return toast.id;
}

export function dismissToast(id: number): void {
  const toasts = $toasts.get();
  if (toasts.some((t) => t.id === id)) $toasts.set(toasts.filter((t) => t.id !== id));
}

/** Withdraws every toast `source` raised (a form's earlier answers, when it is submitted again). */
export function dismissToastsFrom(source: symbol): void {
  const toasts = $toasts.get();
  if (toasts.some((t) => t.source === source)) $toasts.set(toasts.filter((t) => t.source !== source));
}
