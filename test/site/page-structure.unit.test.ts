/**
 * Every built page in every language, read from dist/ as the browser's parser reads it with
 * script off (test/helpers/html-dom.ts): what differs per page, which a browser would only
 * repeat (test/site/crawl.ts takes what needs one, on a sample of pages).
 *
 * - Each language's page is the same page as the English one: the same element tree (every
 *   element, its attributes and their values but the language's texts and links, the forms'
 *   shadow roots included), its `lang`, at least 90 % of its main text's letters in its own
 *   script (code, web and email addresses, text marked as another language and the brand
 *   aside), alternates to every language (x-default: English), `og:locale` and its alternates,
 *   JSON-LD `inLanguage`, a language switch naming every language in its own name and leading
 *   to the same page; the sitemap lists every language with its alternates.
 * - The notice: /notice in each language names English and the 22 scheduled languages, each in
 *   its own name and script, linking each page there is; each /notice/<code> has its `lang` and
 *   `dir`, its text in its script, the version, its date and the retention in days; every
 *   form's notice links to /notice.
 * - Every page ends with the site footer; every link leads somewhere (a built page or file,
 *   and its anchor), an external one in a new tab without the opener or referrer; every link
 *   has text that makes sense on its own.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { languageOfRoute, languages, routeIn, defaultLanguage, type Language } from '../../contract/languages.ts';
import { NOTICE_LANGUAGES, NOTICE_LIST_ROUTE, noticeRoute } from '../../contract/notice-languages.ts';
import { NOTICE_VERSION } from '../../contract/collection-notice.ts';
import { OUTBOX_MAX_AGE_DAYS } from '../../contract/lead-contract.ts';
import { noticeVersionOf } from '../../site-generator/notice-texts.ts';
import { builtPages, noticeLanguagesWithText } from '../../site-generator/page-templates.ts';
import { pageUrl } from '../../site-generator/sitemap.ts';
import { isNotFoundRoute, pageFileOf } from '../../scripts/paths.ts';
import { loadSiteConfig } from '../../site.config.ts';
import { allElements, attr, byTag, childElements, closest, hasClass, parseHtml, readableText, shadowRootOf, type Element } from '../helpers/html-dom.ts';
import { distDir } from '../helpers/server.ts';

const { siteUrl, brandName, privacy } = loadSiteConfig();
const pages = builtPages();
const sitePages = pages.filter((p) => p.kind === 'site');
const everyLanguage = sitePages.filter((p) => p.everyLanguage && p.language === defaultLanguage);
const otherLanguages = languages.filter((l) => l !== defaultLanguage);
const pairs = otherLanguages.flatMap((language) => everyLanguage.map((p) => ({ english: p.route, route: routeIn(language, p.route), language })));

const parsed = new Map<string, ReturnType<typeof parseHtml>>();
/** A built route's document, parsed once. */
function documentOf(route: string) {
  if (!parsed.has(route)) parsed.set(route, parseHtml(fs.readFileSync(path.join(distDir, pageFileOf(route)), 'utf8')));
  return parsed.get(route)!;
}
const htmlElement = (route: string) => childElements(documentOf(route)).find((el) => el.tagName === 'html')!;
const head = (route: string) => childElements(htmlElement(route)).find((el) => el.tagName === 'head')!;
const body = (route: string) => childElements(htmlElement(route)).find((el) => el.tagName === 'body')!;
const textContent = (el: Element): string => readableText({ ...el, childNodes: el.childNodes }, { shadowRoots: false });

/** Attributes whose values are the page's language (its texts, its links' language prefix, the switch's current language). */
const LANGUAGE_ATTRIBUTES = ['lang', 'hreflang', 'aria-label', 'alt', 'title', 'content', 'placeholder', 'data-done', 'data-failed', 'aria-current', 'download'];
const prefixes = otherLanguages.map((l) => l.prefix);

/** A link in another language leads to the same route: compared without the language's prefix and without its query (a mail's subject, a message to share: texts). */
function sameRoute(link: string): string {
  const href = link.split('?')[0]!;
  for (const prefix of prefixes) {
    if (href === prefix || href === `${prefix}/`) return '/';
    if (href.startsWith(`${prefix}/`)) return href.slice(prefix.length);
  }
  return href;
}

