/**
 * One Chromium for a whole e2e run (Vitest's globalSetup): Debian's, launched once as a
 * Playwright browser server; each test file connects to it (test/helpers/browser.ts) and
 * works in browser contexts of its own, each a fresh profile as far as a page can tell
 * (cookies, storage, cache, service workers). Files that need Chromium started with other
 * flags launch their own.
 */
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { chromiumArgs, chromiumPath } from '../../scripts/chromium-path.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The shared Chromium's Playwright endpoint (ws://…). */
    chromiumEndpoint: string;
  }
}

export default async function setup(project: TestProject) {
  const server = await chromium.launchServer({
    executablePath: chromiumPath(),
    args: chromiumArgs.filter((a) => a !== '--headless'),
    headless: true,
  });
  project.provide('chromiumEndpoint', server.wsEndpoint());
  return () => server.close();
}
