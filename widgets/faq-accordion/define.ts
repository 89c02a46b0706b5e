/**
 * <faq-accordion>: progressive enhancement of the page's own <details> elements, which
 * stay in the light DOM (a <slot> shows them) and work as plain <details> before and
 * without JavaScript. Opening one closes the others of the same accordion; the open one
 * can be collapsed. No framework: it is a few lines of DOM.
 */
import { compactCss } from '../shared/compact-css.ts';
import own from './styles.css?raw';

const css = compactCss(own);

export const tag = 'faq-accordion';

const itemsOf = (accordion: Element) =>
  [...accordion.querySelectorAll('details')].filter((d) => d.parentElement?.closest(tag) === accordion);

export class FaqAccordion extends HTMLElement {
  constructor() {
    super();
    const root = this.shadowRoot ?? this.attachShadow({ mode: 'open' });
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    root.adoptedStyleSheets = [sheet];
    root.replaceChildren(document.createElement('slot'));
  }

  connectedCallback(): void {
    // `toggle` does not bubble: listen in the capture phase on the host.
    this.addEventListener('toggle', this.onToggle, true);
    const open = itemsOf(this).filter((d) => d.open);
    for (const d of open.slice(1)) d.open = false;
  }

  disconnectedCallback(): void {
    this.removeEventListener('toggle', this.onToggle, true);
  }

  private onToggle = (event: Event): void => {
    const opened = event.target;
    if (!(opened instanceof HTMLDetailsElement) || !opened.open || opened.parentElement?.closest(tag) !== this) return;
    for (const d of itemsOf(this)) if (d !== opened && d.open) d.open = false;
  };
}

if (!customElements.get(tag)) customElements.define(tag, FaqAccordion);
