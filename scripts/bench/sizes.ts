/**
 * Byte sizes of the built site, shared by `npm run bench` and the budget tests:
 * compressed sizes, the first round trip's share of a page, the module graph of a widget
 * entry, which chunks hold React.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { pageFileOf } from '../paths.ts';
import { starterImports } from '../../site-generator/deferred-scripts.ts';
import { placedElements } from '../../site-generator/html-document.ts';

/** One TCP round trip on a fresh connection: an initial congestion window of 10 × 1460-byte segments ≈ 14 KB. */
export const FIRST_ROUND_TRIP_BYTES = 14 * 1024;

/**
 * The class of a block below the first screen (a section of a page after its first, the
 * footer). The first screen is everything before the first such block: it must arrive in the
 * first round trip; the blocks may take the next. The browser lays one out only when the
 * reader nears it (`content-visibility`, styles/layout.css).
 */
export const BELOW_FOLD_CLASS = 'below-fold';

/** Where a page's first screen ends: the byte offset (UTF-8) of its first below-the-fold block, or its length when it has none. */
export function firstScreenEnd(html: string): number {
  const first = placedElements(html).find((el) => el.attrs.get('class')?.split(/\s+/).includes(BELOW_FOLD_CLASS));
  return Buffer.byteLength(first ? html.slice(0, first.start) : html);
}

export type ContentEncoding = 'br' | 'gzip';

/** What a streaming decoder gives for the first bytes of a compressed body, as a browser decodes it while the rest is on its way. */
function decodedLength(body: Buffer, encoding: ContentEncoding): number {
  try {
    return encoding === 'br'
      ? zlib.brotliDecompressSync(body, { finishFlush: zlib.constants.BROTLI_OPERATION_FLUSH }).length
      : zlib.gunzipSync(body, { finishFlush: zlib.constants.Z_SYNC_FLUSH }).length;
  } catch {
    return 0; // not even the stream's header yet
  }
}

/** How many bytes of a compressed body a browser must have received before it can decode the first `length` bytes of the page. */
export function compressedBytesFor(body: Buffer, encoding: ContentEncoding, length: number): number {
  if (decodedLength(body, encoding) < length) throw new Error(`the ${encoding} body decodes to fewer than ${length} bytes`);
  // What a prefix decodes to only grows with the prefix: the shortest that gives `length`.
  let [low, high] = [0, body.length];
  while (low < high) {
    const mid = (low + high) >> 1;
    if (decodedLength(body.subarray(0, mid), encoding) >= length) high = mid;
    else low = mid + 1;
  }
  return low;
}

/** What a page's first screen costs on the wire: the response's headers, and the compressed bytes up to the first screen's end. */
export interface FirstScreenBytes {
  headerBytes: number;
  /** Compressed bytes the browser needs to decode the page up to `firstScreenEnd`. */
  bodyBytes: number;
  /** Byte offset in the page (uncompressed) where the first screen ends. */
  firstScreenEnd: number;
  pageBytes: number;
  total: number;
}

/** The first screen's share of a response as sent: `page` is the HTML, `body` the same compressed with `encoding`. */
export function firstScreenBytes(page: Buffer, body: Buffer, encoding: ContentEncoding, headerBytes: number): FirstScreenBytes {
  const end = firstScreenEnd(page.toString('utf8'));
  const bodyBytes = compressedBytesFor(body, encoding, end);
  return { headerBytes, bodyBytes, firstScreenEnd: end, pageBytes: page.length, total: headerBytes + bodyBytes };
}
/**
 * JavaScript a page without widgets may load in total (the loader and the vitals reporter),
 * compressed: 3.2 KB since issue 30 (3 KB before) let it grow by what keeping the visit's
 * campaign and removing expired drafts cost (docs/funnel.md#budget).
 */
export const NO_WIDGET_JS_BUDGET_BYTES = Math.floor(3.2 * 1024);

export interface Sizes {
  raw: number;
  /** zlib gzip, level 9 (what the build writes as .gz). */
  gzip: number;
  /** Brotli, quality 11 (what the build writes as .br and the server sends to browsers that accept br). */
  brotli: number;
}

