import fs from 'node:fs';
import path from 'node:path';
import Handlebars from 'handlebars';
import { isRunnableDevEnvironment, type Plugin, type ViteDevServer } from 'vite';
import type { LanguageCode } from '../../contract/languages.ts';
import { documentLanguage } from './html-document.ts';
import type { SiteConfig } from '../../site.config.ts';
import { registerFaqHelpers, scriptJson } from './faq-helper.ts';
import { iconSvg } from './icons.ts';
import { languageOfRoute, routeIn } from '../../contract/languages.ts';
import { pageFileOf, pagesDir, routeOfPageFile } from '../paths.ts';
import { TEAM_DIR } from '../../server/site-headers.ts';
import { loadCatalogues, pageLanguage } from './page-language.ts';
import { sitemapRoutes } from './inputs.ts';
import { pageUrl, robotsTxt, sitemapXml } from './sitemap.ts';
import { loadPrerender, prerenderModule, widgetPlacement, type Prerender } from './widget-helper.ts';
import { frameSnippetHeight } from '../../pages/embed/frame/form-options.ts';
import { shareChannels, withShareChannel, type ShareChannel } from './share-qr-plugin.ts';

/** The Handlebars of the pages: the helpers every page may use (`{{widget}}`, `{{icon}}`, `{{href}}`, the FAQ's …). */
function pageHandlebars(site: SiteConfig, widgetHelper: Handlebars.HelperDelegate): typeof Handlebars {
  const hbs = Handlebars.create();
  hbs.registerHelper('widget', widgetHelper);
  hbs.registerHelper('json', (value: unknown) => new Handlebars.SafeString(scriptJson(value)));
  registerFaqHelpers(hbs);
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
  hbs.registerHelper('url', (route: string) => pageUrl(site.siteUrl, route));
  // A page's address as shared through one channel (share-qr-plugin.ts): {{shareUrl "/register" "qr"}}.
  hbs.registerHelper('shareUrl', (route: string, channel: ShareChannel) => {
    if (!shareChannels.includes(channel)) throw new Error(`{{shareUrl}}: unknown channel "${channel}"`);
    return withShareChannel(pageUrl(site.siteUrl, route), channel);
  });
  hbs.registerHelper('href', (route: string, options: Handlebars.HelperOptions) =>
    routeIn(languageOfRoute(String(options.data.root.route)), route),
  );
  return hbs;
}

/** Every .hbs file under pages/partials/ as a partial named by its path there (`{{> header}}`), read afresh. */
function loadPartials(hbs: typeof Handlebars): void {
  const dir = path.join(pagesDir, 'partials');
  for (const file of fs.readdirSync(dir, { recursive: true }) as string[]) {
    if (!file.endsWith('.hbs')) continue;
    hbs.registerPartial(file.replace(/\.hbs$/, '').split(path.sep).join('/'), fs.readFileSync(path.join(dir, file), 'utf8'));
  }
}

/** The pre-render module through the dev server's own module runner: a change to a form shows in the next page load. */
async function loadDevPrerender(server: ViteDevServer): Promise<Prerender> {
  const ssr = server.environments.ssr;
  if (!isRunnableDevEnvironment(ssr)) throw new Error('{{widget}} needs a runnable SSR environment in the dev server');
  return (await ssr.runner.import(prerenderModule)) as Prerender;
}

/** `npm run dev`: clean URLs as the real server answers them (/about-us → about-us/index.html). */
function serveCleanUrls(server: ViteDevServer): void {
  server.middlewares.use((req, _res, next) => {
    const [pathname, query] = (req.url ?? '/').split('?');
    if (pathname !== '/' && !path.extname(pathname) && fs.existsSync(path.join(pagesDir, pathname, 'index.html'))) {
      req.url = `${pathname.replace(/\/?$/, '/')}${query ? `?${query}` : ''}`;
    }
    next();
  });
}

const hasPage = (route: string) => fs.existsSync(path.join(pagesDir, pageFileOf(route)));

/**
 * What a page's template sees: the site, its route and language (checked against its
 * `<html lang>`), its privacy details, canonical URL and the build date.
 */
function pageData(site: SiteConfig, file: string, html: string, buildDate: string): Record<string, unknown> {
  const route = routeOfPageFile(path.relative(pagesDir, file));
  const language = pageLanguage(route, site.siteUrl, loadCatalogues(), hasPage);
  const htmlLang = documentLanguage(html);
  if (htmlLang !== language.language.htmlLang) {
    throw new Error(`${path.relative(pagesDir, file)}: <html lang="${htmlLang}">, but its route ${route} is in lang="${language.language.htmlLang}" (contract/languages.ts)`);
  }
  return {
    site,
    route,
    ...language,
    privacy: site.privacy.in[language.language.code as LanguageCode],
    canonical: pageUrl(site.siteUrl, route),
    frameHeight: frameSnippetHeight,
    buildDate,
    year: buildDate.slice(0, 4),
  };
}

/**
 * Turns the hand-authored pages into finished HTML: Handlebars partials
 * (`{{> header}}`), deployment values (`{{site.brandName}}`), the page's own
 * route (`{{route}}`), its language (`{{lang}}`, `{{t.…}}`, alternates and the language
 * switch: page-language.ts; `{{href "/features"}}` is a route in the page's language),
 * pre-rendered forms (`{{widget "…"}}`, widget-helper.ts) and the FAQ with its JSON-LD from
 * one source (`{{#faq-item}}`, `{{faq-jsonld}}`, faq-helper.ts), in the build and the dev
 * server alike. Emits robots.txt and sitemap.xml from the same routes.
 */
export function pagesPlugin(site: SiteConfig): Plugin[] {
  const buildDate = new Date().toISOString().slice(0, 10);
  let prerender: Prerender | undefined;
  let devServer: ViteDevServer | undefined;
  const widgets = widgetPlacement(() => prerender);
  const hbs = pageHandlebars(site, widgets.helper);

  const pages: Plugin = {
    name: 'site-pages',
    async buildStart() {
      if (!devServer) prerender = await loadPrerender();
    },
    configureServer(server) {
      devServer = server;
      serveCleanUrls(server);
    },
    transformIndexHtml: {
      order: 'pre',
      async handler(html, ctx) {
        // The team's app is no page of the site (npm run dev serves it as it is; the build makes it apart).
        if (path.relative(pagesDir, ctx.filename).split(path.sep)[0] === TEAM_DIR) return html;
        loadPartials(hbs);
        if (devServer) prerender = await loadDevPrerender(devServer);
        return hbs.compile(html, { strict: false, noEscape: false })(pageData(site, ctx.filename, html, buildDate));
      },
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'sitemap.xml', source: sitemapXml(site.siteUrl, sitemapRoutes(), buildDate) });
      this.emitFile({ type: 'asset', fileName: 'robots.txt', source: robotsTxt(site.siteUrl) });
    },
  };

  /** After Vite's own HTML processing: the forms' shadow roots (see widget-helper.ts for why this late). */
  const shadowRoots: Plugin = {
    name: 'site-pages:shadow-roots',
    transformIndexHtml: { order: 'post', handler: (html) => widgets.restore(html) },
  };

  return [pages, shadowRoots];
}
