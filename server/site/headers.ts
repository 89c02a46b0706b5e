/**
 * One source for the response headers of the static site: the local server applies
 * them, and the build writes the same rules into dist/_headers for static hosts.
 */
import { FRAME_ROUTE } from '../../contract/frame-options.ts';
import { languages } from '../../contract/languages.ts';
import { NOT_FOUND_ROUTE, pageFileOf, routeOfPageFile } from '../../contract/site-routes.ts';
import { SPECULATION_RULES_PATH } from '../../contract/speculation-rules.ts';

export interface BuildMeta {
  /** sha256 sources ('sha256-…') of every inline <style> in the built pages. */
  styleHashes: string[];
  /**
   * Per page file ("hi/index.html"), the hashes of its own inline styles: its CSP lists only
   * those (a shorter header in every first response). A page not listed gets them all.
   */
  pageStyleHashes?: Record<string, string[]>;
  /** Per page file, the hashes of the inline scripts it runs (its starter, site-generator/deferred-scripts.ts). */
  pageScriptHashes?: Record<string, string[]>;
  /** The CSP source of the speculation rules' text, which the loader adds as an inline script (widgets/page-scripts/speculation.ts). */
  speculationRulesHash?: string;
  /** Origins besides 'self' that pages may send data to (API, vitals). */
  connectOrigins: string[];
  /** Origins besides 'self' that a page's forms may post to without script (the API, when API_BASE is another origin). */
  formOrigins?: string[];
  /** Clean URLs of the pages, e.g. "/", "/about-us". */
  routes: string[];
}

export const SPECULATION_RULES_TYPE = 'application/speculationrules+json';

const cacheControl = {
  html: 'no-cache',
  hashed: 'public, max-age=31536000, immutable',
  widgetEntry: 'public, max-age=300, stale-while-revalidate=86400',
  other: 'public, max-age=3600',
} as const;

/**
 * HSTS for two years on this host and its subdomains, sent whenever SITE_URL is https
 * (production sits behind TLS even when this process speaks plain HTTP; browsers ignore
 * the header on plain-HTTP responses). No `preload`: that is a one-way decision for the owner.
 */
export const STRICT_TRANSPORT_SECURITY = 'max-age=63072000; includeSubDomains';

/**
 * The one page other sites may frame: the registration form made for the `<iframe>`
 * snippet on /embed (for site builders that forbid scripts). Every other page refuses
 * being framed (clickjacking).
 */
export const framableRoutes: ReadonlySet<string> = new Set([FRAME_ROUTE]);

interface PageOptions {
  /** `frame-ancestors *` and no X-Frame-Options, instead of `frame-ancestors 'none'` and DENY. */
  framable?: boolean;
  /** The page file, relative to dist/: its own style hashes only (BuildMeta.pageStyleHashes). */
  file?: string;
  /** A page the service draws (server/answer-pages/): the sources of its inline styles and scripts. */
  inline?: { styleHashes: string[]; scriptHashes: string[] };
}

export function contentSecurityPolicy(meta: BuildMeta, { framable = false, file, inline }: PageOptions = {}): string {
  const hashes = inline?.styleHashes ?? ((file !== undefined && meta.pageStyleHashes?.[file]) || meta.styleHashes);
  const own = inline?.scriptHashes ?? ((file !== undefined && meta.pageScriptHashes?.[file]) || []);
  const scripts = meta.speculationRulesHash ? [...own, meta.speculationRulesHash] : own;
  return [
    "default-src 'self'",
    ["script-src 'self'", ...scripts.map((h) => `'${h}'`)].join(' '),
    `style-src 'self' ${hashes.map((h) => `'${h}'`).join(' ')}`.trim(),
    "img-src 'self' data:",
    // Fonts and 'self'-only connections fall back to default-src: every byte counts in the first round trip.
    ...(meta.connectOrigins.length > 0 ? [`connect-src ${["'self'", ...meta.connectOrigins].join(' ')}`] : []),
    "object-src 'none'",
    "base-uri 'self'",
    ["form-action 'self'", ...(meta.formOrigins ?? [])].join(' '),
    framable ? 'frame-ancestors *' : "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * The pages' security headers: each costs the browser nothing measurable (bench/header-cost.md).
 * No Cross-Origin-Opener-Policy: `same-origin` makes every navigation into the site switch
 * browsing-context group, which starts a cold renderer whose style and layout then run cold
 * (hundreds of ms of blocking time on a phone), and these pages hold no session or secret
 * for a cross-origin window to read; every link that opens a new window has rel="noopener".
 * Reasoning and numbers: docs/page-speed.md.
 */
export function securityHeaders(meta: BuildMeta, options: PageOptions = {}): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(meta, options),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    ...(options.framable ? {} : { 'X-Frame-Options': 'DENY' }),
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=()',
  };
}