export function sizesOf(content: Buffer | string): Sizes {
  const buffer = typeof content === 'string' ? Buffer.from(content) : content;
  return {
    raw: buffer.length,
    gzip: zlib.gzipSync(buffer, { level: 9 }).length,
    brotli: zlib.brotliCompressSync(buffer, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

export const sumSizes = (list: Sizes[]): Sizes =>
  list.reduce((a, b) => ({ raw: a.raw + b.raw, gzip: a.gzip + b.gzip, brotli: a.brotli + b.brotli }), { raw: 0, gzip: 0, brotli: 0 });

export function fileSizes(dist: string, file: string): Sizes {
  return sizesOf(fs.readFileSync(path.join(dist, file)));
}

/** Every file under dist, relative with forward slashes. */
export function distFiles(dist: string): string[] {
  return (fs.readdirSync(dist, { recursive: true }) as string[])
    .map((f) => f.split(path.sep).join('/'))
    .filter((f) => fs.statSync(path.join(dist, f)).isFile());
}

/** The built page of a route, relative to `dist` (scripts/paths.ts has the mapping; the budget tests call it with their dist). */
export const pageFile = (_dist: string, route: string): string => pageFileOf(route);

/** The routes of the build (build-meta.json), without the 404 page. */
export function builtRoutes(dist: string): string[] {
  const meta = JSON.parse(fs.readFileSync(path.join(dist, 'build-meta.json'), 'utf8')) as { routes: string[] };
  return meta.routes;
}

/** Relative module specifiers a built ES module imports: static ones, and dynamic ones separately. */
export function moduleImports(code: string): { static: string[]; dynamic: string[] } {
  const statics = new Set<string>();
  const dynamics = new Set<string>();
  // Minified output: `import"./a.js"`, `import{x as y}from"./a.js"`, `import*as a from"./a.js"`, `export{…}from"./a.js"`.
  for (const m of code.matchAll(/(?:\bfrom|\bimport)\s*(["'`])(\.{1,2}\/[^"'`]+?\.js)\1/g)) statics.add(m[2]!);
  for (const m of code.matchAll(/\bimport\(\s*(["'`])(\.{1,2}\/[^"'`]+?\.js)\1\s*\)/g)) dynamics.add(m[2]!);
  return { static: [...statics], dynamic: [...dynamics] };
}

/** A built module and every module it imports statically, transitively (dist-relative paths). */
export function staticClosure(dist: string, entry: string): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = fs.readFileSync(path.join(dist, file), 'utf8');
    for (const spec of moduleImports(code).static) visit(path.posix.normalize(path.posix.join(path.posix.dirname(file), spec)));
  };
  visit(entry);
  return [...seen];
}

/** Strings only React's production build contains (react, react-dom, the JSX runtime). */
const reactMarkers = [
  '__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE',
  '__REACT_DEVTOOLS_GLOBAL_HOOK__',
  'react.transitional.element',
  'react.production',
];

/** Built JS files that contain React's code. */
export function reactChunks(dist: string): string[] {
  return distFiles(dist).filter(
    (f) => f.endsWith('.js') && reactMarkers.some((marker) => fs.readFileSync(path.join(dist, f), 'utf8').includes(marker)),
  );
}

export interface WidgetBundle {
  tag: string;
  entry: string;
  /** The entry and every chunk it imports statically. */
  files: string[];
  sizes: Sizes;
  /** Chunks it imports only dynamically (loaded later, if ever). */
  lazy: string[];
}

/** Each widget entry (dist/widgets/<tag>.js) with the chunks it needs. */
export function widgetBundles(dist: string): WidgetBundle[] {
  const dir = path.join(dist, 'widgets');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.js'))
    .sort()
    .map((f) => {
      const entry = `widgets/${f}`;
      const files = staticClosure(dist, entry);
      const lazy = new Set<string>();
      for (const file of files) {
        const code = fs.readFileSync(path.join(dist, file), 'utf8');
        for (const spec of moduleImports(code).dynamic) {
          const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), spec));
          if (!files.includes(target)) lazy.add(target);
        }
      }
      return { tag: f.replace(/\.js$/, ''), entry, files, sizes: sumSizes(files.map((x) => fileSizes(dist, x))), lazy: [...lazy] };
    });
}

/** Scripts a built page references directly: <script src>, <link rel=modulepreload> and the imports of its starter. */
export function pageScripts(html: string): string[] {
  const srcs = [...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]!);
  const preloads = [...html.matchAll(/<link\b[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1]!);
  return [...new Set([...srcs, ...preloads, ...starterImports(html)])];
}

/** Stylesheets a built page links (the build inlines the site's; any left here block rendering). */
export function pageStylesheets(html: string): string[] {
  return [...html.matchAll(/<link\b[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g)].map((m) => m[1]!);
}

export const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;
