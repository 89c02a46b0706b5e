/**
 * The framed form's page speaks the language of its `lang=` (issue 42, Also): not only the
 * form, but its title, its heading and the line under the form, with links to the site in that
 * language, as the service serves it (a frame whose script never runs sees the same page).
 * Apart from the brand and the names of things people use in English, no English word is left.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultLanguage, languages, routeIn } from '../../contract/languages.ts';
import { loadSiteConfig } from '../../site.config.ts';
import { pageText } from '../helpers/page-text.ts';
import { startServer } from '../helpers/server.ts';

const { brandName } = loadSiteConfig();
/** Latin words a page in another language may keep: the brand, the file types and units of the CV hint, the phone number's country code. */
const KEPT_IN_LATIN = new Set([...brandName.split(/\s+/), 'CV', 'PDF', 'DOC', 'DOCX', 'MB', 'RWA', 'QR', 'WhatsApp']);

let site: Awaited<ReturnType<typeof startServer>>;
beforeAll(async () => {
  site = await startServer({ site: true });
});
afterAll(async () => {
  await site?.stop();
});

/** What a reader sees of the page: its text, its title and the fields' placeholders. */
const seen = (html: string) =>
  [pageText(html), /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '', ...[...html.matchAll(/placeholder="([^"]*)"/g)].map((m) => m[1])].join(' ');

describe('/embed/frame?lang=<code>', () => {
  it.each(languages.filter((l) => l !== defaultLanguage))('in $code: the whole page in $code, no English word but names', async (language) => {
    const res = await site.app.inject({ url: `/embed/frame?lang=${language.code}` });
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(/<html lang="([^"]+)"/.exec(html)?.[1]).toBe(language.htmlLang);
    const text = seen(html);
    const english = [...new Set(text.replace(/[\w.+-]+@[\w.-]+/g, '').match(/[A-Za-z]+(?:['’][A-Za-z]+)*/g) ?? [])].filter((word) => !KEPT_IN_LATIN.has(word));
    expect(english, `${language.code}: English words on the framed form's page`).toEqual([]);
    // The line under the form leads to the site in the same language.
    expect(html).toContain(`href="${routeIn(language, '/')}"`);
    expect(html).toContain(`href="${routeIn(language, '/privacy-policy')}"`);
  });

  it('without options, the built page in English; with lang=en, the same English page', async () => {
    const [plain, english] = await Promise.all([site.app.inject({ url: '/embed/frame' }), site.app.inject({ url: '/embed/frame?lang=en' })]);
    for (const res of [plain, english]) {
      expect(res.statusCode).toBe(200);
      expect(/<html lang="([^"]+)"/.exec(res.body)?.[1]).toBe(defaultLanguage.htmlLang);
      expect(pageText(res.body)).toContain(`Register your society with ${brandName}`);
    }
  });
});
