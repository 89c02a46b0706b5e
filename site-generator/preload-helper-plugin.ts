import type { Plugin } from 'vite';

const helperId = '\0vite/preload-helper.js';

/**
 * The page scripts every page runs import only widget entries, which fetch their own imports
 * (vite.config.ts, resolveDependencies), and the vitals reporter, which imports nothing: no
 * dependencies to preload, so their helper only calls the import (about 75 bytes fewer in the
 * loader, within the 3.2 KB of pages without widgets).
 */
const importsNothingToPreload = (importer: string): boolean =>
  /[\\/]widgets[\\/](page-scripts[\\/]|registry[\\/]loaders\.ts$)/.test(importer);

/**
 * Replaces Vite's dynamic-import preload helper (about 0.8 KB gzipped, and it lands in
 * the loader, the one script every page runs) with a 0.1 KB one that does the useful
 * part: when a widget is imported, its chunks (React, the store, ...) are requested at
 * once with <link rel="modulepreload">, in parallel with the widget's entry, instead of
 * one round trip later when the entry's static imports are parsed. It drops what this
 * site does not use: CSP nonces, the `vite:preloadError` event, waiting for CSS.
 *
 * Each importer gets its own copy (a few bytes): shared, the helper would be a chunk of its
 * own that the loader fetches on every page, once a widget chunk imports lazily too (a
 * language's catalogue).
 *
 * Vite calls it as __vitePreload(() => import('./x.js'), deps, import.meta.url), deps
 * being URLs relative to the importer (renderBuiltUrl: relative) or absolute ones.
 */
export function preloadHelperPlugin(): Plugin {
  return {
    name: 'site:lean-preload-helper',
    apply: 'build',
    enforce: 'pre',
    resolveId: (id, importer) => (id === helperId ? `${id}?from=${encodeURIComponent(importer ?? '')}` : undefined),
    load(id) {
      if (!id.startsWith(`${helperId}?from=`)) return undefined;
      const importer = decodeURIComponent(id.slice(`${helperId}?from=`.length));
      if (importsNothingToPreload(importer)) return 'export const __vitePreload = (load) => load();';
      // No de-duplication: a second <link> to a URL already in the module map fetches nothing.
      return `export const __vitePreload = (load, deps, base) => {
  for (const dep of deps || []) {
    const link = document.createElement('link');
    link.rel = dep.endsWith('.css') ? 'stylesheet' : 'modulepreload';
    link.href = new URL(dep, base).href;
    document.head.append(link);
  }
  return load();
};
`;
    },
  };
}
