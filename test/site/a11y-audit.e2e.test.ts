import { AxeBuilder } from '@axe-core/playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchBrowser } from '../helpers/browser.ts';
import { formValues } from '../helpers/fixtures.ts';
import { headingLevels } from '../helpers/page-checks.ts';
import { startServer } from '../helpers/server.ts';
import { routes, withTwins } from '../helpers/routes.ts';

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

const wcag = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];
// Followed by their twins in the other languages (contract/languages.ts) that pages/ has.
const paths = withTwins([...routes.map((r) => r.path), '/embed', '/notice', '/no-such-page']);

async function axeViolations(page: Page): Promise<string[]> {
  // A toast fading in is measured at its final colours, not halfway through its 180 ms entrance.
  await page.waitForFunction(
    () => {
      const roots: (Document | ShadowRoot)[] = [document];
      for (const element of document.querySelectorAll('*')) if (element.shadowRoot) roots.push(element.shadowRoot);
      return roots.every((root) => root.getAnimations().every((animation) => animation.playState !== 'running'));
    },
    undefined,
    { timeout: 5_000 },
  );
  const results = await new AxeBuilder({ page }).withTags(wcag).analyze();
  return results.violations.map((v) => `${v.id}: ${v.help} → ${v.nodes.map((n) => n.target.join(' ')).slice(0, 4).join(', ')}`);
}

/** Brings the form's script in as a visitor does: the pointer on it (scrolling alone loads nothing). */
async function mountWidget(page: Page, tag: string) {
  await page.locator(tag).scrollIntoViewIfNeeded();
  await page.locator(tag).hover();
  await page.waitForFunction((t) => !!customElements.get(t) && !document.querySelector(t)?.shadowRoot?.querySelector('button[type="submit"][disabled]'), tag);
}

describe('accessibility audits', () => {
  for (const path of paths) {
    it(`${path}: axe finds no WCAG 2.2 A/AA violation at load; headings in order; landmarks present`, async () => {
      const page = await browser.context.newPage();
      await page.goto(site.url + path);
      expect(await axeViolations(page)).toEqual([]);
      const levels = await headingLevels(page);
      expect(levels[0]?.level).toBe(1);
      for (let i = 1; i < levels.length; i++) {
        expect(levels[i].level - levels[i - 1].level, `heading "${levels[i].text}" after "${levels[i - 1].text}"`).toBeLessThanOrEqual(1);
      }
      expect(await page.getByRole('banner').count()).toBe(1);
      expect(await page.getByRole('main').count()).toBe(1);
      expect(await page.getByRole('navigation').count()).toBeGreaterThanOrEqual(1);
      await page.close();
    });
  }

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

  it('gives every link text that makes sense on its own', async () => {
    const vague = /^(click here|here|read more|learn more|more|link|this|details|go)$/i;
    const page = await browser.context.newPage();
    for (const path of paths) {
      await page.goto(site.url + path);
      const names = await page.getByRole('link').evaluateAll((links) =>
        links.map((a) =>
          [a.getAttribute('aria-label'), a.textContent, ...[...a.querySelectorAll('[aria-label]')].map((el) => el.getAttribute('aria-label'))]
            .join(' ')
            .replace(/\s+/g, ' ')
            .trim(),
        ),
      );
      for (const name of names) {
        expect(name.length, `${path}: a link without text`).toBeGreaterThan(1);
        expect(name, `${path}: vague link text`).not.toMatch(vague);
      }
    }
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
