import fs from 'node:fs';
import puppeteer from 'puppeteer-core';

/** Debian's Firefox ESR (installed by scripts/test-env.sh), or FIREFOX_PATH when set. */
function firefoxPath(): string {
  const found = process.env.FIREFOX_PATH || '/usr/bin/firefox-esr';
  if (!fs.existsSync(found)) throw new Error(`Firefox ESR not found at ${found}: run bash scripts/test-env.sh, or set FIREFOX_PATH`);
  return found;
}

/**
 * Firefox ESR, headless, driven by puppeteer-core over WebDriver BiDi. Puppeteer gives it
 * a fresh temporary profile whose preferences point Firefox's own services at a dummy
 * host; these keep its connectivity probes off the network too. `javaScript: false` turns
 * off the pages' scripts (the driver's own still run).
 */
export function launchFirefox({ javaScript = true, viewport = { width: 1280, height: 800 } }: { javaScript?: boolean; viewport?: { width: number; height: number } } = {}) {
  return puppeteer.launch({
    browser: 'firefox',
    executablePath: firefoxPath(),
    headless: true,
    defaultViewport: viewport,
    extraPrefsFirefox: {
      'network.captive-portal-service.enabled': false,
      'network.connectivity-service.enabled': false,
      ...(javaScript ? {} : { 'javascript.enabled': false }),
    },
  });
}
