/**
 * The build's output steps, each on its own: the widgets' shadow CSS (PostCSS, then
 * lightningcss), the page stylesheet inlined and every inline style hashed for the CSP,
 * the page's module scripts deferred to a starter whose hash goes into the CSP,
 * build-meta.json and `_headers`, the pre-compressed copies, sitemap.xml and robots.txt,
 * and the build inputs.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import { transform } from 'lightningcss';
import postcss, { type AcceptedPlugin } from 'postcss';
import { afterAll, describe, expect, it } from 'vitest';
import { languages } from '../../contract/languages.ts';
import { loadSiteConfig } from '../../site.config.ts';
import { headersFile, headersForFile } from '../../server/site/headers.ts';
import { SPECULATION_RULES_PATH } from '../../contract/speculation-rules.ts';
import { speculationRules, speculationRulesText } from '../../site-generator/speculation-rules.ts';
import { cspHash } from '../../site-generator/csp-hash.ts';
import { deferModuleScripts, scriptHashes, starterImports, starterScript } from '../../site-generator/deferred-scripts.ts';
import { inlineStylesheets, styleHashes } from '../../site-generator/inline-css.ts';
import { pageInputs, publicRoutes } from '../../site-generator/inputs.ts';
import { precompress } from '../../site-generator/precompress.ts';
import { buildMeta } from '../../site-generator/site-output-plugin.ts';
import { pageUrl, robotsTxt, sitemapXml } from '../../site-generator/sitemap.ts';
import { buildWidgetCss } from '../../site-generator/widget-css.ts';
import { pagesDir, repoRoot } from '../../scripts/paths.ts';

const sha256 = (text: string) => `sha256-${createHash('sha256').update(text).digest('base64')}`;
const temp: string[] = [];
afterAll(() => {
  for (const dir of temp) fs.rmSync(dir, { recursive: true, force: true });
});

describe('widget shadow CSS', () => {
  const source = `/* the card */
.card {
  background: #ffffff;
  padding: 10px  20px 10px 20px;
  color: rgba(15, 23, 42, 0.5) !important;
}

