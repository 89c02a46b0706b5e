/**
 * How the server answers the languages' pages and the files pages lean on (the real service
 * in this process, over HTTP): each language's page with the same kind of headers as its
 * English page; an unknown path under a language's prefix answered by that language's
 * not-found page with status 404; no redirect by Accept-Language; /notice/ as /notice; the
 * drawings as small, cacheable SVG files; the speculation rules, and none for a visitor who
 * saves data.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultLanguage, languages, routeIn } from '../../contract/languages.ts';
import { NOTICE_LIST_ROUTE } from '../../contract/notice-languages.ts';
import { SPECULATION_RULES_PATH } from '../../contract/speculation-rules.ts';
import { builtPages } from '../../site-generator/page-templates.ts';
import { isNotFoundRoute } from '../../scripts/paths.ts';
import { attr, byTag, childElements, closest, hasClass, parseHtml } from '../helpers/html-dom.ts';
import { startServer } from '../helpers/server.ts';

let site: Awaited<ReturnType<typeof startServer>>;
beforeAll(async () => {
  site = await startServer({ site: true });
});
afterAll(() => site?.stop());

const otherLanguages = languages.filter((l) => l !== defaultLanguage);
const everyLanguage = builtPages().filter((p) => p.kind === 'site' && p.everyLanguage && p.language === defaultLanguage && !isNotFoundRoute(p.route));
const pairs = otherLanguages.flatMap((language) => everyLanguage.map((p) => ({ english: p.route, route: routeIn(language, p.route) })));

/** A page as served: its status, `lang` and the language switch's links. */
async function served(path: string) {
  const res = await fetch(site.url + path);
  const document = parseHtml(await res.text());
  const html = childElements(document).find((el) => el.tagName === 'html')!;
  const switches = byTag(html, 'a').filter((a) => closest(a, (e) => hasClass(e, 'language-switch')) && closest(a, (e) => e.tagName === 'header'));
  return { status: res.status, lang: attr(html, 'lang'), switches: switches.map((a) => attr(a, 'href')) };
}

describe('the languages’ pages as served', () => {
  it.each(pairs)('$route is served with the same kind of headers as $english', async ({ route, english }) => {
    const varying = new Set(['date', 'etag', 'last-modified', 'content-length', 'keep-alive', 'connection']);
    const headersOf = async (p: string) => {
      const res = await fetch(site.url + p, { headers: { 'accept-encoding': 'br' } });
      await res.arrayBuffer();
      return Object.fromEntries([...res.headers].filter(([name]) => !varying.has(name)));
    };
    expect(await headersOf(route)).toEqual(await headersOf(english));
  });

  it.each(otherLanguages)('an unknown path under $prefix/ answers its not-found page with status 404; so does the page’s own route', async (language) => {
    for (const unknown of [`${language.prefix}/no-such-page`, `${language.prefix}/features/no-such-page`, `${language.prefix}/404`, `${language.prefix}/embed/frame`]) {
      const seen = await served(unknown);
      expect(seen.status, unknown).toBe(404);
      expect(seen.lang, unknown).toBe(language.htmlLang);
      expect(seen.switches, unknown).toEqual(languages.map((l) => routeIn(l, '/')));
    }
    const english = await served('/no-such-page');
    expect([english.status, english.lang]).toEqual([404, defaultLanguage.htmlLang]);
  });

  it('never redirects by Accept-Language', async () => {
    for (const route of ['/', '/features']) {
      const res = await fetch(site.url + route, { headers: { 'accept-language': 'hi-IN,hi;q=0.9' }, redirect: 'manual' });
      expect(res.status, route).toBe(200);
      expect(await res.text()).toContain(`<html lang="${defaultLanguage.htmlLang}"`);
    }
  });

  it('answers /notice/ as /notice', async () => {
    const [slash, bare] = await Promise.all([fetch(`${site.url}${NOTICE_LIST_ROUTE}/`), fetch(site.url + NOTICE_LIST_ROUTE)]);
    expect([slash.status, bare.status]).toEqual([200, 200]);
    expect(await slash.text()).toBe(await bare.text());
  });
});

/** GET with Brotli accepted, body left compressed: the bytes as sent. */
function rawGet(url: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; bytes: number }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': 'br' } }, (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes }));
      })
      .on('error', reject);
  });
}

describe('what pages lean on', () => {
  it('serves each drawing as a small, cacheable SVG file', async () => {
    const html = await (await fetch(site.url + '/features')).text();
    const sources = [...new Set([...html.matchAll(/<img src="([^"]+\.svg)"/g)].map((m) => m[1]))];
    expect(sources.length).toBeGreaterThanOrEqual(4);
    for (const src of sources) {
      const res = await rawGet(site.url + src);
      expect(res.status, src).toBe(200);
      expect(res.headers['content-type'], src).toMatch(/^image\/svg\+xml/);
      expect(res.headers['content-encoding'], src).toBe('br');
      expect(res.headers['cache-control'], `${src} is hashed and cached for good`).toBe('public, max-age=31536000, immutable');
      expect(res.bytes, `${src}: ${res.bytes} B as sent`).toBeLessThan(1536);
    }
  });

  it('serves the speculation rules, and none (204) to a visitor who saves data', async () => {
    const plain = await fetch(site.url + SPECULATION_RULES_PATH);
    expect(plain.headers.get('content-type')).toMatch(/^application\/speculationrules\+json\b/);
    expect((await plain.json()).prerender).toHaveLength(1);
    const saving = await fetch(site.url + SPECULATION_RULES_PATH, { headers: { 'Save-Data': 'on' } });
    expect(saving.status).toBe(204);
    expect(saving.headers.get('vary')).toMatch(/Save-Data/);
    expect(await saving.text()).toBe('');
  });
});
