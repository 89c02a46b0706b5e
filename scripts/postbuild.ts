/**
 * After `vite build`: inline the page stylesheet (so every page paints from its
 * first response), hash every inline style for the Content-Security-Policy, write
 * the header rules for static hosts, and pre-compress text files with Brotli and gzip.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { loadSiteConfig } from '../site.config.ts';
import { headersFile, type BuildMeta } from '../server/site-headers.ts';
import { publicRoutes } from './build/routes.ts';

const dist = process.env.DIST_DIR ? path.resolve(process.env.DIST_DIR) : path.resolve(import.meta.dirname, '../dist');
const files = (fs.readdirSync(dist, { recursive: true }) as string[]).map((f) => path.join(dist, f));
const htmlFiles = files.filter((f) => f.endsWith('.html'));

const stylesheetLink = /<link rel="stylesheet"(?: crossorigin)? href="\/(assets\/[^"]+\.css)">/g;
const inlinedSheets = new Set<string>();
const styleHashes = new Set<string>();

for (const file of htmlFiles) {
  let html = fs.readFileSync(file, 'utf8').replace(stylesheetLink, (_link, href: string) => {
    inlinedSheets.add(href);
    const css = fs.readFileSync(path.join(dist, href), 'utf8').trim();
    return `<style>${css}</style>`;
  });
  for (const [, css] of html.matchAll(/<style>([\s\S]*?)<\/style>/g)) {
    styleHashes.add(`sha256-${createHash('sha256').update(css).digest('base64')}`);
  }
  fs.writeFileSync(file, html);
}
for (const href of inlinedSheets) fs.rmSync(path.join(dist, href));

const site = loadSiteConfig();
const origins = [site.apiBase, site.vitalsEndpoint].filter(Boolean).map((url) => new URL(url).origin);
const meta: BuildMeta = {
  styleHashes: [...styleHashes].sort(),
  connectOrigins: [...new Set(origins)],
  routes: publicRoutes(),
};
fs.writeFileSync(path.join(dist, 'build-meta.json'), JSON.stringify(meta, null, 2) + '\n');
fs.writeFileSync(path.join(dist, '_headers'), headersFile(meta, { hsts: site.siteUrl.startsWith('https:') }));

const compressible = /\.(html|js|css|svg|xml|txt|json|webmanifest)$/;
let count = 0;
for (const file of (fs.readdirSync(dist, { recursive: true }) as string[]).map((f) => path.join(dist, f))) {
  if (!compressible.test(file) || fs.statSync(file).size < 1024) continue;
  const source = fs.readFileSync(file);
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(source, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(source, { level: 9 }));
  count++;
}
console.log(`postbuild: ${htmlFiles.length} pages, ${styleHashes.size} inline style hash(es), ${count} files pre-compressed`);
