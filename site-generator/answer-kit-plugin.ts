/**
 * `vite build` also makes what the service needs to answer a form sent without script, into
 * a folder beside the built site that is never served (server/folders.ts `answerKitDir`):
 * - answer-kit.mjs: the forms' renderer for the service (widgets/registry/answer-kit.tsx),
 *   bundled for Node with React and the same widget CSS and build constants as the pages,
 *   so the service draws the forms with the very components the pages pre-render and never
 *   imports the widgets;
 * - answer-pages.json: the pages around an answer, made from the built pages
 *   (answer-shells.ts), and each form's CSS scoped for an answer in the page.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'vite';
import { FRAME_ROUTE } from '../contract/frame-options.ts';
import { LEAD_PAGES } from '../contract/form-post.ts';
import { LEAD_KINDS, type LeadKind } from '../contract/lead-contract.ts';
import { defaultLanguage, languages, routeIn } from '../contract/languages.ts';
import { answerKitDir } from '../server/folders.ts';
import { KIT_FILES, type AnswerPagesManifest, type AnswerShell } from '../server/answer-pages/kit.ts';
import { SOCIETY_REGISTRATION } from '../widgets/registry/names.ts';
import type { SiteConfig } from '../site.config.ts';
import { pageFileOf, repoRoot, widgetsDir } from '../scripts/paths.ts';
import { afterBuildPlugin } from './after-build.ts';
import { frameShell, framePage, scopedCss, siteShell } from './answer-shells.ts';
import { languageVariants, variantFile } from './page-templates.ts';
import { widgetCssPlugin } from './widget-css-plugin.ts';
import { widgetDefines } from './widget-defines.ts';

type KitModule = typeof import('../widgets/registry/answer-kit.tsx');

const kitEntry = path.join(widgetsDir, 'registry', 'answer-kit.tsx');

/** Bundles the kit for Node into `outDir` (React included: the file runs wherever the site is deployed). */
async function buildKit(site: SiteConfig, outDir: string): Promise<void> {
  await build({
    configFile: false,
    root: repoRoot,
    logLevel: 'warn',
    publicDir: false,
    define: { ...widgetDefines(site), 'process.env.NODE_ENV': JSON.stringify('production') },
    plugins: [widgetCssPlugin()],
    ssr: { noExternal: true, target: 'node' },
    build: {
      ssr: kitEntry,
      outDir,
      emptyOutDir: true,
      target: 'node20',
      minify: false,
      copyPublicDir: false,
      rollupOptions: {
        // .mjs, its chunks too: Node (and tsx) load them as ES modules wherever DIST_DIR is, with no package.json above saying so.
        output: { format: 'es', entryFileNames: KIT_FILES.module, chunkFileNames: 'assets/[name]-[hash].mjs' },
        // Node loads every language at once: that the Hindi catalogue is also imported lazily (in the browser) changes nothing here.
        checks: { ineffectiveDynamicImport: false },
      },
    },
  });
}

export function answerKitPlugin(site: SiteConfig): Plugin {
  let pages: Record<string, string> = {};
  const page = (route: string): string => variant(pageFileOf(route));
  /** A page the build made, by its file (a one-language route's variant has no route of its own). */
  const variant = (file: string): string => {
    const html = pages[file];
    if (html === undefined) throw new Error(`answer kit: the build made no page ${file}`);
    return html;
  };
  return afterBuildPlugin('answer-kit', writeKit, {
    generateBundle: {
      // After the site's own steps: the pages as they are written, styles inlined.
      order: 'post',
      handler(_options, bundle) {
        pages = Object.fromEntries(
          Object.values(bundle).flatMap((file) => (file.type === 'asset' && file.fileName.endsWith('.html') ? [[file.fileName, String(file.source)]] : [])),
        );
        // The framed form's page in the other languages is the service's alone: not a file of the site.
        for (const variant of languageVariants()) delete bundle[variant.file];
      },
    },
  });

  async function writeKit(outDir: string): Promise<void> {
    const dir = answerKitDir(outDir);
    await buildKit(site, dir);
    const { answerStyles, ANSWER_CLASS } = (await import(`${pathToFileURL(path.join(dir, KIT_FILES.module)).href}?t=${Date.now()}`)) as KitModule;
    const shells = Object.fromEntries(
      LEAD_KINDS.flatMap((kind) => languages.map((l) => [`${kind}/${l.code}`, siteShell(page(routeIn(l, LEAD_PAGES[kind])), site.brandName)])),
    ) as Record<string, AnswerShell>;
    // The framed form's page in each language: the English one at its route, the others its variants.
    const frame = (code: string) => (code === defaultLanguage.code ? page(FRAME_ROUTE) : variant(variantFile(pageFileOf(FRAME_ROUTE), code)));
    const manifest: AnswerPagesManifest = {
      shells,
      frameShells: Object.fromEntries(languages.map((l) => [l.code, frameShell(frame(l.code), SOCIETY_REGISTRATION, site.brandName)])) as AnswerPagesManifest['frameShells'],
      framePages: Object.fromEntries(languages.map((l) => [l.code, framePage(frame(l.code), SOCIETY_REGISTRATION)])) as AnswerPagesManifest['framePages'],
      styles: Object.fromEntries(LEAD_KINDS.map((kind) => [kind, scopedCss(answerStyles[kind], ANSWER_CLASS)])) as Record<LeadKind, { css: string; hash: string }>,
    };
    fs.writeFileSync(path.join(dir, KIT_FILES.manifest), JSON.stringify(manifest) + '\n');
    pages = {};
  }
}
