import QRCode from 'qrcode';
import type { Plugin } from 'vite';
import type { SiteConfig } from '../../site.config.ts';
import { defaultLanguage, languages, routeIn, type Language } from '../../contract/languages.ts';

/** The page an RWA without a website shares (WhatsApp, notice board): the registration form alone. */
export const shareRoute = '/register';
/** Where the QR code of a language's share link is published, relative to the site's root ("register/qr.svg", "hi/register/qr.svg"). */
export const shareQrFile = (language: Language = defaultLanguage): string => `${routeIn(language, shareRoute).slice(1)}/qr.svg`;

export const shareUrl = (site: SiteConfig, language: Language = defaultLanguage): string => site.siteUrl + routeIn(language, shareRoute);

/** The QR code of a language's share link as a standalone SVG (black on white, quiet zone of 4 modules, prints sharp at any size). */
export async function shareQrSvg(site: SiteConfig, language: Language = defaultLanguage): Promise<string> {
  const url = shareUrl(site, language);
  const svg = await QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 4 });
  const title = `<title>QR code: ${url.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</title>`;
  return svg.replace(/^(<svg[^>]*>)/, `$1${title}`);
}

/** Emits each language's share-link QR code at build (and serves them in `npm run dev`). */
export function shareQrPlugin(site: SiteConfig): Plugin {
  return {
    name: 'share-qr',
    configureServer(server) {
      for (const language of languages) {
        server.middlewares.use(`/${shareQrFile(language)}`, (_req, res) => {
          void shareQrSvg(site, language).then((svg) => res.setHeader('Content-Type', 'image/svg+xml').end(svg));
        });
      }
    },
    async generateBundle() {
      for (const language of languages) {
        this.emitFile({ type: 'asset', fileName: shareQrFile(language), source: await shareQrSvg(site, language) });
      }
    },
  };
}
