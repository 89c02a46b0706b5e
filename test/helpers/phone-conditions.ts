import type { BrowserContext, Page } from 'playwright-core';

/**
 * The conditions of Lighthouse's mobile run, applied for real through DevTools, so that
 * what Chromium decides from its own estimates (lazy-loading distance follows the
 * effective connection type; how much HTML arrives before the first paint follows the
 * network and the CPU) is the same on every machine, idle or busy: 150 ms round trips,
 * 1.6 Mbit/s down and 750 kbit/s up, each at Lighthouse's 90 %, and a CPU 4× slower.
 */
export const slow4G = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024 * 0.9) / 8,
  uploadThroughput: (750 * 1024 * 0.9) / 8,
  connectionType: 'cellular4g',
} as const;
export const phoneCpuSlowdown = 4;

/** Puts `page` on Lighthouse's slow 4G and, unless told otherwise, its 4× CPU slowdown; the HTTP cache is off. */
export async function emulateSlowPhone(context: BrowserContext, page: Page, { cpuSlowdown = phoneCpuSlowdown } = {}) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', slow4G);
  if (cpuSlowdown > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
  return cdp;
}

