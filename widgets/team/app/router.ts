/** The app's screens by path (the service answers each with the same page): the History API, no library. */
import { useEffect, useState } from 'react';

const listeners = new Set<() => void>();

// The worklist puts its own place back on Back (worklist/list-memory.ts), after its leads are drawn.
if (typeof history !== 'undefined') history.scrollRestoration = 'manual';

/** Opens a screen; `state` travels with it (a "Saved" message to the next lead's page). */
export function navigate(to: string, { replace = false, state = null }: { replace?: boolean; state?: unknown } = {}): void {
  if (replace) history.replaceState(state, '', to);
  else history.pushState(state, '', to);
  for (const listener of listeners) listener();
  window.scrollTo(0, 0);
}

export interface Location {
  path: string;
  search: URLSearchParams;
  hash: string;
  /** What `navigate` gave the entry (null for one opened from outside the app). */
  state: unknown;
}

/** The current path, query and state, re-rendering on navigation and Back. */
export function useLocation(): Location {
  const read = (): Location => ({
    path: location.pathname.replace(/\/+$/, '') || '/',
    search: new URLSearchParams(location.search),
    hash: location.hash.slice(1),
    state: history.state as unknown,
  });
  const [where, setWhere] = useState(read);
  useEffect(() => {
    const update = () => setWhere(read());
    listeners.add(update);
    window.addEventListener('popstate', update);
    return () => {
      listeners.delete(update);
      window.removeEventListener('popstate', update);
    };
  }, []);
  return where;
}

/** A link that navigates inside the app (a plain link still, for a new tab or a copy). */
export function onLinkClick(event: React.MouseEvent<HTMLAnchorElement>, state: unknown = null): void {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  navigate(event.currentTarget.getAttribute('href')!, { state });
}
