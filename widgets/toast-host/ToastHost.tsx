/**
 * Renders the shared toast store. Two live regions exist from the first render, before
 * any toast: default toasts go into the polite one (role=status), destructive ones into
 * the assertive one (role=alert), so a screen reader announces each as it is added.
 * Newest on top (the region holding the newest toast is shown first), at most 3.
 * Each toast closes by its button ('Dismiss notification'), by Escape while focus is in
 * it, or by itself after about 6 s; its countdown pauses while the pointer is over it or
 * focus is inside it. (Kept per toast: a toast closed under the pointer takes its hover
 * state with it, so no stale "hovered" can hold the others.)
 * Alt+T anywhere on the page moves focus to the newest toast's close button, so a
 * keyboard user can reach a toast without tabbing through the whole page.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { $toasts, dismissToast, type Toast } from './toast-store.ts';

export const TOAST_DURATION_MS = 6000;
/** After a pause, a toast stays at least this long. */
const MIN_REMAINING_MS = 1500;

function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss: (id: number, hadFocus: boolean) => void }) {
  const remaining = useRef(TOAST_DURATION_MS);
  const ref = useRef<HTMLDivElement>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const paused = hovered || focused;

  useEffect(() => {
    if (paused) return;
    const started = Date.now();
    const timer = setTimeout(() => onDismiss(toast.id, false), Math.max(remaining.current, 0));
    return () => {
      clearTimeout(timer);
      remaining.current = Math.max(remaining.current - (Date.now() - started), MIN_REMAINING_MS);
    };
  }, [paused, toast.id, onDismiss]);

  const hasFocus = () => {
    const root = ref.current?.getRootNode();
    return root instanceof ShadowRoot && !!root.activeElement && !!ref.current?.contains(root.activeElement);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    onDismiss(toast.id, true);
  };

  return (
    <div
      ref={ref}
      className="toast"
      data-toast-id={toast.id}
      data-variant={toast.variant}
      part={`toast toast-${toast.variant}`}
      lang={toast.lang}
      onKeyDown={onKeyDown}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!ref.current?.contains(event.relatedTarget)) setFocused(false);
      }}
    >
      <div className="toast__text">
        <p className="toast__title" part="toast-title">{toast.title}</p>
        {toast.description ? <p className="toast__description" part="toast-description">{toast.description}</p> : null}
      </div>
      <button type="button" className="toast__close" part="toast-close" aria-label={toast.dismissLabel ?? 'Dismiss notification'} onClick={(event) => onDismiss(toast.id, event.detail === 0 && hasFocus())}>
        <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
          <path d="M4 4l8 8M12 4l-8 8" stroke="currentColor" strokeWidth="2" strokeLinecap="round" fill="none" />
        </svg>
      </button>
    </div>
  );
}

export function ToastHost(_props: { container?: ShadowRoot | HTMLElement }) {
  const toasts = useStore($toasts);
  const viewport = useRef<HTMLDivElement>(null);
  const refocus = useRef(false);

  const onDismiss = useRef((id: number, hadFocus: boolean) => {
    refocus.current = hadFocus;
    dismissToast(id);
  }).current;

  // A toast closed from the keyboard (Escape, or Enter/Space on its button) hands focus
  // to the next toast's close button, if any.
  useLayoutEffect(() => {
    if (!refocus.current) return;
    refocus.current = false;
    viewport.current?.querySelector<HTMLButtonElement>('.toast__close')?.focus();
  }, [toasts]);

  const newest = useRef<Toast | undefined>(undefined);
  newest.current = toasts[0];
  useEffect(() => {
    const onHotkey = (event: globalThis.KeyboardEvent) => {
      if (!event.altKey || event.code !== 'KeyT' || !newest.current) return;
      const button = viewport.current?.querySelector<HTMLButtonElement>(`[data-toast-id="${newest.current.id}"] .toast__close`);
      if (!button) return;
      event.preventDefault();
      button.focus();
    };
    document.addEventListener('keydown', onHotkey);
    return () => document.removeEventListener('keydown', onHotkey);
  }, []);

  const polite = toasts.filter((t) => t.variant !== 'destructive');
  const assertive = toasts.filter((t) => t.variant === 'destructive');
  const alertFirst = toasts[0]?.variant === 'destructive';

  const list = (items: Toast[]) => items.map((t) => <ToastItem key={t.id} toast={t} onDismiss={onDismiss} />);

  return (
    <div ref={viewport} className="root viewport" lang="en" dir="ltr">
      <div className="region" role="status" aria-live="polite" aria-atomic="false" aria-label="Notifications (Alt+T)" data-first={alertFirst ? undefined : ''}>
        {list(polite)}
      </div>
      <div className="region" role="alert" aria-live="assertive" aria-atomic="false" aria-label="Alerts (Alt+T)" data-first={alertFirst ? '' : undefined}>
        {list(assertive)}
      </div>
    </div>
  );
}
