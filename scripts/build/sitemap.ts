/** The site's page URLs for crawlers: sitemap.xml and robots.txt. */
import { NOT_FOUND_ROUTE } from '../paths.ts';

/** The public URL of a route: the site URL, then "/" for the home page or the route. */
export const pageUrl = (siteUrl: string, route: string): string => siteUrl + (route === '/' ? '/' : route);

export function sitemapXml(siteUrl: string, routes: string[], lastModified: string): string {
  const urls = routes.map((route) => `  <url><loc>${pageUrl(siteUrl, route)}</loc><lastmod>${lastModified}</lastmod></url>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

export function robotsTxt(siteUrl: string): string {
  return `User-agent: *\nAllow: /\nDisallow: ${NOT_FOUND_ROUTE}\n\nSitemap: ${siteUrl}/sitemap.xml\n`;
}
