import { defineConfig } from 'vite';
import { loadSiteConfig } from './site.config.ts';
import { distDir, pagesDir, publicDir, repoRoot, stylesDir, widgetsDir } from './scripts/paths.ts';
import { pagesPlugin } from './site-generator/pages-plugin.ts';
import { preloadHelperPlugin } from './site-generator/preload-helper-plugin.ts';
import { customElementsPlugin } from './site-generator/custom-elements-plugin.ts';
import { widgetCssPlugin } from './site-generator/widget-css-plugin.ts';
import { pageInputs, widgetInputs } from './site-generator/inputs.ts';
import { siteOutputPlugin } from './site-generator/site-output-plugin.ts';
import { widgetDefines } from './site-generator/widget-defines.ts';
import { shareQrPlugin } from './site-generator/share-qr-plugin.ts';
import { outboxWorkerPlugin } from './site-generator/outbox-worker-plugin.ts';
import { teamAppPlugin } from './site-generator/team-app-plugin.ts';
import { answerKitPlugin } from './site-generator/answer-kit-plugin.ts';

const site = loadSiteConfig();

export default defineConfig({
  root: pagesDir,
  appType: 'mpa',
  publicDir,
  envDir: repoRoot,
  resolve: {
    alias: [
      { find: /^\/styles\//, replacement: stylesDir + '/' },
      { find: /^\/widgets\//, replacement: widgetsDir + '/' },
    ],
  },
  define: widgetDefines(site),
  plugins: [widgetCssPlugin(), pagesPlugin(site), customElementsPlugin(), preloadHelperPlugin(), siteOutputPlugin(site), shareQrPlugin(site), outboxWorkerPlugin(), answerKitPlugin(site), teamAppPlugin()],
  server: { fs: { allow: [repoRoot] } },
  build: {
    outDir: distDir(),
    emptyOutDir: true,
    target: 'es2022',
    modulePreload: {
      polyfill: false,
      // A hashed chunk must not name the hashed chunks behind a stable-named widget entry:
      // its own hash would not change when they do (the entry's name never changes), so a
      // year-cached loader would go on preloading chunks a later deploy no longer has.
      // The entry fetches its own imports instead.
      resolveDependencies: (file, deps) => (file.startsWith('widgets/') ? [] : deps),
    },
    assetsInlineLimit: 0,
    rollupOptions: {
      input: { ...pageInputs(), ...widgetInputs() },
      // The registry's names (widgets/registry/names.ts) are plain constants: inlined where
      // used, the module leaves no chunk that the page loader and the widgets would share.
      optimization: { inlineConst: true },
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