/** Scripts and their chunks are fetched by partner pages as cross-origin modules. */
const crossOriginModule = {
  'Access-Control-Allow-Origin': '*',
  'Cross-Origin-Resource-Policy': 'cross-origin',
};

/** The team's app, built apart into dist/team/ (site-generator/team-app-plugin.ts). */
export const TEAM_DIR = 'team';

/**
 * The team's app (/team/ and its files): the site's CSP, with no inline hash since the app
 * has no inline script or style; never stored by a browser or proxy (it shows personal data
 * once signed in); never indexed; its own browsing-context group and no referrer, since it
 * holds a session. Its hashed files are cached like the site's, and go to no other origin.
 */
export function teamHeaders(file: string): Record<string, string> {
  const common = { 'X-Content-Type-Options': 'nosniff', 'X-Robots-Tag': 'noindex, nofollow' };
  if (!file.endsWith('.html')) return { ...common, 'Cache-Control': file.startsWith(`${TEAM_DIR}/assets/`) ? cacheControl.hashed : 'no-store' };
  return {
    ...securityHeaders({ styleHashes: [], connectOrigins: [], routes: [] }),
    ...common,
    'Referrer-Policy': 'no-referrer',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cache-Control': 'no-store',
  };
}

/** Headers for one file of dist/, by its path relative to dist/ (e.g. "about-us/index.html"). */
export function headersForFile(relativePath: string, meta: BuildMeta): Record<string, string> {
  const file = relativePath.replace(/\\/g, '/').replace(/^\/+/, '').replace(/\.(br|gz)$/, '');
  if (file.startsWith(`${TEAM_DIR}/`)) return teamHeaders(file);
  if (file.endsWith('.html')) {
    const framable = framableRoutes.has(routeOfPageFile(file));
    return { ...securityHeaders(meta, { framable, file }), 'Cache-Control': cacheControl.html };
  }
  if ('/' + file === SPECULATION_RULES_PATH) {
    return { 'Content-Type': SPECULATION_RULES_TYPE, 'Cache-Control': cacheControl.other, 'X-Content-Type-Options': 'nosniff' };
  }
  if (file.startsWith('widgets/')) return { ...crossOriginModule, 'Cache-Control': cacheControl.widgetEntry, 'X-Content-Type-Options': 'nosniff' };
  if (file.startsWith('assets/')) return { ...crossOriginModule, 'Cache-Control': cacheControl.hashed, 'X-Content-Type-Options': 'nosniff' };
  return { 'Cache-Control': cacheControl.other, 'X-Content-Type-Options': 'nosniff' };
}

/** The same rules in the `_headers` format read by Netlify, Cloudflare Pages and others (rules matching a path add up). */
export function headersFile(meta: BuildMeta, options: { hsts: boolean }): string {
  const block = (pattern: string, headers: Record<string, string>) =>
    [pattern, ...Object.entries(headers).map(([k, v]) => `  ${k}: ${v}`)].join('\n');
  // Each page under its clean URL with and without the trailing slash; each language's not-found page as a file.
  const pageBlocks = meta.routes.flatMap((route) => {
    const headers = headersForFile(pageFileOf(route), meta);
    const bare = route.replace(/\/$/, '');
    return route === '/' ? [block(route, headers)] : [block(bare, headers), block(`${bare}/`, headers)];
  });
  const notFoundBlocks = languages.map((l) => {
    const file = pageFileOf(l.prefix + NOT_FOUND_ROUTE);
    return block(`/${file}`, headersForFile(file, meta));
  });
  return [
    ...(options.hsts ? [block('/*', { 'Strict-Transport-Security': STRICT_TRANSPORT_SECURITY })] : []),
    ...pageBlocks,
    ...notFoundBlocks,
    block(SPECULATION_RULES_PATH, headersForFile(SPECULATION_RULES_PATH.slice(1), meta)),
    block('/widgets/*', headersForFile('widgets/x.js', meta)),
    block('/assets/*', headersForFile('assets/x.js', meta)),
  ].join('\n') + '\n';
}
