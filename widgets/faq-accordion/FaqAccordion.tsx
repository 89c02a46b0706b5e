/**
 * <faq-accordion>: progressive enhancement of the page's own <details> elements, which
 * stay in the light DOM (the <slot> shows them) and work as plain <details> before and
 * without JavaScript. Opening one closes the others of the same accordion; the open one
 * can be collapsed.
 */
import { useEffect } from 'react';
import { FAQ_ACCORDION } from '../registry/names.ts';

const itemsOf = (accordion: Element) =>
  [...accordion.querySelectorAll('details')].filter((d) => d.parentElement?.closest(FAQ_ACCORDION) === accordion);

export function FaqAccordion({ container }: { container?: ShadowRoot | HTMLElement }) {
  useEffect(() => {
    const host = container instanceof ShadowRoot ? container.host : container;
    if (!host) return;
    for (const d of itemsOf(host).filter((item) => item.open).slice(1)) d.open = false;
    // `toggle` does not bubble: listen in the capture phase on the host.
    const onToggle = (event: Event) => {
      const opened = event.target;
      if (!(opened instanceof HTMLDetailsElement) || !opened.open || opened.parentElement?.closest(FAQ_ACCORDION) !== host) return;
      for (const d of itemsOf(host)) if (d !== opened && d.open) d.open = false;
    };
    host.addEventListener('toggle', onToggle, true);
    return () => host.removeEventListener('toggle', onToggle, true);
  }, [container]);

  return <slot />;
}