/** The element tree, one line per element: depth, tag and the attributes that do not carry the language (shadow roots one level down; the switch's list aside). */
function tree(route: string): string[] {
  const lines: string[] = [];
  const walk = (node: Parameters<typeof childElements>[0], depth: number) => {
    for (const el of childElements(node)) {
      if (el.tagName === 'script' || el.tagName === 'style' || (el.tagName === 'ul' && closest(el, (e) => hasClass(e, 'language-switch')))) continue;
      const attrs = el.attrs
        // The no-script form's hidden `lang` field carries the page's language: a text of the language, not of the tree.
        .filter((a) => !LANGUAGE_ATTRIBUTES.includes(a.name) && !(a.name === 'value' && attr(el, 'name') === 'lang'))
        .map((a) => `${a.name}=${a.name === 'href' || a.name === 'src' ? sameRoute(a.value) : a.value}`)
        .sort();
      lines.push(`${depth} ${el.tagName} ${attrs.join(' ')}`);
      const shadow = shadowRootOf(el);
      if (shadow) walk(shadow, depth + 1);
      walk(el, depth + 1);
    }
  };
  walk(body(route), 0);
  return lines;
}

/** A copy of `el` without code, text boxes and what is marked as a language other than `own` (each stands apart from the page's own text). */
function withoutOtherLanguages(el: Element, own: string | null, code = false): Element {
  return {
    ...el,
    childNodes: el.childNodes
      .filter((n) => !('tagName' in n) || (!(code && ['pre', 'code', 'textarea'].includes(n.tagName)) && (attr(n, 'lang') === null || attr(n, 'lang') === own)))
      .map((n) => ('tagName' in n ? withoutOtherLanguages(n, own, code) : n)),
  };
}

/** The main text's letters as read: code, addresses and what is marked as another language left out, the brand too. */
function mainLetters(route: string): string {
  const main = allElements(body(route)).find((el) => el.tagName === 'main')!;
  const text = readableText(withoutOtherLanguages(main, attr(htmlElement(route), 'lang'), true), { shadowRoots: false }).replace(/https?:\/\/\S+|\S+@\S+/g, '');
  return (text.match(/\p{L}/gu) ?? []).join('').replace(new RegExp(brandName.replace(/\P{L}/gu, ''), 'giu'), '');
}

const shareInScript = (letters: string, script: string) => [...letters].filter((c) => new RegExp(`\\p{Script=${script}}`, 'u').test(c)).length / [...letters].length;

function seen(route: string) {
  const meta = (property: string) => byTag(head(route), 'meta').filter((m) => attr(m, 'property') === property).map((m) => attr(m, 'content')!);
  return {
    lang: attr(htmlElement(route), 'lang'),
    alternates: Object.fromEntries(byTag(head(route), 'link').filter((l) => attr(l, 'rel') === 'alternate' && attr(l, 'hreflang')).map((l) => [attr(l, 'hreflang'), attr(l, 'href')])),
    switches: allElements(body(route))
      .filter((a) => a.tagName === 'a' && closest(a, (e) => hasClass(e, 'language-switch')) && closest(a, (e) => e.tagName === 'header'))
      .map((a) => ({ href: attr(a, 'href')!, hreflang: attr(a, 'hreflang'), lang: attr(a, 'lang'), name: textContent(a), current: attr(a, 'aria-current') !== null })),
    ogLocale: meta('og:locale')[0] ?? null,
    ogLocaleAlternates: meta('og:locale:alternate'),
    inLanguage: byTag(htmlElement(route), 'script')
      .filter((s) => attr(s, 'type') === 'application/ld+json')
      .map((s) => (JSON.parse(s.childNodes.map((n) => ('value' in n ? n.value : '')).join('')) as { inLanguage?: unknown }).inLanguage)
      .filter((v): v is string => typeof v === 'string'),
  };
}