.card::placeholder { color: red; }
`;

  it('is minified: no comments or line breaks, shortest values', async () => {
    const css = await buildWidgetCss(source, 'card.css');
    expect(css).not.toMatch(/\/\*|\n/);
    expect(css).toContain('background:#fff');
    expect(css).toContain('padding:10px 20px');
    expect(css).toContain('color:#0f172a80!important');
  });

  it('goes through the page CSS PostCSS settings (postcss.config.js) before minifying', async () => {
    const css = await buildWidgetCss(source, 'card.css');
    const configFile = pathToFileURL(path.join(repoRoot, 'postcss.config.js')).href;
    const { default: config } = (await import(configFile)) as { default: { plugins: AcceptedPlugin[] } };
    const processed = (await postcss(config.plugins).process(source, { from: 'card.css' })).css;
    expect(css).toBe(transform({ filename: 'card.css', code: Buffer.from(processed), minify: true }).code.toString());
  });

  it('is the same text every time (the pre-render and the browser build each run it)', async () => {
    expect(await buildWidgetCss(source, 'card.css')).toBe(await buildWidgetCss(source, 'card.css'));
  });
});

describe('CSS inlining and CSP hashes', () => {
  const page = `<head><link rel="stylesheet" crossorigin href="/assets/site-1.css"><link rel="stylesheet" href="/assets/partner.css"></head>` +
    `<body><x-form><template shadowrootmode="open"><style>.a{color:red}</style><form></form></template></x-form></body>`;

  it('replaces the link of a built stylesheet by a <style> with its text, and leaves others', () => {
    const { html, inlined } = inlineStylesheets(page, (file) => (file === 'assets/site-1.css' ? 'body{margin:0}\n' : undefined));
    expect(inlined).toEqual(['assets/site-1.css']);
    expect(html).toContain('<head><style>body{margin:0}</style><link rel="stylesheet" href="/assets/partner.css"></head>');
  });

  it('hashes the text of every <style>, the shadow roots included', () => {
    const { html } = inlineStylesheets(page, (file) => (file === 'assets/site-1.css' ? 'body{margin:0}' : undefined));
    expect(styleHashes(html)).toEqual([sha256('body{margin:0}'), sha256('.a{color:red}')]);
  });

  it('reads the links as the browser does: any attribute order or quoting; stylesheets one after another become one <style>', () => {
    const css: Record<string, string> = { 'assets/a.css': 'a{color:red}\n', 'assets/b.css': 'b{color:blue}' };
    const linked = `<head><meta charset="utf-8">\n<link href='/assets/a.css' crossorigin rel=stylesheet>\n<link rel="stylesheet" href="/assets/b.css">\n` +
      `<link rel="stylesheet" media="print" href="/assets/a.css"></head><body></body>`;
    const { html, inlined } = inlineStylesheets(linked, (file) => css[file]);
    expect(inlined).toEqual(['assets/a.css', 'assets/b.css']);
    expect(html).toBe(
      `<head><meta charset="utf-8">\n<style>a{color:red}b{color:blue}</style>\n<link rel="stylesheet" media="print" href="/assets/a.css"></head><body></body>`,
    );
    expect(styleHashes(html)).toEqual([sha256('a{color:red}b{color:blue}')]);
  });
});

describe('module scripts after the first paint', () => {
  const page =
    '<head><meta charset="utf-8"><script type="module" crossorigin src="/assets/page-embed/frame-1.js"></script>\n' +
    '<link rel="modulepreload" crossorigin href="/assets/loader-2.js">\n<script type="application/ld+json">{}</script></head>' +
    '<body><script type="module" crossorigin src="/assets/not-found-3.js"></script></body>';

  it('replaces every module script and modulepreload by one starter, where the first script was', () => {
    const html = deferModuleScripts(page);
    expect(html).not.toMatch(/type="module"|modulepreload/);
    expect(html).toBe(
      `<head><meta charset="utf-8"><script>${starterScript(['/assets/page-embed/frame-1.js', '/assets/not-found-3.js'])}</script>` +
        '<script type="application/ld+json">{}</script></head><body></body>',
    );
    expect(starterImports(html)).toEqual(['/assets/page-embed/frame-1.js', '/assets/not-found-3.js']);
  });

  it('reads the scripts as the browser does: any attribute order or quoting, and the starter gets its hash', () => {
    const written = `<head><link href=/assets/loader-2.js rel='modulepreload'>\n<script src='/assets/a-1.js' crossorigin type=module></script>\n` +
      `<script type="module">inline()</script></head><body></body>`;
    const html = deferModuleScripts(written);
    expect(html).toBe(`<head><script>${starterScript(['/assets/a-1.js'])}</script><script type="module">inline()</script></head><body></body>`);
    expect(scriptHashes(html)).toEqual([sha256(starterScript(['/assets/a-1.js'])), sha256('inline()')]);
  });

  it('leaves a page without module scripts as it is', () => {
    const plain = '<head><script type="application/ld+json">{}</script></head>';
    expect(deferModuleScripts(plain)).toBe(plain);
    expect(scriptHashes(plain), 'JSON-LD is data, not a script the CSP governs').toEqual([]);
  });

  it('starts on the first contentful paint, else after 3 s, else at once without paint timing', () => {
    const code = starterScript(['/a.js']);
    expect(code).toContain('getEntriesByName("first-contentful-paint")');
    expect(code).toContain('observe({type:"paint",buffered:!0})');
    expect(code).toContain('setTimeout(go,3000)');
    expect(code).toContain('supportedEntryTypes.includes("paint")||go()');
    expect(code).toContain('catch(e){go()}');
  });

  /** Runs a starter against a stand-in page: what it imports, and when. */
  function runStarter(prerendering: boolean) {
    const imported: string[] = [];
    const documentListeners = new Map<string, () => void>();
    const timers: (() => void)[] = [];
    let paintObserver: ((list: { getEntriesByName: (n: string) => unknown[] }) => void) | undefined;
    const document = { prerendering, addEventListener: (type: string, fn: () => void) => documentListeners.set(type, fn) };
    class PerformanceObserver {
      static supportedEntryTypes = ['paint'];
      constructor(fn: typeof paintObserver) {
        paintObserver = fn;
      }
      observe() {}
    }
    const code = starterScript(['/a.js']).replace(/import\(/g, '__import(');
    new Function('document', 'PerformanceObserver', 'setTimeout', '__import', code)(
      document,
      PerformanceObserver,
      (fn: () => void) => timers.push(fn),
      (url: string) => imported.push(url),
    );
    return {
      imported,
      paint: () => paintObserver?.({ getEntriesByName: () => [{}] }),
      fallback: () => timers.forEach((fn) => fn()),
      activate: () => documentListeners.get('prerenderingchange')?.(),
    };
  }

  it('imports once on the first paint of a page the visitor sees', () => {
    const page = runStarter(false);
    expect(page.imported).toEqual([]);
    page.paint();
    page.fallback();
    expect(page.imported).toEqual(['/a.js']);
  });

  it('in a prerendered page, neither the paint nor the fallback timer counts before activation', () => {
    const page = runStarter(true);
    page.paint();
    page.fallback();
    expect(page.imported, 'nothing while prerendering').toEqual([]);
    page.activate();
    expect(page.imported).toEqual([]);
    page.fallback();
    expect(page.imported, 'the fallback timer, set at activation').toEqual(['/a.js']);
  });

  it('hashes the starter for script-src, and the CSP names it for that page only', () => {
    const html = deferModuleScripts(page);
    const hash = sha256(starterScript(['/assets/page-embed/frame-1.js', '/assets/not-found-3.js']));
    expect(scriptHashes(html)).toEqual([hash]);
    const meta = buildMeta(loadSiteConfig(), [], ['/', '/about-us'], {}, { 'index.html': scriptHashes(html), 'about-us/index.html': [] });
    const scriptSrc = (file: string) => headersForFile(file, meta)['Content-Security-Policy']?.split('; ').find((d) => d.startsWith('script-src'));
    // Besides the speculation rules the loader adds on every page (tested below).
    const rules = `'${cspHash(speculationRulesText)}'`;
    expect(scriptSrc('index.html')).toBe(`script-src 'self' '${hash}' ${rules}`);
    expect(scriptSrc('about-us/index.html')).toBe(`script-src 'self' ${rules}`);
    expect(scriptSrc('widgets/x.js')).toBeUndefined();
  });
});

describe('build-meta.json and _headers', () => {
  it('gives each page a CSP with its own inline styles only; a page it does not know gets them all', () => {
    const meta = buildMeta(loadSiteConfig(), ['sha256-b', 'sha256-a'], ['/', '/about-us'], { 'index.html': ['sha256-a'], 'about-us/index.html': ['sha256-b'] });
    expect(meta.pageStyleHashes).toEqual({ 'about-us/index.html': ['sha256-b'], 'index.html': ['sha256-a'] });
    const styleSrc = (file: string) => headersForFile(file, meta)['Content-Security-Policy']!.split('; ').find((d) => d.startsWith('style-src'));
    expect(styleSrc('index.html')).toBe("style-src 'self' 'sha256-a'");
    expect(styleSrc('about-us/index.html.br')).toBe("style-src 'self' 'sha256-b'");
    expect(styleSrc('elsewhere.html')).toBe("style-src 'self' 'sha256-a' 'sha256-b'");
    expect(headersFile(meta, { hsts: false })).toMatch(/^\/about-us\n( {2}.*\n)* {2}Content-Security-Policy: [^\n]*style-src 'self' 'sha256-b';/m);
  });

  it('lists the style hashes once and sorted, the connect origins and the routes', () => {
    const site = { ...loadSiteConfig(), apiBase: 'https://api.example.in/v1', vitalsEndpoint: 'https://api.example.in/vitals' };
    const meta = buildMeta(site, ['sha256-b', 'sha256-a', 'sha256-b'], ['/', '/about-us']);
    expect(meta).toEqual({
      styleHashes: ['sha256-a', 'sha256-b'],
      speculationRulesHash: cspHash(speculationRulesText),
      connectOrigins: ['https://api.example.in'],
      formOrigins: ['https://api.example.in'],
      routes: ['/', '/about-us'],
    });
    const headers = headersFile(meta, { hsts: true });
    expect(headers).toMatch(/^\/\*\n {2}Strict-Transport-Security: max-age=63072000; includeSubDomains$/m);
    expect(headers).toContain("style-src 'self' 'sha256-a' 'sha256-b'");
    expect(headers).toContain("connect-src 'self' https://api.example.in");
    expect(headers, 'a form posts itself to the API while its script is not there').toContain("form-action 'self' https://api.example.in");
    for (const pattern of ['/', '/about-us', '/about-us/', '/404.html', '/widgets/*', '/assets/*']) expect(headers).toMatch(new RegExp(`^${pattern.replace(/[*.]/g, '\\$&')}$`, 'm'));
  });

  it('lets every page run the speculation rules by their hash (no header), and serves them with their own type', () => {
    const meta = buildMeta(loadSiteConfig(), [], ['/', '/embed/frame']);
    const rules = `'${cspHash(speculationRulesText)}'`;
    const scriptSrc = (file: string) => /script-src ([^;]*)/.exec(headersForFile(file, meta)['Content-Security-Policy']!)![1]!.split(' ');
    expect(scriptSrc('index.html')).toContain(rules);
    expect(scriptSrc('hi/about-us/index.html')).toContain(rules);
    expect(scriptSrc('embed/frame/index.html')).toContain(rules); // shown alone, as an RWA's share link
    for (const file of ['index.html', 'embed/frame/index.html']) expect(headersForFile(file, meta)).not.toHaveProperty('Speculation-Rules');
    expect(headersForFile(SPECULATION_RULES_PATH.slice(1), meta)['Content-Type']).toBe('application/speculationrules+json');
    expect(headersFile(meta, { hsts: false })).toMatch(new RegExp(`^${SPECULATION_RULES_PATH.replace('.', '\\.')}\n  Content-Type: application/speculationrules\\+json$`, 'm'));
  });

  it('prerenders same-site pages on the moderate signal, never files or the framed form', () => {
    const [rule] = speculationRules.prerender;
    expect(rule!.eagerness).toBe('moderate');
    const where = JSON.stringify(rule!.where);
    for (const excluded of ['"/*.*"', '"/embed/frame"', '"[download]"']) expect(where).toContain(excluded);
  });

  it('has no connect origins when the forms post to the page origin', () => {
    expect(buildMeta({ ...loadSiteConfig(), apiBase: '', vitalsEndpoint: '' }, [], []).connectOrigins).toEqual([]);
  });
});

describe('pre-compression', () => {
  it('writes Brotli and gzip copies of text files of 1 KB or more, and only of those', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'precompress-'));
    temp.push(dir);
    const big = '<p>society</p>\n'.repeat(100);
    fs.mkdirSync(path.join(dir, 'assets'));
    fs.writeFileSync(path.join(dir, 'index.html'), big);
    fs.writeFileSync(path.join(dir, 'assets', 'a.js'), big);
    fs.writeFileSync(path.join(dir, 'small.css'), 'a{}');
    fs.writeFileSync(path.join(dir, 'image.png'), Buffer.alloc(4096));
    expect(precompress(dir)).toBe(2);
    for (const file of ['index.html', 'assets/a.js']) {
      expect(zlib.brotliDecompressSync(fs.readFileSync(path.join(dir, `${file}.br`))).toString()).toBe(big);
      expect(zlib.gunzipSync(fs.readFileSync(path.join(dir, `${file}.gz`))).toString()).toBe(big);
    }
    expect(fs.existsSync(path.join(dir, 'small.css.br'))).toBe(false);
    expect(fs.existsSync(path.join(dir, 'image.png.br'))).toBe(false);
  });
});

describe('sitemap.xml, robots.txt and the build inputs', () => {
  it('the sitemap lists each public route under the site URL', () => {
    const xml = sitemapXml('https://site.example', ['/', '/career'], '2025-09-01');
    expect(xml).toContain('<url><loc>https://site.example/</loc><lastmod>2025-09-01</lastmod></url>');
    expect(xml).toContain('<url><loc>https://site.example/career</loc><lastmod>2025-09-01</lastmod></url>');
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">')).toBe(true);
    expect(pageUrl('https://site.example', '/')).toBe('https://site.example/');
  });

  it('robots.txt allows everything but the not-found page and names the sitemap', () => {
    expect(robotsTxt('https://site.example')).toBe('User-agent: *\nAllow: /\nDisallow: /404\n\nSitemap: https://site.example/sitemap.xml\n');
  });

  it('every page file is an input; the public routes are every page but /404, sorted', () => {
    const inputs = pageInputs();
    expect(inputs['page-home']).toBe(path.join(pagesDir, 'index.html'));
    expect(inputs['page-about-us']).toBe(path.join(pagesDir, 'about-us', 'index.html'));
    expect(inputs['page-404']).toBe(path.join(pagesDir, '404.html'));
    expect(Object.values(inputs).some((file) => file.includes(`${path.sep}partials${path.sep}`))).toBe(false);
    const routes = publicRoutes();
    expect(routes).toContain('/');
    expect(routes).toContain('/career');
    expect(routes).not.toContain('/404');
    expect(routes).toEqual([...routes].sort());
    // Every input is a public route but the not-found pages and the framed form's page in each other language (the service's, at /embed/frame).
    const variants = Object.keys(inputs).filter((name) => /^page-embed\/frame\.\w+$/.test(name));
    expect(variants.length).toBe(languages.length - 1);
    expect(routes.length).toBe(Object.keys(inputs).filter((name) => !/^page-(?:\w+\/)?404$/.test(name) && !variants.includes(name)).length);
  });
});
