import path from 'node:path';
import { runnerImport, type Plugin } from 'vite';
import { widgetCssPlugin } from './widget-css-plugin.ts';

type Prerender = typeof import('../../widgets/registry/prerender.tsx');
type ShadowMarkup = (tag: string, attributes: Record<string, string>) => string | null;

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", '#39': "'" };
const decode = (value: string) => value.replace(/&(amp|lt|gt|quot|apos|#39);/g, (_m, name: string) => entities[name]);

const elementOpening = /<([a-z]+-[a-z-]+)(\s[^>]*)?>/g;
const attribute = /([a-z-]+)(?:="([^"]*)")?/g;

/**
 * Pre-renders the form widgets into each page as Declarative Shadow DOM: the form
 * paints with the first response, at its final size, before any JavaScript runs.
 * When the widget script loads it takes over the same shadow root.
 */
export function widgetShadowPlugin(): Plugin {
  let render: ShadowMarkup | undefined;
  return {
    name: 'widget-shadow-markup',
    apply: 'build',
    async buildStart() {
      const entry = path.resolve(import.meta.dirname, '../../widgets/registry/prerender.tsx');
      // The same CSS transform as the browser build, so the pre-rendered <style> and the
      // adopted stylesheet are one text.
      const { module } = await runnerImport<Prerender>(entry, { configFile: false, plugins: [widgetCssPlugin()] });
      render = (tag, attributes) => {
        if (!module.prerenderedTags.includes(tag)) return null;
        const { css, html } = module.shadowRootOf(tag, {
          heading: attributes.heading ? decode(attributes.heading) : undefined,
          intro: attributes.intro ? decode(attributes.intro) : undefined,
        });
        return `<style>${css}</style>${html}`;
      };
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
