import fs from 'node:fs';
import path from 'node:path';
import Handlebars from 'handlebars';
import { isRunnableDevEnvironment, type Plugin, type ViteDevServer } from 'vite';
import { defaultLanguage, languages, routeIn, type LanguageCode } from '../contract/languages.ts';
import { NOTICE_LANGUAGES, NOTICE_LIST_ROUTE, noticeRoute } from '../contract/notice-languages.ts';
import { OUTBOX_MAX_AGE_DAYS } from '../contract/lead-contract.ts';
import { routeOfPath } from '../contract/site-routes.ts';
import { documentLanguage, replaceRanges, textRanges } from './html-document.ts';
import type { SiteConfig } from '../site.config.ts';
import { registerFaqHelpers, scriptJson } from './faq-helper.ts';
import { iconSvg } from './icons.ts';
import { pagesDir } from '../scripts/paths.ts';
import { pageLanguage } from './page-language.ts';
import { builtPageOfFile, builtPages, type BuiltPage } from './page-templates.ts';
import { loadSources, type Sources } from './page-sources.ts';
import { noticeVersionOf, underReviewNote } from './notice-texts.ts';
import { registerTextHelpers } from './page-texts.ts';
import { TEAM_DIR } from '../server/site/headers.ts';
import { sitemapRoutes } from './inputs.ts';
import { pageUrl, robotsTxt, sitemapXml } from './sitemap.ts';
import { loadPrerender, prerenderModule, widgetPlacement, type Prerender } from './widget-helper.ts';
import { frameSnippetHeights } from '../pages/embed/frame/form-options.ts';
import { shareChannels, withShareChannel, type ShareChannel } from './share-qr-plugin.ts';

/** The Handlebars of the pages: the helpers every page may use (`{{t}}`, `{{widget}}`, `{{icon}}`, `{{href}}`, the FAQ's …). */
function pageHandlebars(site: SiteConfig, widgetHelper: Handlebars.HelperDelegate): typeof Handlebars {
  const hbs = Handlebars.create();
  registerTextHelpers(hbs);
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
  // Every internal link is a route in the page's language: {{href "/features"}} is /hi/features on a Hindi page.
  hbs.registerHelper('href', (route: string, options: Handlebars.HelperOptions) => {
    const lang = (options.data as { root: { lang?: unknown } }).root.lang;
    return routeIn(languages.find((l) => l.code === lang) ?? defaultLanguage, route);
  });
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
  return await ssr.runner.import<Prerender>(prerenderModule);
}

/** A date in words in a locale ("24 November 2026"), or its ISO digits without one. */
const dateIn = (isoDate: string, locale: string | undefined) =>
  locale ? new Date(`${isoDate}T00:00:00Z`).toLocaleDateString(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }) : isoDate;

/**
 * What a page's template sees: the site, its route and language, its texts (`{{t}}`), its
 * privacy details, canonical URL and the build date; a notice page its notice language.
 */
