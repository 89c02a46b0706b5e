import fs from 'node:fs';
import flags from './chromium-flags.json' with { type: 'json' };

/** Debian's Chromium (installed by .ci/run), or CHROME_PATH when set. */
export function chromiumPath(): string {
  const candidates = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean) as string[];
  const found = candidates.find((p) => fs.existsSync(p));
  if (!found) throw new Error('Chromium not found: install it (apt-get install chromium) or set CHROME_PATH');
  return found;
}

/** Flags that keep headless Chromium quiet on a machine without internet (shared with web-test-runner.config.js). */
export const chromiumArgs: string[] = flags;
