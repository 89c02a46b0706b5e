/**
 * The pages' texts (pages/i18n/<code>/, site-generator/catalogues.ts): the real catalogues fit
 * the real templates, and the build's check names the key and its file for each way a
 * catalogue can go wrong; `{{t}}` escapes, `{{t-html}}` keeps only the allowed markup; every
 * template is built once per language from the same file.
 */
import fs from 'node:fs';
import path from 'node:path';
import Handlebars from 'handlebars';
import { describe, expect, it } from 'vitest';
import { defaultLanguage, languages } from '../../contract/languages.ts';
import { NOTICE_LANGUAGES } from '../../contract/notice-languages.ts';
import { loadSiteCatalogue, type Catalogue } from '../../site-generator/catalogues.ts';
import { siteCatalogueProblems, textUses } from '../../site-generator/catalogue-check.ts';
import { loadNoticeCatalogue } from '../../site-generator/notice-texts.ts';
import { noticeCatalogueProblems, noticeTextUses, siteTextUses } from '../../site-generator/page-sources.ts';
import { builtPages, languageVariants, ONE_LANGUAGE_ROUTES, noticeLanguagesWithText, templateFiles } from '../../site-generator/page-templates.ts';
import { registerTextHelpers } from '../../site-generator/page-texts.ts';
import { pagesDir } from '../../scripts/paths.ts';

const real = () => Object.fromEntries(languages.map((l) => [l.code, loadSiteCatalogue(l.code)])) as Record<string, Map<string, string>>;
const uses = siteTextUses();
const hi = languages.find((l) => l.code === 'hi')!;

describe('the site’s catalogues', () => {
  it('fit the templates: every text a template uses, in every language, and nothing more', () => {
    expect(siteCatalogueProblems(real(), uses)).toEqual([]);
  });

  it('one folder per language, one file per page (and layout.json for what every page shares)', () => {
    for (const { code } of languages) {
      const files = fs.readdirSync(path.join(pagesDir, 'i18n', code)).sort();
      expect(files, code).toContain('layout.json');
      expect(files, code).toContain('home.json');
    }
    // The framed form's page is served at one route, in the language of its `lang=`: its texts are in every catalogue.
    for (const { code } of languages) expect(fs.existsSync(path.join(pagesDir, 'i18n', code, 'embed-frame.json')), code).toBe(true);
  });

  it('names a missing key, its file and the template that uses it', () => {
    const catalogues = real();
    catalogues.hi!.delete('home.hero.title');
    expect(siteCatalogueProblems(catalogues, uses)).toEqual(['missing pages/i18n/hi/home.json, "hero.title": used by index.html']);
  });

  it('names a key no template uses', () => {
    const catalogues = real();
    catalogues.hi!.set('home.hero.subtitle', 'कुछ');
    expect(siteCatalogueProblems(catalogues, uses)).toEqual(['unused pages/i18n/hi/home.json, "hero.subtitle": no template uses it']);
  });

  it('refuses a translation that drops or adds a value, or changes a link', () => {
    const catalogues = real();
    catalogues.hi!.set('home.solution.givesSocietyFull', 'आपकी सोसाइटी को पूरा टूलकिट');
    catalogues.hi!.set('privacy-policy.rights.howUseThem', catalogues.hi!.get('privacy-policy.rights.howUseThem')!.replace('mailto:{email}', '{email}'));
    expect(siteCatalogueProblems(catalogues, uses)).toEqual([
      'pages/i18n/hi/home.json, "solution.givesSocietyFull" has the values {}, but the en text has {brand}',
      'pages/i18n/hi/privacy-policy.json, "rights.howUseThem" has the markup ["a href={email}","strong"], but the en text has ["a href=mailto:{email}","strong"]',
    ]);
  });

  it('refuses markup or a character reference in a plain text, and markup a rich text may not hold', () => {
    const catalogues = real();
    catalogues.en!.set('home.hero.title', 'Free <b>society</b> app');
    catalogues.hi!.set('home.hero.watchDemo', 'डेमो &amp; देखें');
    catalogues.en!.set('privacy-policy.rights.howUseThem', '<a href="javascript:alert(1)" onclick="x()">write</a> <img src=x>');
    const problems = siteCatalogueProblems(catalogues, uses);
    expect(problems).toContain('pages/i18n/en/home.json, "hero.title" holds markup ("<" or ">"): place it with {{t-html}}, or keep the markup in the template (index.html)');
    expect(problems).toContain('pages/i18n/hi/home.json, "hero.watchDemo" holds a character reference: write the character itself ("&", not "&amp;") (index.html)');
    expect(problems.find((p) => p.startsWith('pages/i18n/en/privacy-policy.json, "rights.howUseThem" may not hold'))).toMatch(
      /a link to "javascript:alert\(1\)" .*, onclick="…" on <a>, <img>, src="…" on <img>/,
    );
  });

  it('fails a template that passes a value its text does not take, or omits one', () => {
    const catalogues = real();
    const withTypo = (code: string) =>
      uses(code).map((u) => (u.key === 'privacy-policy.main.effectiveDate' ? { ...u, passes: ['noticeVersion', 'updated'] } : u));
    expect(siteCatalogueProblems(catalogues, withTypo)).toEqual([
      'privacy-policy/index.html: {{t-html "privacy-policy.main.effectiveDate"}} does not pass updatedOn=, which the text uses',
      'privacy-policy/index.html: {{t-html "privacy-policy.main.effectiveDate"}} passes updated=, which the text does not use',
    ]);
  });

  it('reads the keys from the templates themselves, and refuses a key it cannot read', () => {
    expect(textUses('{{> head title=(t "a.title")}}{{#faq-item (t "a.q")}}<p>{{t-html "a.answer" link=(href "/x")}}</p>{{/faq-item}}{{#if x}}{{t "a.hidden"}}{{/if}}', 'x.html')).toEqual([
      { key: 'a.title', helper: 't', passes: [], template: 'x.html' },
      { key: 'a.q', helper: 't', passes: [], template: 'x.html' },
      { key: 'a.answer', helper: 't-html', passes: ['link'], template: 'x.html' },
      { key: 'a.hidden', helper: 't', passes: [], template: 'x.html' },
    ]);
    expect(() => textUses('{{t key}}', 'x.html')).toThrow(/x.html: \{\{t\}\} takes one key written as a string/);
  });
});