function pageData(site: SiteConfig, page: BuiltPage, sources: Sources, buildDate: string): Record<string, unknown> {
  const shared = {
    site,
    route: page.route,
    canonical: pageUrl(site.siteUrl, page.route),
    globalValues: { brand: site.brandName, email: site.contact.email },
    pageFile: page.file,
    buildDate,
    year: buildDate.slice(0, 4),
  };
  const routes = new Set(sources.pages.map((p) => p.route));
  if (page.kind === 'notice') {
    const { notice } = page;
    // The privacy notice and the home page in the notice's language where the site has it, else in English.
    const siteLanguage = languages.find((l) => l.code === notice.code) ?? defaultLanguage;
    return {
      ...shared,
      lang: notice.code,
      language: { htmlLang: notice.htmlLang, dir: notice.dir },
      notice,
      catalogue: sources.notice[notice.code],
      catalogueName: `pages/i18n/notice/${notice.code}.json`,
      alternates: [
        ...NOTICE_LANGUAGES.filter((l) => sources.notice[l.code]).map((l) => ({ hreflang: l.htmlLang, href: pageUrl(site.siteUrl, noticeRoute(l.code)) })),
        { hreflang: 'x-default', href: pageUrl(site.siteUrl, noticeRoute(defaultLanguage.code)) },
      ],
      noticeVersion: noticeVersionOf(notice.code),
      underReview: underReviewNote(notice.code),
      noticeDate: dateIn(noticeVersionOf(notice.code), notice.dateLocale),
      retentionDays: site.privacy.retentionDays,
      deviceDays: OUTBOX_MAX_AGE_DAYS,
      homeRoute: routeIn(siteLanguage, '/'),
      listRoute: routeIn(siteLanguage, NOTICE_LIST_ROUTE),
      privacyRoute: routeIn(siteLanguage, '/privacy-policy'),
    };
  }
  // A one-language route's variant (the framed form in Hindi) is in its own language, and has no other-language pages.
  const language = page.variant
    ? pageLanguage(routeIn(page.language, page.route), site.siteUrl, () => false)
    : pageLanguage(page.route, site.siteUrl, (route) => routes.has(route));
  const names = new Intl.DisplayNames([page.language.htmlLang], { type: 'language' });
  const or = new Intl.ListFormat(page.language.htmlLang, { type: 'disjunction' });
  return {
    ...shared,
    ...language,
    catalogue: sources.site[page.language.code],
    catalogueName: `pages/i18n/${page.language.code}/`,
    privacy: site.privacy.in[page.language.code as LanguageCode],
    frameHeight: frameSnippetHeights[page.language.code as LanguageCode],
    // The embed page: its snippets' `lang` in a language other than the default, the forms' languages in words.
    formLang: page.language === defaultLanguage ? '' : page.language.code,
    frameQuery: page.language === defaultLanguage ? '' : `?lang=${page.language.code}`,
    apiOrigin: site.apiBase || site.siteUrl,
    languageList: or.format(languages.map((l) => `${l.code} (${names.of(l.code)})`)),
    languageCodes: or.format(languages.map((l) => l.code)),
    // The notice's languages (/notice), each with its page once its catalogue is there.
    noticeLanguages: NOTICE_LANGUAGES.map((l) => ({ ...l, route: sources.notice[l.code] ? noticeRoute(l.code) : undefined })),
  };
}

/**
 * The page in fewer bytes, the same to a reader: Handlebars escapes `'`, `=` and `` ` `` for
 * unquoted attributes, and `"` everywhere; every attribute of the pages is quoted with `"`, so
 * the first three go back to the characters as written everywhere, and `"` in the texts
 * between tags. A run of white space that holds a line break (the templates' indentation) is
 * one line break, which the browser shows as the same one space, outside <pre> and <textarea>.
 */
