import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../helpers/browser.ts';
import { overlappingText } from '../helpers/page-checks.ts';
import { startServer } from '../helpers/server.ts';
import { routes, withTwins } from '../helpers/routes.ts';
import { defaultLanguage, languageOfRoute } from '../../contract/languages.ts';

const outDir = path.resolve(import.meta.dirname, '../../test-output/screens');
let site: Awaited<ReturnType<typeof startServer>>;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
beforeAll(async () => {
  fs.mkdirSync(outDir, { recursive: true });
  site = await startServer({ site: true });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

// 200% zoom of a 1280 px window leaves a 640 px wide CSS viewport at twice the pixel density.
const paths = withTwins([...routes.map((r) => r.path), '/embed', '/no-such-page']);
// A desktop gives text the most room: the English pages and their Tamil twins (the longest texts) stand for the rest.
const desktopPaths = paths.filter((p) => ['en', 'ta'].includes(languageOfRoute(p).code));
const screens = [
  { name: 'phone-360', viewport: { width: 360, height: 800 }, deviceScaleFactor: 1, paths },
  { name: 'desktop-1280', viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1, paths: desktopPaths },
  { name: 'zoom-200', viewport: { width: 640, height: 400 }, deviceScaleFactor: 2, paths },
];

describe.each(screens)('every page at $name', (screen) => {
  // One test per page, so a loaded machine's slow full-page screenshots never add up past one test's time limit.
  let context: Awaited<ReturnType<typeof browser.newContext>>;
  let page: Awaited<ReturnType<typeof context.newPage>>;
  beforeAll(async () => {
    context = await browser.newContext({ viewport: screen.viewport, deviceScaleFactor: screen.deviceScaleFactor });
    page = await context.newPage();
  });
  afterAll(() => context?.close());

  it.each(screen.paths)('%s: no horizontal scrolling and no overlapping text (English pages: screenshot in test-output/screens)', async (p) => {
    await page.goto(site.url + p);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForTimeout(400);
    await page.evaluate(() => window.scrollTo(0, 0));
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `${p} scrolls sideways at ${screen.name}`).toBeLessThanOrEqual(0);
    expect(await overlappingText(page), `${p} at ${screen.name}`).toEqual([]);
    // A full-page screenshot is slow (a 2× one most): kept for the English pages, for people to look at.
    if (languageOfRoute(p) !== defaultLanguage) return;
    const file = `${p === '/' ? 'home' : p.slice(1).replace(/\//g, '_')}-${screen.name}.png`;
    await page.screenshot({ path: path.join(outDir, file), fullPage: true });
  });
});
