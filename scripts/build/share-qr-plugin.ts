import QRCode from 'qrcode';
import type { Plugin } from 'vite';
import type { SiteConfig } from '../../site.config.ts';

/** The page an RWA without a website shares (WhatsApp, notice board): the registration form alone. */
export const shareRoute = '/register';
/** Where the QR code of the share link is published, relative to the site's root. */
export const shareQrFile = 'register/qr.svg';

export const shareUrl = (site: SiteConfig): string => site.siteUrl + shareRoute;

/** The QR code of the share link as a standalone SVG (black on white, quiet zone of 4 modules, prints sharp at any size). */
export async function shareQrSvg(site: SiteConfig): Promise<string> {
  const url = shareUrl(site);
  const svg = await QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 4 });
  const title = `<title>QR code: ${url.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</title>`;
  return svg.replace(/^(<svg[^>]*>)/, `$1${title}`);
}

/** Emits the share link's QR code at build (and serves it in `npm run dev`). */
export function shareQrPlugin(site: SiteConfig): Plugin {
  return {
    name: 'share-qr',
    configureServer(server) {
      server.middlewares.use(`/${shareQrFile}`, (_req, res) => {
        void shareQrSvg(site).then((svg) => res.setHeader('Content-Type', 'image/svg+xml').end(svg));
      });
    },
    async generateBundle() {
      this.emitFile({ type: 'asset', fileName: shareQrFile, source: await shareQrSvg(site) });
    },
  };
}