function asWritten(html: string): string {
  const page = html.replace(/&#x27;/g, "'").replace(/&#x3D;/g, '=').replace(/&#x60;/g, '`');
  const edits = textRanges(page, ['pre', 'textarea'])
    .map(({ start, end }) => ({ start, end, text: page.slice(start, end).replace(/&quot;/g, '"').replace(/[ \t\r\f]*\n[ \t\r\n\f]*/g, '\n') }))
    .filter(({ start, end, text }) => text !== page.slice(start, end));
  return replaceRanges(page, edits);
}

/** `npm run dev`: clean URLs as the real server answers them (/about-us → about-us/index.html), every language's pages from their templates. */
function servePages(server: ViteDevServer, pages: () => BuiltPage[]): void {
  server.middlewares.use((req, res, next) => {
    void (async () => {
      const [pathname, query] = (req.url ?? '/').split('?');
      if (path.extname(pathname!) && !pathname!.endsWith('.html')) return next();
      const all = pages();
      const route = routeOfPath(pathname!.replace(/(\/index)?\.html$/, '') || '/', new Set(all.map((p) => p.route)));
      const page = all.find((p) => p.route === route);
      if (!page) return next();
      if (page.file === page.template) {
        req.url = `/${page.file}${query ? `?${query}` : ''}`;
        return next();
      }
      try {
        const template = fs.readFileSync(path.join(pagesDir, page.template), 'utf8');
        const html = await server.transformIndexHtml(`/${page.file}`, template, req.originalUrl);
        res.setHeader('Content-Type', 'text/html; charset=utf-8');
        res.end(html);
      } catch (error) {
        next(error);
      }
    })();
  });
}

/**
 * Turns the page templates into finished HTML, each in every language (page-templates.ts):
 * Handlebars partials (`{{> header}}`), the page's texts from its language's catalogue
 * (`{{t "home.hero.title"}}`, `{{t-html …}}`: page-texts.ts, checked against the templates by
 * catalogue-check.ts), deployment values (`{{site.brandName}}`), the page's own route
 * (`{{route}}`), its language (`{{lang}}`, alternates and the language switch:
 * page-language.ts; `{{href "/features"}}` is a route in the page's language), pre-rendered
 * forms (`{{widget "…"}}`, widget-helper.ts) and the FAQ with its JSON-LD from one source
 * (`{{#faq-item}}`, `{{faq-jsonld}}`, faq-helper.ts), in the build and the dev server alike.
 * A language's pages have no file of their own: the plugin gives Vite each one's template
 * under the page's own file name. Emits robots.txt and sitemap.xml from the same pages.
 */
export function pagesPlugin(site: SiteConfig): Plugin[] {
  const buildDate = new Date().toISOString().slice(0, 10);
  let prerender: Prerender | undefined;
  let devServer: ViteDevServer | undefined;
  let sources: Sources | undefined;
  const widgets = widgetPlacement(() => prerender);
  const hbs = pageHandlebars(site, widgets.helper);
  const pageAt = (file: string) => builtPageOfFile((sources ??= loadSources()).pages, file);

  const pages: Plugin = {
    name: 'site-pages',
    enforce: 'pre',
    async buildStart() {
      sources = loadSources();
      if (!devServer) prerender = await loadPrerender();
    },
    configureServer(server) {
      devServer = server;
      servePages(server, () => builtPages());
    },
    // A language's page is its route's template under the page's own name (pages/hi/features/index.html).
    resolveId(id) {
      const page = path.isAbsolute(id) && id.endsWith('.html') ? pageAt(id) : undefined;
      return page && page.file !== page.template ? id : undefined;
    },
    load(id) {
      const page = id.endsWith('.html') ? pageAt(id) : undefined;
      return page && page.file !== page.template ? fs.readFileSync(path.join(pagesDir, page.template), 'utf8') : undefined;
    },
    transformIndexHtml: {
      order: 'pre',
      async handler(html, ctx) {
        // The team's app is no page of the site (npm run dev serves it as it is; the build makes it apart).
        if (path.relative(pagesDir, ctx.filename).split(path.sep)[0] === TEAM_DIR) return html;
        if (devServer) {
          sources = loadSources();
          prerender = await loadDevPrerender(devServer);
        }
        loadPartials(hbs);
        // The dev server names a page by its URL: "/" is pages/, "/hi/features" pages/hi/features.
        const page = pageAt(ctx.filename.endsWith('.html') ? ctx.filename : path.join(ctx.filename, 'index.html'));
        if (!page) throw new Error(`${path.relative(pagesDir, ctx.filename)}: not a page of the site (site-generator/page-templates.ts)`);
        const data = pageData(site, page, sources!, buildDate);
        const out = asWritten(hbs.compile(html, { strict: false, noEscape: false })(data));
        const expected = (data.language as { htmlLang: string }).htmlLang;
        if (documentLanguage(out) !== expected) throw new Error(`${page.template}: <html lang="${documentLanguage(out)}"> on ${page.route}, which is in lang="${expected}": write <html lang="{{language.htmlLang}}">`);
        return out;
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

