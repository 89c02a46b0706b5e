import path from 'node:path';
import { runnerImport, type Plugin } from 'vite';
import { widgetCssPlugin } from './widget-css-plugin.ts';

type ShadowMarkup = (tag: string, attributes: Record<string, string>) => string | null;

const elementOpening = /<(society-registration|career-application)(\s[^>]*)?>/g;
const attribute = /([a-z-]+)(?:="([^"]*)")?/g;

/**
 * Pre-renders the form widgets into each page as Declarative Shadow DOM: the form
 * paints with the first response, at its final size, before any JavaScript runs.
 * When the widget script loads it takes over the same shadow root.
 */
export function widgetShadowPlugin(define: Record<string, string> = {}): Plugin {
  let render: ShadowMarkup | undefined;
  return {
    name: 'widget-shadow-markup',
    apply: 'build',
    async buildStart() {
      const entry = path.resolve(import.meta.dirname, '../../widgets/shadow-markup.tsx');
      // The same CSS transform as the browser build, so the pre-rendered <style> and the
      // adopted stylesheet are one text.
      const { module } = await runnerImport<{ shadowMarkup: ShadowMarkup }>(entry, { configFile: false, define, plugins: [widgetCssPlugin()] });
      render = module.shadowMarkup;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        return html.replace(elementOpening, (opening, tag: string, attrs = '') => {
          const attributes: Record<string, string> = {};
          for (const [, name, value = ''] of attrs.matchAll(attribute)) attributes[name] = value;
          const markup = render?.(tag, attributes);
          return markup ? `${opening}<template shadowrootmode="open">${markup}</template>` : opening;
        });
      },
    },
  };
}
