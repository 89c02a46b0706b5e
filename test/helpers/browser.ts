import { chromium, type Browser, type BrowserContextOptions, type Download } from 'playwright-core';
import { inject } from 'vitest';
import { chromiumArgs, chromiumPath } from '../../scripts/chromium-path.ts';

const DESKTOP = { width: 1280, height: 800 };

/**
 * Debian's Chromium through playwright-core: the run's shared browser (test/setup/chromium.ts),
 * or, with `extraArgs` (or outside a run that started one), a browser of this file's own.
 * Each context is a fresh profile of its own (the equivalent of a new --user-data-dir).
 * `close()` closes what this file opened: its contexts, and its own browser if it launched one.
 */
export async function launchBrowser(contextOptions: BrowserContextOptions = {}, extraArgs: string[] = []) {
  const endpoint = extraArgs.length === 0 ? inject('chromiumEndpoint') : undefined;
  const browser: Browser = endpoint
    ? await chromium.connect(endpoint)
    : await chromium.launch({ executablePath: chromiumPath(), args: [...chromiumArgs.filter((a) => a !== '--headless'), ...extraArgs], headless: true });
  const context = await browser.newContext({ viewport: DESKTOP, ...contextOptions });
  return {
    browser,
    context,
    newContext: (options: BrowserContextOptions = {}) => browser.newContext({ viewport: DESKTOP, ...options }),
    close: () => browser.close(),
  };
}

/** A finished download's bytes (the shared browser runs apart from the test, so a download has no local path; its stream comes over the connection). */
export async function downloadedBytes(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
