import fs from 'node:fs';
import type { Plugin } from 'vite';
import { buildWidgetCss } from './widget-css.ts';

const widgetCssRaw = /\/widgets\/.+\.css\?raw$/;

/**
 * The widgets' shadow CSS arrives as `?raw` strings (see widgets/element/css.ts), built
 * here (site-generator/widget-css.ts) in the browser build, the dev server and the
 * pre-rendering alike, instead of in every visitor's browser.
 */
export function widgetCssPlugin(): Plugin {
  return {
    name: 'widget-css',
    enforce: 'pre',
    async load(id) {
      if (!widgetCssRaw.test(id)) return undefined;
      const file = id.replace(/\?raw$/, '');
      this.addWatchFile(file);
      return `export default ${JSON.stringify(await buildWidgetCss(fs.readFileSync(file, 'utf8'), file))};`;
    },
  };
}
