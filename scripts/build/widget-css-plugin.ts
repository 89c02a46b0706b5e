import fs from 'node:fs';
import type { Plugin } from 'vite';
import { compactCss } from './compact-css.ts';

const widgetCssRaw = /\/widgets\/.+\.css\?raw$/;

/**
 * The widgets' shadow CSS arrives as `?raw` strings (see widgets/shared/css.ts).
 * Comments and whitespace are dropped here, once at build, instead of in every
 * visitor's browser.
 */
export function widgetCssPlugin(): Plugin {
  return {
    name: 'widget-css-compact',
    enforce: 'pre',
    load(id) {
      if (!widgetCssRaw.test(id)) return undefined;
      const file = id.replace(/\?raw$/, '');
      this.addWatchFile(file);
      return `export default ${JSON.stringify(compactCss(fs.readFileSync(file, 'utf8')))};`;
    },
  };
}
