import type { Page } from 'playwright-core';

/** Headings in document order, including those inside open shadow roots. */
export function headingLevels(page: Page): Promise<{ level: number; text: string }[]> {
  return page.evaluate(() => {
    const out: { level: number; text: string }[] = [];
    const walk = (root: Document | ShadowRoot | Element) => {
      for (const el of root.querySelectorAll('*')) {
        if (/^H[1-6]$/.test(el.tagName) && (el as HTMLElement).offsetParent !== null) out.push({ level: Number(el.tagName[1]), text: el.textContent!.trim() });
        if (el.shadowRoot) walk(el.shadowRoot);
      }
    };
    walk(document);
    return out;
  });
}

/** Visible text boxes that overlap another one that is neither their ancestor nor descendant. */
export function overlappingText(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const boxes: { el: Element; r: DOMRect }[] = [];
    const collect = (root: Document | ShadowRoot) => {
      for (const el of root.querySelectorAll('h1,h2,h3,h4,p,li,label,summary,.btn,button,input,select,textarea,td,th,dt,dd,figcaption,blockquote')) {
        const r = el.getBoundingClientRect();
        const style = getComputedStyle(el);
        const folded = el.closest('details:not([open])') && !el.closest('summary');
        if (r.width > 0 && r.height > 0 && style.visibility !== 'hidden' && !folded && !el.closest('.visually-hidden, .skip-link, toast-host')) boxes.push({ el, r });
      }
      for (const host of root.querySelectorAll('*')) if (host.shadowRoot) collect(host.shadowRoot);
    };
    collect(document);
    const related = (a: Element, b: Element) => a.contains(b) || b.contains(a) || (a.getRootNode() as ShadowRoot).host?.contains(b) || (b.getRootNode() as ShadowRoot).host?.contains(a);
    const found: string[] = [];
    for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length; j++) {
        const a = boxes[i], b = boxes[j];
        const w = Math.min(a.r.right, b.r.right) - Math.max(a.r.left, b.r.left);
        const h = Math.min(a.r.bottom, b.r.bottom) - Math.max(a.r.top, b.r.top);
        if (w > 2 && h > 2 && !related(a.el, b.el)) found.push(`${a.el.tagName} "${a.el.textContent!.trim().slice(0, 30)}" overlaps ${b.el.tagName} "${b.el.textContent!.trim().slice(0, 30)}"`);
      }
    }
    return found.slice(0, 10);
  });
}
