/**
 * The build's last steps, so that `vite build` alone makes the complete site: the stylesheets
 * a page links (site.css and its own styles/pages/<page>.css) inlined into it, its module
 * scripts started after its first paint (deferred-scripts.ts), the hashes of every inline style and script, build-meta.json
 * and `_headers` (the server's headers, for static hosts), the speculation rules file, /favicon.ico, and pre-compressed copies.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { pagesDir, publicDir } from '../scripts/paths.ts';
import type { SiteConfig } from '../site.config.ts';
import { SPECULATION_RULES_PATH } from '../contract/speculation-rules.ts';
import { headersFile, type BuildMeta } from '../server/site/headers.ts';
import { deferModuleScripts, scriptHashes } from './deferred-scripts.ts';
import { inlineStylesheets, styleHashes } from './inline-css.ts';
import { publicRoutes } from './inputs.ts';
import { languageVariants } from './page-templates.ts';
import { precompress } from './precompress.ts';
import { speculationRulesText } from './speculation-rules.ts';
import { cspHash } from './csp-hash.ts';
import { FAVICON_SOURCE, icoOfPng } from './favicon.ts';

/** What the pages may connect to besides their own origin: the API and the vitals endpoint, when configured. */
export function buildMeta(
  site: SiteConfig,
  hashes: Iterable<string>,
  routes: string[],
  pageHashes: Record<string, Iterable<string>> = {},
  pageScripts: Record<string, Iterable<string>> = {},
): BuildMeta {
  const origins = [site.apiBase, site.vitalsEndpoint].filter(Boolean).map((url) => new URL(url).origin);
  const perPage = (record: Record<string, Iterable<string>>) =>
    Object.fromEntries(
      Object.entries(record)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([file, list]) => [file, [...new Set(list)].sort()]),
    );
  const meta: BuildMeta = {
    styleHashes: [...new Set(hashes)].sort(),
    speculationRulesHash: cspHash(speculationRulesText),
    connectOrigins: [...new Set(origins)],
    routes,
  };
  // The forms post themselves to the API while their script is not there (contract/form-post.ts).
  if (site.apiBase) meta.formOrigins = [new URL(site.apiBase).origin];
  if (Object.keys(pageHashes).length) meta.pageStyleHashes = perPage(pageHashes);
  if (Object.keys(pageScripts).length) meta.pageScriptHashes = perPage(pageScripts);
  return meta;
}

export function siteOutputPlugin(site: SiteConfig): Plugin {
  const hashes = new Set<string>();
  const pageHashes: Record<string, string[]> = {};
  const pageScripts: Record<string, string[]> = {};
  const inlined = new Set<string>();
  const variantFiles = new Set(languageVariants().map((page) => page.file));
  let pages = 0;
  return {
    name: 'site-output',
    apply: 'build',
    buildStart() {
      hashes.clear();
      for (const file of Object.keys(pageHashes)) delete pageHashes[file];
      for (const file of Object.keys(pageScripts)) delete pageScripts[file];
      inlined.clear();
      pages = 0;
    },
    transformIndexHtml: {
      // After the pages plugin's own post step, which puts the forms' shadow roots in.
      order: 'post',
      handler(html, ctx) {
        const asset = (file: string) => {
          const output = ctx.bundle?.[file];
          return output?.type === 'asset' ? String(output.source) : undefined;
        };
        const result = inlineStylesheets(html, asset);
        for (const file of result.inlined) inlined.add(file);
        const page = deferModuleScripts(result.html);
        const file = path.relative(pagesDir, ctx.filename).split(path.sep).join('/');
        // A one-language route's variant is the service's (answer-kit-plugin.ts), never a file of the site: its hashes travel with it.
        if (variantFiles.has(file)) return page;
        const own = styleHashes(page);
        for (const hash of own) hashes.add(hash);
        pageHashes[file] = own;
        pageScripts[file] = scriptHashes(page);
        pages++;
        return page;
      },
    },
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const file of inlined) delete bundle[file];
        const meta = buildMeta(site, hashes, publicRoutes(), pageHashes, pageScripts);
        this.emitFile({ type: 'asset', fileName: 'build-meta.json', source: JSON.stringify(meta, null, 2) + '\n' });
        this.emitFile({ type: 'asset', fileName: SPECULATION_RULES_PATH.slice(1), source: speculationRulesText });
        this.emitFile({ type: 'asset', fileName: 'favicon.ico', source: icoOfPng(fs.readFileSync(path.join(publicDir, FAVICON_SOURCE))) });
        this.emitFile({ type: 'asset', fileName: '_headers', source: headersFile(meta, { hsts: site.siteUrl.startsWith('https:') }) });
      },
    },
    writeBundle: {
      order: 'post',
      handler(options) {
        const count = precompress(options.dir!);
        this.environment.logger.info(`site: ${pages} pages, ${hashes.size} inline style hash(es), ${count} files pre-compressed`);
      },
    },
  };
}
