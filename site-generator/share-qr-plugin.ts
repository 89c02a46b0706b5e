import QRCode from 'qrcode';
import type { Plugin } from 'vite';
import type { SiteConfig } from '../site.config.ts';
import { defaultLanguage, languages, routeIn, type Language } from '../contract/languages.ts';

/** The page an RWA without a website shares (WhatsApp, notice board): the registration form alone. */
export const shareRoute = '/register';
/** Where the QR code of a language's share link is published, relative to the site's root ("register/qr.svg", "hi/register/qr.svg"). */
export const shareQrFile = (language: Language = defaultLanguage): string => `${routeIn(language, shareRoute).slice(1)}/qr.svg`;

export const shareUrl = (site: SiteConfig, language: Language = defaultLanguage): string => site.siteUrl + routeIn(language, shareRoute);

/**
 * Where a share reached the visitor, as the link's `utm_source`, so the funnel and each lead
 * tell them apart: the link shown to copy, the WhatsApp button's message, the printed QR
 * code (a notice board).
 */
export const shareChannels = ['link', 'whatsapp', 'qr'] as const;
export type ShareChannel = (typeof shareChannels)[number];

/** A page's address with the campaign of a share channel: `…?utm_source=qr`. */
export const withShareChannel = (url: string, channel: ShareChannel): string => `${url}?utm_source=${channel}`;

/** The share link as sent through one channel. */
export const shareChannelUrl = (site: SiteConfig, language: Language, channel: ShareChannel): string =>
  withShareChannel(shareUrl(site, language), channel);

/** The QR code of a language's share link (its `qr` channel) as a standalone SVG (black on white, quiet zone of 4 modules, prints sharp at any size). */
export async function shareQrSvg(site: SiteConfig, language: Language = defaultLanguage): Promise<string> {
  const url = shareChannelUrl(site, language, 'qr');
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