describe('every page in every language', () => {
  it('finds every route built in every language', () => {
    expect(everyLanguage.map((p) => p.route)).toEqual(expect.arrayContaining(['/', '/features', '/privacy-policy', '/terms-of-service', '/404', '/notice']));
    expect(pairs.length).toBe(everyLanguage.length * otherLanguages.length);
  });

  it.each(pairs)('$route: the same page as $english, in its language, each linking to every language', ({ route, english: englishRoute, language }) => {
    const page = seen(route);
    const english = seen(englishRoute);
    expect(page.lang).toBe(language.htmlLang);
    expect(english.lang).toBe(defaultLanguage.htmlLang);
    // A section, card, link, field or class added, dropped or changed in one language and not the other fails here.
    expect(tree(route), `${route} has the element tree of ${englishRoute}`).toEqual(tree(englishRoute));
    // The brand aside; other names of things people use in English (WhatsApp, QR, RWA) count against.
    expect(shareInScript(mainLetters(route), language.script), `${route}: share of ${language.script} letters in the main text`).toBeGreaterThanOrEqual(0.9);

    const notFound = isNotFoundRoute(route);
    const switches = (current: Language) =>
      languages.map((l) => ({ href: notFound ? routeIn(l, '/') : routeIn(l, englishRoute), hreflang: l.hreflang, lang: l.htmlLang, name: l.name, current: l === current }));
    expect(page.switches).toEqual(switches(language));
    expect(english.switches).toEqual(switches(defaultLanguage));
    if (notFound) {
      expect([page.alternates, english.alternates]).toEqual([{}, {}]);
      return;
    }
    const expected = Object.fromEntries([...languages.map((l) => [l.hreflang, pageUrl(siteUrl, routeIn(l, englishRoute))]), ['x-default', pageUrl(siteUrl, englishRoute)]]);
    expect(page.alternates).toEqual(expected);
    expect(english.alternates).toEqual(expected);
    expect([page.ogLocale, page.ogLocaleAlternates]).toEqual([language.ogLocale, languages.filter((l) => l !== language).map((l) => l.ogLocale)]);
    expect(english.ogLocale).toBe(defaultLanguage.ogLocale);
    expect(english.ogLocaleAlternates).toContain(language.ogLocale);
    expect(page.inLanguage.every((l) => l === language.hreflang)).toBe(true);
    expect(page.inLanguage.length).toBe(english.inLanguage.length);
  });

  it('lists every language in the sitemap, each URL with its alternates; a page out of search results is out in every language', () => {
    const sitemap = fs.readFileSync(path.join(distDir, 'sitemap.xml'), 'utf8');
    const entries = sitemap.split('<url>');
    const entryOf = (route: string) => entries.find((u) => u.startsWith(`<loc>${pageUrl(siteUrl, route)}</loc>`));
    const listed = pairs.filter(({ route }) => !isNotFoundRoute(route) && entryOf(route));
    expect(listed.length, 'pages in the sitemap').toBeGreaterThan(0);
    for (const { route, english } of pairs.filter((p) => !isNotFoundRoute(p.route))) {
      const own = entryOf(route);
      expect(Boolean(own), `${route} listed as ${english} is`).toBe(Boolean(entryOf(english)));
      if (!own) continue;
      for (const l of languages) expect(own).toContain(`<xhtml:link rel="alternate" hreflang="${l.hreflang}" href="${pageUrl(siteUrl, routeIn(l, english))}"/>`);
      expect(own).toContain(`<xhtml:link rel="alternate" hreflang="x-default" href="${pageUrl(siteUrl, english)}"/>`);
    }
    expect(sitemap).not.toContain('/embed/frame');
  });
});

describe('the notice in every language', () => {
  const withPage = NOTICE_LANGUAGES.filter((l) => noticeLanguagesWithText().includes(l.code));

  it.each(languages.map((l) => routeIn(l, NOTICE_LIST_ROUTE)))('%s names English and the 22 scheduled languages, each in its own name and script, linking each page there is', (route) => {
    const items = allElements(body(route))
      .filter((li) => li.tagName === 'li' && li.parentNode && 'tagName' in li.parentNode && closest(li.parentNode, (e) => hasClass(e, 'notice-languages')))
      .map((li) => childElements(li)[0]!)
      .map((el) => ({ name: textContent(el), lang: attr(el, 'lang'), dir: attr(el, 'dir'), href: attr(el, 'href') }));
    expect(items).toEqual(
      NOTICE_LANGUAGES.map((l) => ({ name: l.name, lang: l.htmlLang, dir: l.dir === 'rtl' ? 'rtl' : null, href: withPage.includes(l) ? noticeRoute(l.code) : null })),
    );
  });

  it.each(withPage)('/notice/$code: lang="$htmlLang" dir="$dir", written in $script, with the version, its date and the retention in days', (language) => {
    const route = noticeRoute(language.code);
    expect([attr(htmlElement(route), 'lang'), attr(htmlElement(route), 'dir')]).toEqual([language.htmlLang, language.dir]);
    // The page's own text: what is marked as another language (the English line of a translation under review) aside.
    const own = attr(htmlElement(route), 'lang');
    const letters = [...(readableText(withoutOtherLanguages(body(route), own)).match(/\p{L}/gu) ?? []).join('').replaceAll(brandName.replace(/\P{L}/gu, ''), '')];
    const inScript = letters.filter((c) => new RegExp(`\\p{Script=${language.script}}`, 'u').test(c)).length;
    expect(inScript / letters.length, `share of ${language.script} letters`).toBeGreaterThan(0.9);
    const main = allElements(body(route)).find((el) => el.tagName === 'main')!;
    const time = byTag(main, 'time')[0]!;
    // The version the page translates (test/site/notice-translations.unit.test.ts wants it current).
    const version = noticeVersionOf(language.code);
    expect(attr(time, 'datetime')).toBe(version);
    expect(readableText(main)).toContain(version);
    expect(textContent(time)).toBe(
      language.dateLocale
        ? new Date(`${version}T00:00:00Z`).toLocaleDateString(language.dateLocale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })
        : version,
    );
    if (languages.some((l) => l.code === language.code)) expect(version).toBe(NOTICE_VERSION);
    // A translation awaiting its native reviewer says so, in English and in its own words (contract/notice-languages.ts).
    const underReview = allElements(body(route)).find((el) => attr(el, 'id') === 'under-review');
    if (language.review === 'pending') expect(underReview && textContent(underReview)).toMatch(/^Translation under review.+\S/);
    else expect(underReview).toBeUndefined();
    const retention = textContent(allElements(main).find((el) => attr(el, 'id') === 'retention')!);
    expect(retention).toContain(String(privacy.retentionDays));
    expect(retention).toContain(String(OUTBOX_MAX_AGE_DAYS));
  });

  it.each(['/', '/career', ...otherLanguages.map((l) => routeIn(l, '/'))])('each form’s notice on %s links to the notice in every language', (route) => {
    const notices = allElements(body(route)).filter((el) => attr(el, 'part') === 'notice');
    expect(notices.length, `${route}: a form with its notice`).toBeGreaterThan(0);
    for (const notice of notices) expect(byTag(notice, 'a').map((a) => attr(a, 'href'))).toContain(NOTICE_LIST_ROUTE);
  });
});

