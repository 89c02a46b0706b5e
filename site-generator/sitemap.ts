/** The site's page URLs for crawlers: sitemap.xml (each URL with its other-language alternates) and robots.txt. */
import { baseRoute, defaultLanguage, languageOfRoute } from '../contract/languages.ts';
import { NOT_FOUND_ROUTE } from '../scripts/paths.ts';

/** The public URL of a route: the site URL, then "/" for the home page or the route. */
export const pageUrl = (siteUrl: string, route: string): string => siteUrl + (route === '/' ? '/' : route);

export function sitemapXml(siteUrl: string, routes: string[], lastModified: string): string {
  const urls = routes.map((route) => {
    // The same page in every language listed, x-default being the default language's.
    const twins = routes.filter((other) => baseRoute(other) === baseRoute(route));
    const links =
      twins.length < 2
        ? []
        : [
            ...twins.map((twin) => ({ hreflang: languageOfRoute(twin).hreflang, route: twin })),
            ...twins.filter((twin) => languageOfRoute(twin) === defaultLanguage).map((twin) => ({ hreflang: 'x-default', route: twin })),
          ].map((l) => `<xhtml:link rel="alternate" hreflang="${l.hreflang}" href="${pageUrl(siteUrl, l.route)}"/>`);
    return `  <url><loc>${pageUrl(siteUrl, route)}</loc><lastmod>${lastModified}</lastmod>${links.join('')}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`;
}

export function robotsTxt(siteUrl: string): string {
  return `User-agent: *\nAllow: /\nDisallow: ${NOT_FOUND_ROUTE}\n\nSitemap: ${siteUrl}/sitemap.xml\n`;
}
