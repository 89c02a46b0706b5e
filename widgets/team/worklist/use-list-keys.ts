import { useEffect } from 'react';

/** The links of the leads shown, in order (cards or table rows). */
export const LEAD_LINK = 'a[data-lead-link]';

/**
 * The worklist's keys, as in a mail app: `/` goes to the search, `j` and `k` move to the next
 * and previous lead, Enter opens it (the link's own). Not while typing in a field, nor with
 * Ctrl, Alt or Meta held (the browser's own shortcuts).
 */
export function useListKeys(searchId: string): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      if ((event.target as Element).closest('input, textarea, select, [contenteditable]')) return;
      if (event.key === '/') {
        event.preventDefault();
        document.getElementById(searchId)?.focus();
        return;
      }
      if (event.key !== 'j' && event.key !== 'k') return;
      const links = [...document.querySelectorAll<HTMLAnchorElement>(LEAD_LINK)];
      if (!links.length) return;
      event.preventDefault();
      const at = links.indexOf(document.activeElement as HTMLAnchorElement);
      const to = at < 0 ? 0 : Math.min(links.length - 1, Math.max(0, at + (event.key === 'j' ? 1 : -1)));
      links[to]!.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [searchId]);
}
