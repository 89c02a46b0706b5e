/**
 * When a page's scripts come, in Chromium against the built site and the real server:
 * a form the visitor is already in when the loader arrives late is started, with what was
 * typed and its focus; and the crawl's layout-shift detector (test/helpers/crawl.ts) sees a
 * shift when there is one, so its "no shift" means something.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reactChunks } from '../../scripts/bench/sizes.ts';
import { launchBrowser } from '../helpers/browser.ts';
import { layoutShifts, recordShifts } from '../helpers/crawl.ts';
import { VALID_SOCIETY } from '../helpers/fixtures.ts';
import { distDir, startServer } from '../helpers/server.ts';

let site: Awaited<ReturnType<typeof startServer>>;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let react: string[];
beforeAll(async () => {
  site = await startServer({ site: true });
  browser = await launchBrowser();
  react = reactChunks(distDir).map((f) => '/' + f);
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

describe('scripts after the page', () => {
  it('starts the form a visitor is already in when the loader arrives late, keeping what was typed', async () => {
    const page = await browser.context.newPage();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/loader-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(site.url + '/', { waitUntil: 'domcontentloaded' });
    const name = page.locator('society-registration input[name="name"]');
    await name.fill(VALID_SOCIETY.name);
    await name.focus();
    const reactRequested = page.waitForRequest((r) => react.includes(new URL(r.url()).pathname), { timeout: 10_000 });
    release();
    await reactRequested;
    await page.waitForFunction(() => customElements.get('society-registration') !== undefined);
    await expect.poll(() => name.inputValue()).toBe(VALID_SOCIETY.name);
    expect(await name.evaluate((input) => (input.getRootNode() as ShadowRoot).activeElement === input)).toBe(true);
    await page.close();
  });

  it('sees a layout shift when there is one (the detector works)', async () => {
    const page = await browser.context.newPage();
    await recordShifts(page);
    await page.goto(site.url + '/about-us', { waitUntil: 'load' });
    await page.evaluate(async () => {
      const banner = document.createElement('div');
      banner.style.height = '200px';
      document.body.prepend(banner);
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    });
    await expect.poll(async () => (await layoutShifts(page)).length).toBeGreaterThan(0);
    await page.close();
  });

});