describe('every page’s footer and links', () => {
  it.each(['/', '/features', '/success-stories', '/about-us', '/career', '/privacy-policy', '/terms-of-service', '/embed', '/404'])('%s ends with the site footer', (route) => {
    const footers = childElements(body(route)).filter((el) => el.tagName === 'footer');
    expect(footers, `${route}: one site footer`).toHaveLength(1);
    const footer = footers[0]!;
    expect(byTag(footer, 'nav').filter((nav) => attr(nav, 'aria-label') === 'Quick links')).toHaveLength(1);
    expect(readableText(footer)).toContain('Available on Google Play Store soon!');
    expect(byTag(footer, 'a').filter((a) => textContent(a) === 'Privacy Policy')).toHaveLength(1);
  });

  /** Whether a same-site path leads to something built: a file, or a page that is not the not-found page. */
  const builtTarget = (pathname: string) => {
    if (/\.[a-z0-9]+$/i.test(pathname)) return fs.existsSync(path.join(distDir, decodeURIComponent(pathname)));
    const route = pathname !== '/' ? pathname.replace(/\/$/, '') || '/' : '/';
    return pages.some((p) => p.route === route || p.route === `${route}/`) && !isNotFoundRoute(route);
  };
  const idsOf = (route: string) => new Set(allElements(documentOf(route)).map((el) => attr(el, 'id')).filter(Boolean));

  it.each(pages.map((p) => p.route))('%s: every link leads to a built page or file (and its anchor); every external one opens a new tab without opener or referrer', (route) => {
    const links = byTag(body(route), 'a').filter((a) => attr(a, 'href') !== null);
    expect(links.length, route).toBeGreaterThan(isNotFoundRoute(route) ? 0 : 1);
    const base = new URL(pageUrl(siteUrl, route));
    for (const a of links) {
      const raw = attr(a, 'href')!;
      const url = new URL(raw, base);
      if (url.protocol === 'mailto:' || url.protocol === 'tel:') continue;
      if (raw.startsWith('#')) {
        expect(idsOf(route).has(decodeURIComponent(raw.slice(1))), `${route} links to ${raw} on itself`).toBe(true);
        continue;
      }
      if (url.origin !== base.origin) {
        expect(attr(a, 'target'), `${route}: external ${raw} opens in a new tab`).toBe('_blank');
        expect(attr(a, 'rel'), `${route}: external ${raw}`).toContain('noopener');
        expect(attr(a, 'rel'), `${route}: external ${raw}`).toContain('noreferrer');
        continue;
      }
      expect(builtTarget(url.pathname), `${route} links to ${raw}`).toBe(true);
      if (url.hash && !/\.[a-z0-9]+$/i.test(url.pathname)) {
        const target = pages.find((p) => p.route === url.pathname || p.route === url.pathname.replace(/\/$/, ''))!.route;
        expect(idsOf(target).has(decodeURIComponent(url.hash.slice(1))), `${route} links to ${raw}: the anchor exists on ${target}`).toBe(true);
      }
    }
  });

  it.each(pages.map((p) => p.route))('%s: every link has text that makes sense on its own', (route) => {
    const vague = /^(click here|here|read more|learn more|more|link|this|details|go)$/i;
    for (const a of byTag(body(route), 'a')) {
      const name = [attr(a, 'aria-label'), textContent(a), ...allElements(a).map((el) => attr(el, 'aria-label'))].join(' ').replace(/\s+/g, ' ').trim();
      expect(name.length, `${route}: a link without text`).toBeGreaterThan(1);
      expect(name, `${route}: vague link text`).not.toMatch(vague);
    }
  });
});

it('reads the pages of the language they are in', () => {
  // languageOfRoute is what the crawl and the tree comparison lean on.
  for (const p of sitePages) expect(languageOfRoute(p.route)).toBe(p.language);
});
