/**
 * `{{widget "<form tag>" heading="…" intro="…" lang="hi" id="…"}}`
 * in a page: the form element with its Declarative Shadow DOM, rendered by the same
 * React component the browser runs (widgets/registry/prerender.tsx), so the form paints
 * with the first response at its final size. When the widget script arrives, the element
 * takes that shadow root over.
 *
 * Arguments: the element's attributes from its public API (widgets/registry/api.ts),
 * plus `id`. An unknown tag or argument fails the build, and so
 * does a `lang` that is not a widget language. With `lang`, the element carries it and the
 * shadow root is rendered in that language, so the takeover changes no text.
 *
 * Vite rewrites every <style> element of a page, those inside a <template> included, so
 * the helper leaves a comment in the element and the shadow root goes in after Vite's
 * HTML processing (`restore`): its <style> stays the exact text the element adopts,
 * which the page's CSP hashes.
 */
import path from 'node:path';
import Handlebars from 'handlebars';
import { runnerImport } from 'vite';
import { apiOf } from '../widgets/registry/api.ts';
import { isLanguageCode, LANGUAGE_CODES, type LanguageCode } from '../contract/languages.ts';
import { widgetsDir } from '../scripts/paths.ts';
import { loadSiteConfig } from '../site.config.ts';
import { widgetCssPlugin } from './widget-css-plugin.ts';
import { widgetDefines } from './widget-defines.ts';

export type Prerender = typeof import('../widgets/registry/prerender.tsx');

/** The pre-render module's file, for the dev server's module runner. */
export const prerenderModule = path.join(widgetsDir, 'registry', 'prerender.tsx');

/** Loads the pre-render module outside a dev server (the build, the unit tests), with the same widget CSS transform and constants. */
export async function loadPrerender(): Promise<Prerender> {
  const { module } = await runnerImport<Prerender>(prerenderModule, {
    configFile: false,
    define: widgetDefines(loadSiteConfig()),
    plugins: [widgetCssPlugin()],
  });
  return module;
}

/** Arguments that place the element in the page rather than configure the widget. */
const placementArguments: Record<string, { attribute: string; values?: readonly string[] }> = {
  id: { attribute: 'id' },
};

/** Arguments whose value must be one of a list. */
const allowedValues: Record<string, readonly string[]> = {
  lang: LANGUAGE_CODES,
  ...Object.fromEntries(Object.entries(placementArguments).flatMap(([name, p]) => (p.values ? [[name, p.values]] : []))),
};

export interface RenderedWidget {
  /** The element's start tag. */
  start: string;
  end: string;
  /** The <template shadowrootmode="open"> holding the widget's <style> and markup. */
  shadowRoot: string;
}

export function renderWidget(prerender: Prerender, tag: unknown, args: Record<string, unknown>): RenderedWidget {
  if (typeof tag !== 'string' || !prerender.prerenderedTags.includes(tag)) {
    throw new Error(`{{widget}}: unknown form ${JSON.stringify(tag)}; pre-rendered forms: ${prerender.prerenderedTags.join(', ')}`);
  }
  const api = apiOf(tag);
  if (!api) throw new Error(`{{widget}}: <${tag}> has no public API in widgets/registry/api.ts`);
  // Attributes come out in this order, whatever the order in the page (Handlebars does not keep it).
  const known = ['id', ...api.attributes.map((a) => a.name)];
  for (const name of Object.keys(args)) {
    if (!known.includes(name)) throw new Error(`{{widget "${tag}"}}: unknown argument ${name}; known: ${known.join(', ')}`);
  }
  const attributes: string[] = [];
  for (const name of known.filter((n) => n in args)) {
    const value = args[name];
    if (typeof value !== 'string') throw new Error(`{{widget "${tag}"}}: ${name} must be a string`);
    const placement = placementArguments[name];
    const allowed = allowedValues[name];
    if (allowed && !allowed.includes(value)) {
      throw new Error(`{{widget "${tag}"}}: ${name}="${value}"; allowed: ${allowed.join(', ')}`);
    }
    attributes.push(` ${placement?.attribute ?? name}="${Handlebars.escapeExpression(value)}"`);
  }
  const text = (name: string) => (typeof args[name] === 'string' ? (args[name]) : undefined);
  return {
    start: `<${tag}${attributes.join('')}>`,
    end: `</${tag}>`,
    shadowRoot: prerender.shadowRootTemplate(tag, { heading: text('heading'), intro: text('intro'), lang: text('lang') as LanguageCode | undefined }),
  };
}

/** The `{{widget}}` helper and the step that puts the shadow roots it rendered into the finished page. */
export function widgetPlacement(prerender: () => Prerender | undefined) {
  const pending = new Map<string, string>();
  let count = 0;
  return {
    helper(...args: unknown[]): Handlebars.SafeString {
      const { hash, data } = args.pop() as Omit<Handlebars.HelperOptions, 'data'> & { data?: unknown };
      if (args.length !== 1) throw new Error(`{{widget}} takes one tag, got ${args.length}`);
      const loaded = prerender();
      if (!loaded) throw new Error('{{widget}}: the pre-render module is not loaded');
      // A form speaks its page's language unless told otherwise (English pages leave it to the default).
      const pageLang = (data as { root?: { lang?: unknown } } | undefined)?.root?.lang;
      const lang = hash.lang === undefined && pageLang !== 'en' && isLanguageCode(pageLang) ? { lang: pageLang } : {};
      const widget = renderWidget(loaded, args[0], { ...(hash as Record<string, unknown>), ...lang });
      const marker = `<!--shadow-root-${++count}-->`;
      pending.set(marker, widget.shadowRoot);
      return new Handlebars.SafeString(widget.start + marker + widget.end);
    },
    restore(html: string): string {
      for (const [marker, shadowRoot] of pending) {
        if (!html.includes(marker)) continue;
        html = html.replace(marker, () => shadowRoot);
        pending.delete(marker);
      }
      return html;
    },
  };
}
