import type { Page } from 'playwright-core';
import { BELOW_FOLD_CLASS } from '../../scripts/bench/sizes.ts';

/** Headings in document order, including those inside open shadow roots. */
export function headingLevels(page: Page): Promise<{ level: number; text: string }[]> {
  return page.evaluate(() => {
    const out: { level: number; text: string }[] = [];
    const walk = (root: Document | ShadowRoot | Element) => {
      for (const el of root.querySelectorAll('*')) {
        if (/^H[1-6]$/.test(el.tagName) && (el as HTMLElement).offsetParent !== null) out.push({ level: Number(el.tagName[1]), text: el.textContent.trim() });
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
        const a = boxes[i]!, b = boxes[j]!;
        const w = Math.min(a.r.right, b.r.right) - Math.max(a.r.left, b.r.left);
        const h = Math.min(a.r.bottom, b.r.bottom) - Math.max(a.r.top, b.r.top);
        if (w > 2 && h > 2 && !related(a.el, b.el)) found.push(`${a.el.tagName} "${a.el.textContent.trim().slice(0, 30)}" overlaps ${b.el.tagName} "${b.el.textContent.trim().slice(0, 30)}"`);
      }
    }
    return found.slice(0, 10);
  });
}

/**
 * What of a page from its first below-the-fold block on (scripts/bench/sizes.ts: what may
 * come after the first round trip) shows in the viewport, the page not scrolled: such a block
 * that starts in it, or a text outside such blocks that comes after the first of them.
 */
export function shownBelowTheFold(page: Page): Promise<string[]> {
  return page.evaluate((className) => {
    const blocks = [...document.getElementsByClassName(className)];
    if (!blocks.length) return [];
    const shown = blocks.filter((block) => block.getBoundingClientRect().top < innerHeight).map((block) => `a block at ${Math.round(block.getBoundingClientRect().top)} px`);
    const texts = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let text = texts.nextNode(); text; text = texts.nextNode()) {
      if (!text.textContent?.trim() || !(blocks[0]!.compareDocumentPosition(text) & Node.DOCUMENT_POSITION_FOLLOWING) || text.parentElement?.closest(`.${className}`)) continue;
      range.selectNodeContents(text);
      const box = range.getBoundingClientRect();
      if (box.height && box.top < innerHeight) shown.push(`"${text.textContent.trim().slice(0, 40)}" at ${Math.round(box.top)} px`);
    }
    return shown;
  }, BELOW_FOLD_CLASS);
}

/** The header bar's brand or call to action whose text is cut (an ellipsis, clipped), and any item of the bar past its edges. */
export function cutInHeader(page: Page): Promise<string[]> {
  return page.locator('.site-header__bar').evaluate((bar) => {
    const edge = bar.getBoundingClientRect();
    const cut = [...bar.querySelectorAll<HTMLElement>('.brand span, .site-header__cta')].filter((el) => el.scrollWidth > el.clientWidth).map((el) => `"${el.textContent}" cut`);
    const outside = [...bar.children]
      .filter((el) => el.getClientRects().length && (el.getBoundingClientRect().left < edge.left || el.getBoundingClientRect().right > edge.right))
      .map((el) => `.${el.className} past the bar`);
    return [...cut, ...outside];
  });
}

/**
 * The below-the-fold blocks that, laid out, are shorter than `fraction` of the viewport.
 * Chromium lays a block out once it is within half a screen; a jump further between two
 * frames (the layout-shift walk's steps are 0.8 of a screen) can show a block before it is
 * laid out, its box a screen tall (styles/layout.css). What follows it stays out of view when
 * it is laid out only if the block is at least the rest of the screen tall: a third.
 */
export function belowFoldBlocksShorterThan(page: Page, fraction: number): Promise<string[]> {
  return page.evaluate(
    ([className, fraction]) =>
      [...document.getElementsByClassName(className as string)].flatMap((block, i) => {
        const style = (block as HTMLElement).style;
        style.contentVisibility = 'visible';
        const height = block.getBoundingClientRect().height;
        style.contentVisibility = '';
        return height < (fraction) * innerHeight ? [`block ${i}: ${Math.round(height)} px of ${innerHeight}`] : [];
      }),
    [BELOW_FOLD_CLASS, fraction] as const,
  );
}
