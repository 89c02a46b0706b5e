/**
 * The first screen on a phone (issue 12): at 360×640 every route shows its headline and its
 * primary action without scrolling, under a header at most 64 px tall whose brand and call to
 * action show whole in every language (issue 42), and nothing it shows (nor Lighthouse's
 * 412×823 phone) is marked below the fold (the first round trip must carry all of it,
 * test/site/first-round-trip.unit.test.ts). The header's Menu
 * button (a <details> summary) discloses the navigation with JavaScript off, by pointer and
 * by keyboard; on a desktop the navigation stays inline.
 */
import { AxeBuilder } from '@axe-core/playwright';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './helpers/browser.ts';
import { tabTo } from './helpers/keyboard.ts';
import { belowFoldBlocksShorterThan, cutInHeader, shownBelowTheFold } from './helpers/page-checks.ts';
import { languageOfRoute, languages, routeIn } from '../contract/languages.ts';
import { loadSiteCatalogue } from '../scripts/build/catalogues.ts';
import { routes, withTwins } from './helpers/routes.ts';
import { startServer } from './helpers/server.ts';

const phone = { width: 360, height: 640 };
const desktop = { width: 1366, height: 900 };
const paths = withTwins([...routes.map((r) => r.path), '/embed', '/no-such-page']);
/** The header's strings in a path's language (pages/i18n/<code>/layout.json). */
const headerText = (path: string) => {
  const texts = loadSiteCatalogue(languageOfRoute(path).code);
  return { registerFree: texts.get('layout.registerFree')!, mainNav: texts.get('layout.mainNav')! };
};
/** The header's "Register free" is every route's primary action; these routes also lead with their own. */
const leadActions: Record<string, string> = { '/': 'Register Your Society', '/career': 'Apply Now' };

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

/** What Lighthouse's mobile run shows first (a Moto G Power's screen, in CSS pixels). */
const lighthousePhone = { width: 412, height: 823 };

/** Fails unless the element's whole box lies inside the first viewport (the page is not scrolled). */
async function expectInFirstScreen(page: Page, locator: Locator, what: string) {
  const viewport = page.viewportSize()!;
  const box = await locator.boundingBox();
  expect(box, `${what} is rendered`).not.toBeNull();
  const { x, y, width, height } = box!;
  expect(await page.evaluate(() => window.scrollY), 'the page is not scrolled').toBe(0);
  expect(x >= 0 && y >= 0 && x + width <= viewport.width && y + height <= viewport.height, `${what}: box ${JSON.stringify(box)} inside ${viewport.width}×${viewport.height}`).toBe(true);
}

/** Chromium's own accessibility node for the header's menu control: its role and expanded state. */
async function menuNode(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as {
    nodes: { role?: { value: string }; name?: { value: string }; properties?: { name: string; value: { value: unknown } }[]; ignored: boolean }[];
  };
  await cdp.detach();
  const node = nodes.find((n) => !n.ignored && n.name?.value === 'Menu' && n.role?.value !== 'group' && n.role?.value !== 'StaticText');
  return node && { role: node.role?.value, expanded: node.properties?.find((p) => p.name === 'expanded')?.value.value };
}

