/**
 * The one toast store every widget of a page shares (it lives in a shared chunk, so a
 * page that loads two widgets loads it once). `<toast-host>` renders it.
 */
import { atom } from 'nanostores';

export type ToastVariant = 'default' | 'destructive';

export interface Toast {
  id: number;
  title: string;
  description?: string;
  variant: ToastVariant;
}

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
}

/** How many toasts are kept at once; the oldest goes first. */
export const TOAST_LIMIT = 3;

/** Newest first. */
export const $toasts = atom<readonly Toast[]>([]);

let nextId = 1;

export function showToast({ title, description, variant = 'default' }: ToastInput): number {
  const toast: Toast = { id: nextId++, title, description, variant };
  $toasts.set([toast, ...$toasts.get()].slice(0, TOAST_LIMIT));
  return toast.id;
}

export function dismissToast(id: number): void {
  const toasts = $toasts.get();
  if (toasts.some((t) => t.id === id)) $toasts.set(toasts.filter((t) => t.id !== id));
}
