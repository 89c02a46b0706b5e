/**
 * /embed as a treasurer uses it: three paths in the first screen, each ending in one thing
 * to copy or share; the copy buttons; the share link's QR code; and the page without JavaScript.
 */
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSiteConfig } from '../../site.config.ts';
import { shareChannelUrl, shareQrFile, shareUrl } from '../../site-generator/share-qr-plugin.ts';
import { launchBrowser } from '../helpers/browser.ts';
import { startServer } from '../helpers/server.ts';
import { languages } from '../../contract/languages.ts';
import { frameSnippetHeights } from '../../pages/embed/frame/form-options.ts';

let site: Awaited<ReturnType<typeof startServer>>;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
beforeAll(async () => {
  site = await startServer({ site: true });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

const config = loadSiteConfig();
const { siteUrl, brandName } = config;
const shareLink = shareUrl(config);
// Each way of sharing carries its own campaign (utm_source), so the funnel tells them apart.
const english = languages.find((l) => l.code === 'en')!;
const copiedLink = shareChannelUrl(config, english, 'link');
const qrLink = shareChannelUrl(config, english, 'qr');
const paths = ['I have a website', 'My site builder does not allow code', 'We have no website'];

async function openEmbed(context: BrowserContext, viewport = { width: 1280, height: 800 }): Promise<Page> {
  const page = await context.newPage();
  await page.setViewportSize(viewport);
  await page.goto(site.url + '/embed');
  return page;
}

/** Decodes the QR code in a PNG screenshot. */
function decodeQr(png: Buffer): string | undefined {
  const image = PNG.sync.read(png);
  return jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data;
}

describe('/embed for a treasurer', () => {
  for (const viewport of [
    { width: 1366, height: 900 },
    { width: 360, height: 640 },
  ]) {
    it(`shows the three paths in the first screen at ${viewport.width}×${viewport.height}, each leading to its section`, async () => {
      const page = await openEmbed(browser.context, viewport);
      for (const name of paths) {
        const link = page.getByRole('main').getByRole('link', { name: new RegExp(`^${name}`) });
        const box = await link.boundingBox();
        expect(box, name).not.toBeNull();
        expect(box!.y, name).toBeGreaterThanOrEqual(0);
        expect(box!.y + box!.height, `${name}: bottom within the first screen`).toBeLessThanOrEqual(viewport.height);
        const target = (await link.getAttribute('href'))!;
        await expect(page.locator(`${target} h2`).textContent()).resolves.toBe(name);
      }
      await page.close();
    });
  }

  it('without JavaScript, shows every snippet and the share link as text, and hides the buttons that need it', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await openEmbed(context);
    expect(await page.locator('#snippet').textContent()).toBe(
      `<script type="module" src="${siteUrl}/widgets/society-registration.js"></script>\n<society-registration><a href="${siteUrl}/register">Register your society for free</a></society-registration>`,
    );
    expect(await page.locator('#snippet').isVisible()).toBe(true);
    expect(await page.locator('#frame-snippet').textContent()).toMatch(new RegExp(`^<iframe src="${siteUrl}/embed/frame" `));
    expect(await page.locator('#frame-snippet').isVisible()).toBe(true);
    expect(await page.locator('#share-link').textContent()).toBe(copiedLink);
    expect(await page.getByRole('img', { name: /^QR code/ }).isVisible()).toBe(true);
    const whatsapp = page.getByRole('link', { name: /Share on WhatsApp/ });
    const href = new URL((await whatsapp.getAttribute('href'))!);
    expect(href.origin + href.pathname).toBe('https://wa.me/');
    expect(href.searchParams.get('text')).toBe(
      `Register your society for free with ${brandName}, the free society management and security app. It takes 2 minutes: ${shareChannelUrl(config, english, 'whatsapp')}`,
    );
    await page.getByText('Technical notes').click();
    expect(await page.getByText('ALLOWED_ORIGINS').isVisible()).toBe(true);
    expect(await page.locator('[data-copy], [data-print-qr], [data-swatches]').evaluateAll((els) => els.filter((el) => !(el as HTMLElement).hidden).length)).toBe(0);
    await context.close();
  });
});

describe('copy buttons', () => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.url });
    page = await openEmbed(context);
  });
  afterAll(() => context?.close());

  const copy = async (button: string, nth = 0) => {
    await page.evaluate(() => navigator.clipboard.writeText('(nothing yet)'));
    await page.getByRole('button', { name: button }).nth(nth).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).not.toBe('(nothing yet)');
    return page.evaluate(() => navigator.clipboard.readText());
  };

  it('copies the two-line script snippet, and says so', async () => {
    expect(await copy('Copy the code', 0)).toBe(
      `<script type="module" src="${siteUrl}/widgets/society-registration.js"></script>\n<society-registration><a href="${siteUrl}/register">Register your society for free</a></society-registration>`,
    );
    await expect.poll(() => page.locator('#website [role="status"]').textContent()).toMatch(/^Copied/);
  });

  it('copies the iframe snippet and the share link', async () => {
    expect(await copy('Copy the code', 1)).toMatch(
      new RegExp(`^<iframe src="${siteUrl}/embed/frame" title="Register your society with ${brandName}" width="100%" height="\\d+" style="border:0" loading="lazy"></iframe>$`),
    );
    expect(await copy('Copy the link')).toBe(copiedLink);
  });

  it('copies the web-person instructions as plain text, with the colour tried on the preview', async () => {
    await page.getByRole('radio', { name: 'Blue' }).check();
    const text = await copy('Copy these instructions');
    expect(text).not.toMatch(/<(code|span|p|li|h3)\b/);
    for (const expected of [
      `${siteUrl}/embed`,
      `<script type="module" src="${siteUrl}/widgets/society-registration.js"></script>`,
      `<society-registration partner="your-rwa"><a href="${siteUrl}/register">Register your society for free</a></society-registration>`,
      '- partner (optional)',
      '--widget-accent: #1d4ed8;',
      `${siteUrl}/embed/frame?partner=your-rwa&accent=1d4ed8&radius=8`,
      'registration-success',
      `script-src ${siteUrl}`,
      `frame-src ${siteUrl}`,
      'ALLOWED_ORIGINS',
      'not a defence against bots',
      `<script src="${siteUrl}/embed/frame-resize.js" async></script>`,
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect(text).toMatch(/\n\nWITH A FRAME \(SITE BUILDERS THAT ALLOW NO CODE\)\n\n/);
  });
});

