/**
 * Accessibility beyond a page at load (each page's axe audit, outline and link texts: the crawl,
 * test/site/crawl.ts, and test/site/page-structure.unit.test.ts): each form mounted, with its
 * notice, its confirmation and success toast, then a refused field and its error toast; the
 * framed form; a visible focus ring on every control reached by Tab; reduced motion and
 * forced colours.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchBrowser } from '../helpers/browser.ts';
import { formValues } from '../helpers/fixtures.ts';
import { axeViolations } from '../helpers/crawl.ts';
import { headingLevels } from '../helpers/page-checks.ts';
import { startServer } from '../helpers/server.ts';

let site: Awaited<ReturnType<typeof startServer>>;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
beforeAll(async () => {
  site = await startServer({ site: true });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

/** Brings the form's script in as a visitor does: the pointer on it (scrolling alone loads nothing). */
async function mountWidget(page: Page, tag: string) {
  await page.locator(tag).scrollIntoViewIfNeeded();
  await page.locator(tag).hover();
  await page.waitForFunction((t) => !!customElements.get(t) && !document.querySelector(t)?.shadowRoot?.querySelector('button[type="submit"][disabled]'), tag);
}

describe('accessibility audits', () => {
  for (const [path, tag, fill] of [
    ['/', 'society-registration', formValues('society')],
    ['/career', 'career-application', formValues('career')],
  ] as const) {
    it(`${path}: no violation with the widget mounted, its notice, its confirmation and success toast, then a refused field and its error toast`, async () => {
      const page = await browser.context.newPage();
      await page.goto(site.url + path);
      await mountWidget(page, tag);
      expect(await page.locator(`${tag} [part="notice"]`).count(), 'the collection notice is audited too').toBe(1);
      for (const [name, value] of Object.entries(fill)) {
        const field = page.locator(`${tag} [name="${name}"]`);
        if (await field.evaluate((el) => el.tagName === 'SELECT')) await field.selectOption(value);
        else await field.fill(value);
      }
      await page.locator(`${tag} button[type="submit"]`).click();
      await expect.poll(() => page.getByRole('status').filter({ hasText: /Successful|Submitted/ }).count()).toBe(1);
      await expect.poll(() => page.locator(`${tag} .confirmation`).count()).toBe(1);
      expect(await axeViolations(page), 'with the confirmation and the success toast').toEqual([]);

      await page.locator(`${tag} .confirmation button`).click();
      // The real service refuses a name of spaces (the browser's `required` lets it through): a destructive toast.
      const nameField = tag === 'society-registration' ? 'name' : 'fullName';
      await page.locator(`${tag} [name="${nameField}"]`).fill('   ');
      for (const [name, value] of Object.entries(fill)) {
        if (name === nameField) continue;
        const field = page.locator(`${tag} [name="${name}"]`);
        if (await field.evaluate((el) => el.tagName === 'SELECT')) await field.selectOption(value);
        else await field.fill(value);
      }
      await page.locator(`${tag} button[type="submit"]`).click();
      await expect.poll(() => page.getByRole('alert').filter({ hasText: /Failed|Error/ }).count()).toBe(1);
      await expect.poll(() => page.locator(`${tag} [name="${nameField}"]`).getAttribute('aria-invalid')).toBe('true');
      expect(await axeViolations(page), 'with the refused field marked and the error toast').toEqual([]);
      await page.close();
    });
  }

  it('/embed/frame (made for an iframe, so no header or navigation): no violation at load; its h1, then the form', async () => {
    const page = await browser.context.newPage();
    await page.goto(site.url + '/embed/frame');
    expect(await axeViolations(page)).toEqual([]);
    expect((await headingLevels(page)).map((h) => h.level)).toEqual([1, 2]);
    expect(await page.getByRole('main').count()).toBe(1);
    await page.close();
  });

  it('shows a visible focus indicator on every control reached by Tab', async () => {
    const page = await browser.context.newPage();
    for (const path of ['/', '/career']) {
      await page.goto(site.url + path);
      await mountWidget(page, path === '/' ? 'society-registration' : 'career-application');
      await page.evaluate(() => window.scrollTo(0, 0));
      const seen = new Set<string>();
      for (let i = 0; i < 150; i++) {
        await page.keyboard.press('Tab');
        const focus = await page.evaluate(() => {
          let el = document.activeElement;
          while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
          if (!el || el === document.body) return null;
          const s = getComputedStyle(el);
          const ring = (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2) || (s.boxShadow !== 'none' && s.boxShadow !== '');
          return { id: `${el.tagName} ${el.getAttribute('name') ?? el.getAttribute('href') ?? el.textContent?.trim().slice(0, 30)}`, ring };
        });
        if (!focus) break;
        seen.add(focus.id);
        expect(focus.ring, `${path}: ${focus.id} has a visible focus ring`).toBe(true);
      }
      expect(seen.size).toBeGreaterThan(10);
    }
    await page.close();
  });

  it('respects prefers-reduced-motion and forced-colors', async () => {
    const reduced = await browser.newContext({ reducedMotion: 'reduce', forcedColors: 'active' });
    const page = await reduced.newPage();
    await page.goto(site.url + '/');
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior)).toBe('auto');
    expect(await page.evaluate(() => matchMedia('(forced-colors: active)').matches)).toBe(true);
    // A button's 2px transparent border is drawn in the forced text colour, so the button keeps its outline.
    const border = (p: typeof page) =>
      p.locator('main .btn').first().evaluate((el) => {
        const s = getComputedStyle(el);
        return { line: `${s.borderTopWidth} ${s.borderTopStyle}`, color: s.borderTopColor, text: s.color };
      });
    const forced = await border(page);
    expect(forced.line).toBe('2px solid');
    expect(forced.color).toBe(forced.text);
    await reduced.close();
    const normal = await browser.context.newPage();
    await normal.goto(site.url + '/');
    expect(await normal.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior)).toBe('smooth');
    expect(await border(normal)).toMatchObject({ line: '2px solid', color: 'rgba(0, 0, 0, 0)' });
    await normal.close();
  });
});
