import fs from 'node:fs';
import path from 'node:path';
import Handlebars from 'handlebars';
import type { Plugin } from 'vite';
import type { SiteConfig } from '../../site.config.ts';
import { iconSvg } from './icons.ts';
import { pagesDir, routeOf, sitemapRoutes } from './routes.ts';

/**
 * Turns the hand-authored pages into finished HTML: Handlebars partials
 * (`{{> header}}`), deployment values (`{{site.brandName}}`) and the page's own
 * route (`{{route}}`). Emits robots.txt and sitemap.xml from the same routes.
 */
export function pagesPlugin(site: SiteConfig): Plugin {
  const buildDate = new Date().toISOString().slice(0, 10);
  const hbs = Handlebars.create();
  hbs.registerHelper('json', (value: unknown) =>
    new Handlebars.SafeString(JSON.stringify(value).replace(/</g, '\\u003c')),
  );
  hbs.registerHelper('icon', (name: string, options: { hash?: { label?: string } }) =>
    new Handlebars.SafeString(iconSvg(name, options?.hash?.label)),
  );
  hbs.registerHelper('concat', (...parts: unknown[]) => parts.slice(0, -1).join(''));
  hbs.registerHelper('object', (...args: unknown[]) => {
    const pairs = args.slice(0, -1);
    const result: Record<string, unknown> = {};
    for (let i = 0; i < pairs.length; i += 2) result[String(pairs[i])] = pairs[i + 1];
    return result;
  });
  hbs.registerHelper('eq', (a: unknown, b: unknown) => a === b);
  hbs.registerHelper('uri', (...parts: unknown[]) => encodeURIComponent(parts.slice(0, -1).join('')));
  hbs.registerHelper('url', (route: string) => site.siteUrl + (route === '/' ? '/' : route));

  const loadPartials = () => {
    const dir = path.join(pagesDir, 'partials');
    for (const file of fs.readdirSync(dir, { recursive: true }) as string[]) {
      if (!file.endsWith('.hbs')) continue;
      hbs.registerPartial(file.replace(/\.hbs$/, '').split(path.sep).join('/'), fs.readFileSync(path.join(dir, file), 'utf8'));
    }
  };

  return {
    name: 'site-pages',
    // `npm run dev`: clean URLs as the real server answers them (/about-us → about-us/index.html).
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        const [pathname, query] = (req.url ?? '/').split('?');
        if (pathname !== '/' && !path.extname(pathname) && fs.existsSync(path.join(pagesDir, pathname, 'index.html'))) {
          req.url = `${pathname.replace(/\/?$/, '/')}${query ? `?${query}` : ''}`;
        }
        next();
      });
    },
    transformIndexHtml: {
      order: 'pre',
      handler(html, ctx) {
        loadPartials();
        const route = routeOf(ctx.filename);
        return hbs.compile(html, { strict: false, noEscape: false })({
          site,
          route,
          canonical: site.siteUrl + (route === '/' ? '/' : route),
          buildDate,
          year: buildDate.slice(0, 4),
        });
      },
    },
    generateBundle() {
      const urls = sitemapRoutes()
        .map((route) => `  <url><loc>${site.siteUrl}${route === '/' ? '/' : route}</loc><lastmod>${buildDate}</lastmod></url>`)
        .join('\n');
      this.emitFile({
        type: 'asset',
        fileName: 'sitemap.xml',
        source: `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`,
      });
      this.emitFile({
        type: 'asset',
        fileName: 'robots.txt',
        source: `User-agent: *\nAllow: /\nDisallow: /404\n\nSitemap: ${site.siteUrl}/sitemap.xml\n`,
      });
    },
  };
}
