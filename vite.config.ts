import path from 'node:path';
import { defineConfig } from 'vite';
import { loadSiteConfig } from './site.config.ts';
import { pagesPlugin } from './scripts/build/pages-plugin.ts';
import { widgetShadowPlugin } from './scripts/build/widget-shadow-plugin.ts';
import { preloadHelperPlugin } from './scripts/build/preload-helper-plugin.ts';
import { customElementsPlugin } from './scripts/build/custom-elements-plugin.ts';
import { widgetCssPlugin } from './scripts/build/widget-css-plugin.ts';
import { shareQrPlugin } from './scripts/build/share-qr-plugin.ts';
import { pageInputs } from './scripts/build/routes.ts';
import { widgetEntries } from './widgets/entries.ts';

const root = import.meta.dirname;
const site = loadSiteConfig();

export default defineConfig({
  root: path.join(root, 'pages'),
  appType: 'mpa',
  publicDir: path.join(root, 'public'),
  envDir: root,
  resolve: {
    alias: [
      { find: /^\/styles\//, replacement: path.join(root, 'styles') + '/' },
      { find: /^\/widgets\//, replacement: path.join(root, 'widgets') + '/' },
    ],
  },
  define: {
    __SITE_API_BASE__: JSON.stringify(site.apiBase),
    __SITE_VITALS_ENDPOINT__: JSON.stringify(site.vitalsEndpoint),
  },
  plugins: [widgetCssPlugin(), pagesPlugin(site), widgetShadowPlugin(), customElementsPlugin(), preloadHelperPlugin(), shareQrPlugin(site)],
  server: { fs: { allow: [root] } },
  build: {
    outDir: process.env.DIST_DIR ? path.resolve(process.env.DIST_DIR) : path.join(root, 'dist'),
    emptyOutDir: true,
    target: 'es2022',
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    rollupOptions: {
      input: { ...pageInputs(), ...widgetEntries(root) },
      output: {
        // Widget entries keep a stable URL for partner pages; everything else is hashed.
        entryFileNames: (chunk) =>
          chunk.name.startsWith('widget-') ? `widgets/${chunk.name.slice('widget-'.length)}.js` : 'assets/[name]-[hash].js',
        // The chunk holding React is named for what it is, so budgets and people can spot it.
        chunkFileNames: (chunk) =>
          chunk.moduleIds.some((id) => id.includes('/node_modules/react-dom/')) ? 'assets/react-[hash].js' : 'assets/[name]-[hash].js',
        assetFileNames: 'assets/[name]-[hash][extname]',
      },
    },
  },
  experimental: {
    // Chunks import each other relative to their own URL, so a widget loaded from
    // our origin by a partner page fetches its chunks from our origin too.
    renderBuiltUrl: (filename, { hostType }) => (hostType === 'js' ? { relative: true } : '/' + filename),
  },
});
