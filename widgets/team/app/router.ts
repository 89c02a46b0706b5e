/** The app's screens by path (the service answers each with the same page): the History API, no library. */
import { useEffect, useState } from 'react';

const listeners = new Set<() => void>();

export function navigate(to: string, { replace = false } = {}): void {
  if (replace) history.replaceState(null, '', to);
  else history.pushState(null, '', to);
  for (const listener of listeners) listener();
  window.scrollTo(0, 0);
}

/** The current path and query, re-rendering on navigation and Back. */
export function useLocation(): { path: string; search: URLSearchParams; hash: string } {
  const read = () => ({ path: location.pathname.replace(/\/+$/, '') || '/', search: new URLSearchParams(location.search), hash: location.hash.slice(1) });
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
export function onLinkClick(event: React.MouseEvent<HTMLAnchorElement>): void {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  navigate(event.currentTarget.getAttribute('href')!);
}
