import { chromium, type Browser, type BrowserContextOptions } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../../scripts/chromium-path.ts';

/**
 * Debian's Chromium through playwright-core. Playwright starts it with a fresh
 * temporary profile of its own (the equivalent of a new --user-data-dir).
 */
export async function launchBrowser(contextOptions: BrowserContextOptions = {}, extraArgs: string[] = []) {
  const browser: Browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: [...chromiumArgs.filter((a) => a !== '--headless'), ...extraArgs],
    headless: true,
  });
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, ...contextOptions });
  return {
    browser,
    context,
    newContext: (options: BrowserContextOptions = {}) => browser.newContext({ viewport: { width: 1280, height: 800 }, ...options }),
    close: () => browser.close(),
  };
}
