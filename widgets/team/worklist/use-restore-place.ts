import { useLayoutEffect, useRef } from 'react';
import type { ListData } from './list-memory.ts';
import { placeOf } from './list-memory.ts';

/**
 * Back on a list: once its leads are drawn (from memory, before the first paint), the list
 * is scrolled to where it was left, and the card of the lead last opened from it is put in
 * view and focused, so a keyboard goes on from there too.
 */
export function useRestorePlace(list: string, data: ListData | null): void {
  const done = useRef(false);
  useLayoutEffect(() => {
    if (done.current || !data) return;
    done.current = true;
    const place = placeOf(list);
    if (!place) return;
    window.scrollTo(0, place.scrollY);
    const card = place.leadId === undefined ? null : document.querySelector<HTMLElement>(`[data-lead-id="${place.leadId}"]`);
    if (!card) return;
    const box = card.getBoundingClientRect();
    const bar = document.querySelector('.bar')?.getBoundingClientRect().bottom ?? 0;
    if (box.top < bar || box.bottom > window.innerHeight) card.scrollIntoView({ block: 'center' });
    card.querySelector<HTMLAnchorElement>('a[data-lead-link]')?.focus({ preventScroll: true });
  }, [list, data]);
}
