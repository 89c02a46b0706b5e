/**
 * What a link or an <iframe> may pass to the registration form through its URL
 * (/embed/frame and /register), and which pages may be framed or listed in the sitemap.
 */
import { describe, expect, it } from 'vitest';
import { readFormOptions, safeColour, safePartner, safeRadius } from '../../pages/embed/frame/form-options.ts';
import { headersFile, headersForFile, type BuildMeta } from '../../server/site/headers.ts';
import { publicRoutes, sitemapRoutes } from '../../site-generator/inputs.ts';

const options = (query: string) => readFormOptions(new URLSearchParams(query));

describe('the form options in a URL', () => {
  it('takes a partner id, a known language and the theme', () => {
    expect(options('partner=GreenPark-RWA&lang=en&accent=1D4ED8&accent-contrast=%23fff&surface=fafafa&text=111827&radius=4')).toEqual({
      partner: 'greenpark-rwa',
      lang: 'en',
      theme: {
        '--widget-accent': '#1d4ed8',
        '--widget-accent-contrast': '#fff',
        '--widget-surface': '#fafafa',
        '--widget-text': '#111827',
        '--widget-radius': '4px',
      },
    });
    expect(options('lang=hi').lang).toBe('hi');
    expect(options('')).toEqual({ theme: {} });
  });

  it('ignores anything that is not a plain, safe value', () => {
    const hostile = [
      'accent=red;background:url(https://evil.example/x)',
      'accent=url(x)',
      'accent=var(--x)',
      'accent=12345',
      'accent=%231d4ed8%20!important',
      'radius=4px;color:red',
      'radius=33',
      'radius=-1',
      'radius=1e3',
      'radius=calc(100vh)',
      'partner=<script>',
      'partner=-rwa',
      'partner=rwa-',
      'partner=green%20park',
      `partner=${'a'.repeat(41)}`,
      'lang=fr',
      'lang=en;x',
      'font=Comic%20Sans',
    ];
    for (const query of hostile) expect(options(query), query).toEqual({ theme: {} });
  });

  it('checks each kind of value on its own', () => {
    expect(['fff', '#ffff', 'a1b2c3', '#A1B2C3D4'].map(safeColour)).toEqual(['#fff', '#ffff', '#a1b2c3', '#a1b2c3d4']);
    expect(['ff', 'fffff', 'ggg', ''].map(safeColour)).toEqual([undefined, undefined, undefined, undefined]);
    expect(['0', '8px', '12.5', '32'].map(safeRadius)).toEqual(['0px', '8px', '12.5px', '32px']);
    expect(['a', 'a1', 'greenpark-rwa', 'a'.repeat(40)].map(safePartner)).toEqual(['a', 'a1', 'greenpark-rwa', 'a'.repeat(40)]);
  });
});

describe('framing and the sitemap', () => {
  const meta: BuildMeta = { styleHashes: ['sha256-abc'], connectOrigins: [], routes: ['/', '/embed', '/embed/frame', '/register'] };

  it('lets other sites frame /embed/frame only, with the CSP otherwise identical', () => {
    const framed = headersForFile('embed/frame/index.html', meta);
    const embed = headersForFile('embed/index.html', meta);
    expect(framed['Content-Security-Policy']).toContain('frame-ancestors *');
    expect(framed['X-Frame-Options']).toBeUndefined();
    expect(framed['Content-Security-Policy']!.replace('frame-ancestors *', "frame-ancestors 'none'")).toBe(embed['Content-Security-Policy']);
    expect(headersForFile('embed/frame/index.html.br', meta)).toEqual(framed);
    for (const file of ['index.html', 'embed/index.html', 'register/index.html', '404.html']) {
      const headers = headersForFile(file, meta);
      expect(headers['Content-Security-Policy'], file).toContain("frame-ancestors 'none'");
      expect(headers['X-Frame-Options'], file).toBe('DENY');
    }
  });

  it('writes the same exception into _headers for static hosts', () => {
    const blocks = headersFile(meta, { hsts: false }).split(/\n(?=\/)/);
    const block = (pattern: string) => blocks.find((b) => b.startsWith(`${pattern}\n`)) ?? '';
    for (const pattern of ['/embed/frame', '/embed/frame/']) {
      expect(block(pattern)).toContain('frame-ancestors *');
      expect(block(pattern)).not.toContain('X-Frame-Options');
    }
    expect(block('/embed')).toContain("frame-ancestors 'none'");
    expect(block('/embed')).toContain('X-Frame-Options: DENY');
  });

  it('lists /register in the sitemap but not the framed form or the 404 page, which ask not to be indexed', () => {
    expect(publicRoutes()).toEqual(expect.arrayContaining(['/embed/frame', '/register']));
    expect(sitemapRoutes()).toContain('/register');
    expect(sitemapRoutes()).toContain('/embed');
    expect(sitemapRoutes()).not.toContain('/embed/frame');
    expect(sitemapRoutes()).not.toContain('/404');
  });
});