describe('the first screen on a 360×640 phone', () => {
  it.each(paths)('%s: header at most 64 px; the headline and the primary action inside the first viewport', async (path) => {
    const context = await browser.newContext({ viewport: phone });
    const page = await context.newPage();
    await page.goto(site.url + path);
    const header = await page.getByRole('banner').boundingBox();
    expect(header!.height, `${path}: header height`).toBeLessThanOrEqual(64);
    await expectInFirstScreen(page, page.getByRole('heading', { level: 1 }), `${path}: the headline`);
    const { registerFree, mainNav } = headerText(path);
    await expectInFirstScreen(page, page.getByRole('banner').getByRole('link', { name: registerFree, exact: true }), `${path}: "${registerFree}"`);
    const lead = leadActions[path];
    if (lead) await expectInFirstScreen(page, page.getByRole('main').getByRole('link', { name: lead, exact: true }).first(), `${path}: "${lead}"`);
    // The navigation waits behind the Menu button.
    expect(await page.getByRole('navigation', { name: mainNav }).isVisible(), `${path}: navigation folded`).toBe(false);
    // The brand and the call to action whole in every language (issue 42: Tamil's cut the brand to "SocietyD…"), nothing past the bar.
    expect(await cutInHeader(page), `${path}: header at 360 px`).toEqual([]);
    // The first round trip carries the page up to its first below-the-fold block (scripts/bench/sizes.ts): nothing from there on
    // shows in the first screen, here or on Lighthouse's phone.
    for (const viewport of [phone, lighthousePhone]) {
      await page.setViewportSize(viewport);
      expect(await shownBelowTheFold(page), `${path} at ${viewport.width}×${viewport.height}`).toEqual([]);
    }
    // None of those blocks so short that laying it out, when a fast scroll shows it first, moves what follows into view.
    for (const viewport of [phone, lighthousePhone, desktop]) {
      await page.setViewportSize(viewport);
      expect(await belowFoldBlocksShorterThan(page, 1 / 3), `${path} at ${viewport.width}×${viewport.height}`).toEqual([]);
    }
    await context.close();
  });

  it('the Menu button discloses the navigation with JavaScript off: a disclosure with an expanded state, by pointer and by keyboard', async () => {
    const context = await browser.newContext({ viewport: phone, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(site.url + '/features');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const menu = page.getByRole('banner').locator('.site-menu summary');
    expect(await nav.isVisible()).toBe(false);
    expect(await menuNode(page), 'a control named "Menu" with a collapsed state').toEqual({ role: 'DisclosureTriangle', expanded: false });

    await menu.click();
    await expect.poll(() => nav.isVisible()).toBe(true);
    expect(await menuNode(page)).toEqual({ role: 'DisclosureTriangle', expanded: true });
    for (const name of ['Home', 'Features', 'Success Stories', 'About Us', 'Career']) {
      const link = nav.getByRole('link', { name, exact: true });
      expect(await link.isVisible(), name).toBe(true);
      const box = (await link.boundingBox())!;
      expect(box.height, `${name}: a tap target of at least 44 px`).toBeGreaterThanOrEqual(44);
    }
    await menu.click();
    await expect.poll(() => nav.isVisible()).toBe(false);

    // Keyboard only: Tab to the button, Enter opens, the links follow it in tab order.
    await page.goto(site.url + '/features');
    await tabTo(page, menu, { limit: 5 });
    await page.keyboard.press('Enter');
    await expect.poll(() => nav.isVisible()).toBe(true);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Home');
    await tabTo(page, nav.getByRole('link', { name: 'Career' }), { limit: 5 });
    await page.keyboard.press('Enter');
    await page.waitForURL(`${site.url}/career`);
    // Space closes it again.
    await tabTo(page, menu, { limit: 5 });
    await page.keyboard.press('Space');
    await expect.poll(() => nav.isVisible()).toBe(true);
    await page.keyboard.press('Space');
    await expect.poll(() => nav.isVisible()).toBe(false);
    await context.close();
  });

  it('the skip link still comes first and takes the keyboard past the header', async () => {
    const context = await browser.newContext({ viewport: phone });
    const page = await context.newPage();
    await page.goto(site.url + '/features');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    expect(await skip.evaluate((el) => el === document.activeElement)).toBe(true);
    await expectInFirstScreen(page, skip, 'the focused skip link');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => !!document.activeElement?.closest('main')), 'the next Tab lands in main').toBe(true);
    await context.close();
  });

  it('with the menu open, axe finds no WCAG 2.2 A/AA violation', async () => {
    const context = await browser.newContext({ viewport: phone });
    const page = await context.newPage();
    await page.goto(site.url + '/');
    await page.getByRole('banner').locator('.site-menu summary').click();
    await expect.poll(() => page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(true);
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa']).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    await context.close();
  });
});

describe('the language switch', () => {
  it.each(withTwins(['/features']))('on a phone, in the Menu of %s: every language in its own name, each a 44 px tap target leading to the same page', async (path) => {
    const context = await browser.newContext({ viewport: phone, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(site.url + path);
    const banner = page.getByRole('banner');
    const switcher = banner.locator('.language-switch');
    expect(await switcher.isVisible(), `${path}: behind the Menu`).toBe(false);
    await banner.locator('.site-menu summary').click();
    await expect.poll(() => switcher.isVisible()).toBe(true);
    const links = switcher.locator('a[hreflang]');
    expect(await links.first().isVisible(), 'the list waits behind its own summary').toBe(false);
    await switcher.locator('summary').click();
    await expect.poll(() => links.first().isVisible()).toBe(true);
    expect(await links.evaluateAll((all) => all.map((a) => [a.textContent, a.getAttribute('lang'), a.getAttribute('href')]))).toEqual(
      languages.map((l) => [l.name, l.htmlLang, routeIn(l, path)]),
    );
    for (const link of await links.all()) expect((await link.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    const other = languages.find((l) => l !== languageOfRoute(path))!;
    await switcher.locator(`a[hreflang="${other.hreflang}"]`).click();
    await page.waitForURL(site.url + routeIn(other, path));
    await context.close();
  });

  it.each(withTwins(['/features']))('%s: on a 960 px and a 1366 px desktop, inline in the header bar beside the navigation; its list drops down over the page', async (path) => {
    for (const viewport of [{ width: 960, height: 800 }, desktop]) {
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      await page.goto(site.url + path);
      const header = (await page.getByRole('banner').boundingBox())!;
      expect(header.height, `${path} at ${viewport.width} px: one row`).toBeLessThanOrEqual(80);
      for (const link of await page.getByRole('banner').getByRole('link').all()) {
        if (!(await link.isVisible())) continue; // the skip link, the closed language list
        const box = (await link.boundingBox())!;
        expect(box.y + box.height, `${path} at ${viewport.width} px: ${await link.textContent()}`).toBeLessThanOrEqual(header.y + header.height);
      }
      const summary = page.getByRole('banner').locator('.language-switch summary');
      const box = (await summary.boundingBox())!;
      expect(box.y + box.height, `${path} at ${viewport.width} px: the switch sits in the bar`).toBeLessThanOrEqual(header.y + header.height);
      const main = (await page.getByRole('main').boundingBox())!;
      await summary.click();
      const links = page.getByRole('banner').locator('.language-switch a[hreflang]');
      await expect.poll(() => links.count()).toBe(languages.length);
      for (const link of await links.all()) expect(await link.isVisible()).toBe(true);
      expect((await page.getByRole('banner').boundingBox())!.height, 'the open list takes no room in the header').toBe(header.height);
      expect((await page.getByRole('main').boundingBox())!.y, 'nor moves the page').toBe(main.y);
      await context.close();
    }
  });
});

describe('the header on a desktop', () => {
  it('keeps the navigation inline, with no menu button, and the Register free button', async () => {
    const context = await browser.newContext({ viewport: desktop });
    const page = await context.newPage();
    await page.goto(site.url + '/about-us');
    expect(await page.getByRole('banner').locator('.site-menu summary').isVisible()).toBe(false);
    const nav = page.getByRole('navigation', { name: 'Main' });
    const header = (await page.getByRole('banner').boundingBox())!;
    for (const name of ['Home', 'Features', 'Success Stories', 'About Us', 'Career']) {
      const box = (await nav.getByRole('link', { name, exact: true }).boundingBox())!;
      expect(box.y + box.height, `${name} sits in the header bar`).toBeLessThanOrEqual(header.y + header.height);
    }
    await expectInFirstScreen(page, page.getByRole('banner').getByRole('link', { name: 'Register free', exact: true }), '"Register free"');
    await context.close();
  });
});