describe('{{t}} and {{t-html}}', () => {
  const render = (template: string, texts: Record<string, string>, data: Record<string, unknown> = {}) => {
    const hbs = Handlebars.create();
    registerTextHelpers(hbs);
    hbs.registerHelper('concat', (...parts: unknown[]) => parts.slice(0, -1).join(''));
    const catalogue: Catalogue = new Map(Object.entries(texts));
    return hbs.compile(template)({ catalogue, catalogueName: 'pages/i18n/xx/', globalValues: { brand: 'Brand <&>', email: 'a@b.in' }, pageFile: 'x.html', ...data });
  };

  it('a plain text and its values are escaped where they land, in an element or an attribute', () => {
    expect(render('<p title="{{t "a.t" who=who}}">{{t "a.t" who=who}}</p>', { 'a.t': '{brand} & "{who}"' }, { who: '<b>' })).toBe(
      '<p title="Brand &lt;&amp;&gt; &amp; &quot;&lt;b&gt;&quot;">Brand &lt;&amp;&gt; &amp; &quot;&lt;b&gt;&quot;</p>',
    );
    expect(render('{{concat (t "a.t") "!"}}', { 'a.t': 'It’s {brand}' })).toBe('It’s Brand &lt;&amp;&gt;!');
  });

  it('a rich text keeps its allowed elements, its link going where the template says, every value escaped', () => {
    const text = 'Write to <a href="mailto:{email}">{email}</a> or read <a href="{privacy}"><strong>the policy</strong></a> (<a href="#rights">rights</a>) of {brand}.';
    expect(render('{{t-html "a.r" privacy=route}}', { 'a.r': text }, { route: '/hi/privacy-policy?"x"' })).toBe(
      'Write to <a href="mailto:a@b.in">a@b.in</a> or read <a href="/hi/privacy-policy?&quot;x&quot;"><strong>the policy</strong></a> (<a href="#rights">rights</a>) of Brand &lt;&amp;&gt;.',
    );
  });

  it('fails, naming the page and the key, on a missing text, a missing value or markup where none may be', () => {
    expect(() => render('{{t "a.none"}}', {})).toThrow('x.html: {{t "a.none"}}: pages/i18n/xx/ has no text "a.none"');
    expect(() => render('{{t "a.t"}}', { 'a.t': 'Hello {who}' })).toThrow('x.html: {{t "a.t"}}: the text uses {who}, which the template does not pass');
    expect(() => render('{{t "a.t"}}', { 'a.t': 'a <b>b</b>' })).toThrow(/holds markup/);
    expect(() => render('{{t-html "a.t"}}', { 'a.t': '<script>x()</script>' })).toThrow(/may not hold <script>/);
    expect(() => render('{{t-html "a.t"}}', { 'a.t': '<a href="https://evil.example">x</a>' })).toThrow(/a link to "https:\/\/evil.example"/);
  });
});

