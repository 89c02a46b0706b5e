/**
 * The notice in English and the 22 languages of the Eighth Schedule, on the built site and
 * the real server: /notice (in each language of the site) names every one in its own name
 * and script and links each whose page is built; each /notice/<code> page has its `lang`
 * and `dir`, its text in its script, the notice's version and date, and the retention in
 * days the build was given (LEAD_RETENTION_DAYS); every form's notice links to /notice.
 */
import { AxeBuilder } from '@axe-core/playwright';
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTICE_VERSION } from '../contract/collection-notice.ts';
import { languages, routeIn } from '../contract/languages.ts';
import { OUTBOX_MAX_AGE_DAYS } from '../contract/lead-contract.ts';
import { NOTICE_LANGUAGES, NOTICE_LIST_ROUTE, noticeRoute } from '../contract/notice-languages.ts';
import { noticeVersionOf } from '../scripts/build/notice-texts.ts';
import { noticeLanguagesWithText } from '../scripts/build/page-templates.ts';
import { loadSiteConfig } from '../site.config.ts';
import { launchBrowser } from './helpers/browser.ts';
import { startServer } from './helpers/server.ts';

const { brandName, privacy } = loadSiteConfig();
const withPage = NOTICE_LANGUAGES.filter((l) => noticeLanguagesWithText().includes(l.code));

let site: Awaited<ReturnType<typeof startServer>>;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let asServed: BrowserContext;
beforeAll(async () => {
  site = await startServer({ site: true });
  browser = await launchBrowser();
  asServed = await browser.newContext({ javaScriptEnabled: false });
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

describe('/notice: the notice in every language', () => {
  it.each(languages.map((l) => routeIn(l, NOTICE_LIST_ROUTE)))('%s names English and the 22 scheduled languages, each in its own name and script, linking each page there is', async (route) => {
    const page = await asServed.newPage();
    expect((await page.goto(site.url + route))!.status()).toBe(200);
    const items = await page.locator('.notice-languages li > :first-child').evaluateAll((all) =>
      all.map((el) => ({ name: el.textContent, lang: el.getAttribute('lang'), dir: el.getAttribute('dir'), href: el.getAttribute('href') })),
    );
    expect(items).toEqual(
      NOTICE_LANGUAGES.map((l) => ({
        name: l.name,
        lang: l.htmlLang,
        dir: l.dir === 'rtl' ? 'rtl' : null,
        href: withPage.includes(l) ? noticeRoute(l.code) : null,
      })),
    );
    await page.close();
  });

  it('answers /notice/ as /notice', async () => {
    const [slash, bare] = await Promise.all([fetch(`${site.url}${NOTICE_LIST_ROUTE}/`), fetch(site.url + NOTICE_LIST_ROUTE)]);
    expect([slash.status, bare.status]).toEqual([200, 200]);
    expect(await slash.text()).toBe(await bare.text());
  });

  it.each(withPage)('/notice/$code: lang="$htmlLang" dir="$dir", written in $script, with the version, its date and the retention in days', async (language) => {
    const page = await asServed.newPage();
    expect((await page.goto(site.url + noticeRoute(language.code)))!.status()).toBe(200);
    const seen = await page.evaluate(() => ({
      lang: document.documentElement.getAttribute('lang'),
      dir: document.documentElement.getAttribute('dir'),
      computedDir: getComputedStyle(document.body).direction,
      // The page's own text: what is marked as another language (the English line of a translation under review) aside.
      letters: (() => {
        const copy = document.body.cloneNode(true) as HTMLElement;
        copy.querySelectorAll('[lang]').forEach((el) => el.getAttribute('lang') !== document.documentElement.lang && el.remove());
        document.body.append(copy);
        const text = copy.innerText;
        copy.remove();
        return (text.match(/\p{L}/gu) ?? []).join('');
      })(),
      underReview: document.getElementById('under-review')?.textContent ?? null,
      version: document.querySelector('main time')?.getAttribute('datetime'),
      date: document.querySelector('main time')?.textContent,
      text: document.querySelector('main')!.innerText,
      retention: document.getElementById('retention')!.textContent,
    }));
    expect([seen.lang, seen.dir, seen.computedDir]).toEqual([language.htmlLang, language.dir, language.dir]);
    const letters = [...seen.letters.replaceAll(brandName.replace(/\P{L}/gu, ''), '')];
    const own = letters.filter((c) => new RegExp(`\\p{Script=${language.script}}`, 'u').test(c)).length;
    expect(own / letters.length, `share of ${language.script} letters`).toBeGreaterThan(0.9);
    // The version the page translates (test/notice-translations.unit.test.ts wants it current).
    const version = noticeVersionOf(language.code);
    expect(seen.version).toBe(version);
    expect(seen.text).toContain(version);
    expect(seen.date).toBe(
      language.dateLocale
        ? new Date(`${version}T00:00:00Z`).toLocaleDateString(language.dateLocale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })
        : version,
    );
    if (languages.some((l) => l.code === language.code)) expect(version).toBe(NOTICE_VERSION);
    // A translation awaiting its native reviewer says so, in English and in its own words (contract/notice-languages.ts).
    if (language.review === 'pending') expect(seen.underReview).toMatch(/^Translation under review.+\S/);
    else expect(seen.underReview).toBeNull();
    expect(seen.retention).toContain(String(privacy.retentionDays));
    expect(seen.retention).toContain(String(OUTBOX_MAX_AGE_DAYS));
    await page.close();
    // axe runs its own script: in a page with JavaScript on.
    const audited = await browser.context.newPage();
    await audited.goto(site.url + noticeRoute(language.code));
    const axe = await new AxeBuilder({ page: audited }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa']).analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    await audited.close();
  });
});

describe('each form’s notice', () => {
  it.each(['/', '/career', ...languages.filter((l) => l.prefix).map((l) => routeIn(l, '/'))])('on %s links to the notice in every language', async (route) => {
    const page = await asServed.newPage();
    await page.goto(site.url + route);
    const links = await page.locator('[part="notice"] a').evaluateAll((all) => all.map((a) => a.getAttribute('href')));
    expect(links).toContain(NOTICE_LIST_ROUTE);
    await page.close();
  });
});
