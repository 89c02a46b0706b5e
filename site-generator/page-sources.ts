/**
 * Everything the pages are made of, read afresh for each build (and each page the dev server
 * renders): the pages to write (page-templates.ts) and every catalogue, checked against the
 * templates that use it (catalogue-check.ts): the site's, one per language of the site, and
 * the notice's, one per language of the notice.
 */
import { defaultLanguage, languages } from '../contract/languages.ts';
import { loadSiteCatalogue, type Catalogue } from './catalogues.ts';
import { catalogueProblems, partialFiles, siteCatalogueProblems, textUsesOf, type TextUse } from './catalogue-check.ts';
import { loadNoticeCatalogue, noticeTextPlace } from './notice-texts.ts';
import { builtPages, languageVariants, noticeLanguagesWithText, type BuiltPage } from './page-templates.ts';

/** Everything the pages are made of, read afresh: the pages to write, the catalogues, checked against the templates. */
export interface Sources {
  /** The pages to write, and the one-language routes' pages in the other languages (their variants, for the service). */
  pages: BuiltPage[];
  site: Record<string, Catalogue>;
  notice: Record<string, Catalogue>;
}

/** The texts used by the templates built in each language of the site (variants included), the partials' included. */
export function siteTextUses(pages: BuiltPage[] = [...builtPages(), ...languageVariants()]): (code: string) => TextUse[] {
  const partials = partialFiles();
  const uses = new Map<string, TextUse[]>(
    languages.map((l) => [l.code, textUsesOf([...new Set([...partials, ...pages.filter((p) => p.kind === 'site' && p.language === l).map((p) => p.template)])])]),
  );
  return (code) => uses.get(code) ?? [];
}

/** The texts used by the notice pages' template. */
export const noticeTextUses = (pages: BuiltPage[] = builtPages()): TextUse[] =>
  textUsesOf([...new Set(pages.filter((p) => p.kind === 'notice').map((p) => p.template))]);

/** The problems of the notice's catalogues (notice language code → texts, English first) against the notice pages' template. */
export function noticeCatalogueProblems(catalogues: Record<string, Catalogue>, uses: TextUse[]): string[] {
  const codes = [defaultLanguage.code, ...Object.keys(catalogues).filter((c) => c !== defaultLanguage.code)];
  return catalogueProblems(codes.map((code) => ({ code, texts: catalogues[code] ?? new Map() })), () => uses, noticeTextPlace);
}

/** The first problem leads the message (a build's first error line names the file and the key), the rest follow. */
const catalogueError = (problems: string[], what: string) =>
  new Error(`${problems[0]} (${what}${problems.length > 1 ? `; ${problems.length - 1} more below` : ''})${problems.slice(1).map((p) => `\n- ${p}`).join('')}`);

export function loadSources(): Sources {
  const pages = [...builtPages(), ...languageVariants()];
  const site = Object.fromEntries(languages.map((l) => [l.code, loadSiteCatalogue(l.code)]));
  const siteProblems = siteCatalogueProblems(site, siteTextUses(pages));
  if (siteProblems.length) throw catalogueError(siteProblems, "the pages' catalogues (pages/i18n/<code>/) do not fit the templates");

  const noticeCodes = noticeLanguagesWithText();
  if (!noticeCodes.includes(defaultLanguage.code)) throw new Error(`pages/i18n/notice/${defaultLanguage.code}.json is missing: the notice pages' reference texts`);
  const notice = Object.fromEntries(noticeCodes.map((code) => [code, loadNoticeCatalogue(code)]));
  const noticeProblems = noticeCatalogueProblems(notice, noticeTextUses(pages));
  if (noticeProblems.length) throw catalogueError(noticeProblems, "the notice's catalogues (pages/i18n/notice/<code>.json) do not fit pages/notice/[code].html");
  return { pages, site, notice };
}