describe('the share link and its QR code', () => {
  it('the QR code on /embed decodes to the share link, on screen and printed alone', async () => {
    const page = await openEmbed(browser.context);
    const qr = page.getByRole('img', { name: /^QR code/ });
    await qr.scrollIntoViewIfNeeded();
    await page.waitForFunction(() => [...document.images].every((img) => img.complete && img.naturalWidth > 0));
    expect(decodeQr(await qr.screenshot())).toBe(qrLink);

    // "Print the QR code": the print dialog is replaced; the print stylesheet shows the QR code and its caption only.
    await page.evaluate(() => {
      window.print = () => document.documentElement.setAttribute('data-printed', '');
    });
    await page.getByRole('button', { name: 'Print the QR code' }).click();
    expect(await page.locator('html').getAttribute('data-printed')).toBe('');
    await page.emulateMedia({ media: 'print' });
    const shown = await page.evaluate(() =>
      ['.site-header', '#website', '.share-link', 'society-registration', '.qr-card img', '.qr-card figcaption'].map((selector) =>
        document.querySelector(selector)!.checkVisibility({ visibilityProperty: true }),
      ),
    );
    expect(shown).toEqual([false, false, false, false, true, true]);
    expect(decodeQr(await page.screenshot({ fullPage: false }))).toBe(qrLink);
    await page.close();
  });

  it('the QR code on /hi/embed decodes to the Hindi share link, which opens the Hindi form', async () => {
    const hindi = languages.find((l) => l.code === 'hi')!;
    const page = await browser.context.newPage();
    await page.goto(site.url + '/hi/embed');
    const qr = page.locator('.qr-card img');
    await qr.scrollIntoViewIfNeeded();
    await page.waitForFunction(() => [...document.images].every((img) => img.complete && img.naturalWidth > 0));
    expect(decodeQr(await qr.screenshot())).toBe(shareChannelUrl(config, hindi, 'qr'));
    expect(await page.locator('#share-link').textContent()).toBe(shareChannelUrl(config, hindi, 'link'));
    // The frame snippet has the Hindi form's height (test/forms/embed-frame.e2e.test.ts checks that it fits).
    expect(await page.locator('#frame-snippet').textContent()).toContain(` height="${frameSnippetHeights.hi}" `);
    const svg = await fetch(`${site.url}/${shareQrFile(hindi)}`);
    expect(svg.status).toBe(200);
    await page.goto(site.url + new URL(shareUrl(config, hindi)).pathname);
    expect(await page.locator('html').getAttribute('lang')).toBe('hi');
    expect(await page.locator('society-registration').count()).toBe(1);
    await page.close();
  });

  it('the QR code is an SVG file made at build, and the share link opens the registration form', async () => {
    const svg = await fetch(`${site.url}/${shareQrFile()}`);
    expect(svg.status).toBe(200);
    expect(svg.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(await svg.text()).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]*viewBox="0 0 \d+ \d+"/);

    const page = await browser.context.newPage();
    await page.setViewportSize({ width: 360, height: 640 });
    await page.goto(site.url + new URL(shareLink).pathname);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Register your society for free');
    expect(await page.locator('society-registration').getByRole('heading', { name: 'Register Your Society' }).isVisible()).toBe(true);
    expect(await page.locator('meta[property="og:url"]').getAttribute('content')).toBe(shareLink);
    await page.close();
  });
});
