/**
 * Which built pages a browser check loads. Every language's page is built from its route's
 * one template (site-generator/page-templates.ts), and a parser checks every page for what
 * differs per page (test/site/page-structure.unit.test.ts). What a browser adds (layout,
 * shifts, scripts, accessibility as drawn) differs by template and by how its text sets:
 * its length, its script and its direction. So a browser takes each template in:
 * - English;
 * - per script (and direction) other than English's, the language of that script whose
 *   catalogue is longest: the site's Tamil, Telugu, Kannada, Bengali and the longer of
 *   Hindi and Marathi (Devanagari); the notice's languages alike, one per script.
 * The longest text of all is among them, since each script's longest is.
 */
import fs from 'node:fs';
import path from 'node:path';
import { defaultLanguage, languages, routeIn, type Language } from '../../contract/languages.ts';
import { NOTICE_LANGUAGES, noticeRoute, type NoticeLanguage } from '../../contract/notice-languages.ts';
import { cataloguesDir, loadSiteCatalogue } from '../../site-generator/catalogues.ts';
import { builtPages, noticeCatalogueDir, noticeLanguagesWithText } from '../../site-generator/page-templates.ts';

const textLength = (texts: Iterable<string>) => [...texts].reduce((sum, text) => sum + [...text].length, 0);

/** Per script and direction, the member with the most text. */
function longestPerScript<T extends { script: string; dir: string }>(members: readonly T[], length: (member: T) => number): T[] {
  const best = new Map<string, { member: T; length: number }>();
  for (const member of members) {
    const key = `${member.script} ${member.dir}`;
    const size = length(member);
    if (!best.has(key) || size > best.get(key)!.length) best.set(key, { member, length: size });
  }
  return [...best.values()].map((b) => b.member);
}

/** The site's languages a browser takes: English and the longest of each other script. */
export const layoutLanguages: readonly Language[] = [
  defaultLanguage,
  ...longestPerScript(
    languages.filter((l) => l.script !== defaultLanguage.script),
    (l) => textLength(loadSiteCatalogue(l.code, cataloguesDir).values()),
  ),
];

/** The language with the longest text of all: the one a desktop layout is checked in besides English. */
export const longestLanguage: Language = layoutLanguages
  .slice(1)
  .reduce((a, b) => (textLength(loadSiteCatalogue(a.code).values()) >= textLength(loadSiteCatalogue(b.code).values()) ? a : b));

/** The notice's languages a browser takes: English and the longest of each other script and direction. */
export const layoutNoticeLanguages: readonly NoticeLanguage[] = longestPerScript(
  NOTICE_LANGUAGES.filter((l) => noticeLanguagesWithText().includes(l.code)),
  (l) => fs.statSync(path.join(noticeCatalogueDir, `${l.code}.json`)).size,
);

/** The site's routes built in every language (English routes), and those built once. */
const sitePages = builtPages().filter((p) => p.kind === 'site');
export const everyLanguageRoutes: string[] = sitePages.filter((p) => p.everyLanguage && p.language === defaultLanguage).map((p) => p.route);
export const oneLanguageRoutes: string[] = sitePages.filter((p) => !p.everyLanguage).map((p) => p.route);

/** Each template of the site built in every language, in these languages. */
export const templatePagesIn = (chosen: readonly Language[]): string[] => chosen.flatMap((language) => everyLanguageRoutes.map((route) => routeIn(language, route)));

/** The notice's pages in these languages. */
export const noticePagesIn = (notices: readonly NoticeLanguage[]): string[] => notices.map((l) => noticeRoute(l.code));

/** The `index`-th of `count` near-equal slices of `pages` (a crawl spread over files the runner can run side by side). */
export const slice = (pages: string[], index: number, count: number): string[] => pages.filter((_, i) => i % count === index);