describe('the pages the build writes', () => {
  const pages = builtPages();

  it('every template once per language, from the same file; no page file per language', () => {
    expect(fs.existsSync(path.join(pagesDir, 'hi'))).toBe(false);
    for (const template of templateFiles().filter((t) => !t.includes('['))) {
      const built = pages.filter((p) => p.template === template);
      const route = built.find((p) => p.kind === 'site' && p.language === defaultLanguage)!.route;
      const expected = ONE_LANGUAGE_ROUTES.includes(route) ? [defaultLanguage.code] : languages.map((l) => l.code);
      expect(built.map((p) => (p.kind === 'site' ? p.language.code : '')), template).toEqual(expected);
    }
    expect(pages.find((p) => p.route === '/hi/features')).toMatchObject({ file: 'hi/features/index.html', template: 'features/index.html', language: hi });
    expect(pages.find((p) => p.route === '/hi/404')).toMatchObject({ file: 'hi/404.html', template: '404.html' });
    expect(pages.filter((p) => p.route.endsWith('/embed/frame')).map((p) => p.route)).toEqual(['/embed/frame']);
    // Its page in every other language is the service's, from the same template: no route, no file of the site.
    expect(languageVariants().map((p) => [p.route, p.file, p.template, p.kind === 'site' && p.language.code])).toEqual(
      languages.filter((l) => l !== defaultLanguage).map((l) => ['/embed/frame', `embed/frame/index.${l.code}.html`, 'embed/frame/index.html', l.code]),
    );
  });

  it('a notice page for each notice language with its catalogue', () => {
    const notices = pages.filter((p) => p.kind === 'notice');
    expect(notices.map((p) => p.route)).toEqual(noticeLanguagesWithText().map((code) => `/notice/${code}`));
    expect(notices.every((p) => p.template === 'notice/[code].html')).toBe(true);
  });
});

describe('the notice’s catalogues', () => {
  const catalogues = () => Object.fromEntries(noticeLanguagesWithText().map((code) => [code, loadNoticeCatalogue(code)]));

  it('fit the notice page; a language of the site takes its sentences from the forms’ notice (contract/messages)', () => {
    expect(noticeCatalogueProblems(catalogues(), noticeTextUses())).toEqual([]);
    const en = loadNoticeCatalogue('en');
    expect(en.get('retention')).toBe('We keep them for {retentionDays} days after you send them, then erase them.');
    expect(en.get('withdraw')).toMatch(/by writing to \{email\}\.$/);
    expect(loadNoticeCatalogue('hi').get('retention')).toMatch(/\{retentionDays\} दिन/);
  });

  it('a translation keeps the values of the English notice, and names what it lacks', () => {
    const all = catalogues();
    // Malayalam: a language of the notice only (not of the site), whose page holds every sentence.
    const ml = new Map(all.en);
    ml.delete('governs');
    ml.set('retention', 'ഞങ്ങൾ ഇവ സൂക്ഷിക്കും.');
    expect(noticeCatalogueProblems({ ...all, ml }, noticeTextUses())).toEqual([
      'missing pages/i18n/notice/ml.json, "governs": used by notice/[code].html',
      'pages/i18n/notice/ml.json, "retention" has the values {}, but the en text has {retentionDays}',
    ]);
  });

  it('lists English and the 22 languages of the Eighth Schedule, each in its own script; Urdu, Kashmiri and Sindhi right to left', () => {
    expect(NOTICE_LANGUAGES.filter((l) => l.scheduled)).toHaveLength(22);
    expect(NOTICE_LANGUAGES.filter((l) => l.dir === 'rtl').map((l) => l.code)).toEqual(['ks', 'sd', 'ur']);
    const byCode = Object.fromEntries(NOTICE_LANGUAGES.map((l) => [l.code, l]));
    expect(byCode.sat).toMatchObject({ htmlLang: 'sat-Olck' });
    expect(byCode.sat!.name).toMatch(/^\p{Script=Ol_Chiki}+$/u);
    expect(byCode.mni).toMatchObject({ htmlLang: 'mni-Mtei' });
    expect(byCode.mni!.name).toMatch(/^\p{Script=Meetei_Mayek}+$/u);
    expect(byCode.ur!.name).toMatch(/^\p{Script=Arabic}+$/u);
  });
});
