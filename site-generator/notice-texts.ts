/**
 * The notice pages' texts (/notice/<code>, pages/notice/[code].html): one catalogue per
 * language of the notice, pages/i18n/notice/<code>.json. For a language of the site the
 * notice's sentences are the forms' own (contract/messages/<code>.ts), so its file holds only
 * the page's other texts; for the other languages it holds both, and `translates`: the
 * version of the notice it translates, which its page shows (docs/translating.md).
 * A language promoted to the site keeps its published notice: while its file still holds
 * `translates` and the sentences, its page shows them, at that version, whatever its forms'
 * catalogue says (docs/how-to-add-a-language.md).
 */
import path from 'node:path';
import { NOTICE_VERSION, PUBLISHED_NOTICE_VERSIONS } from '../contract/collection-notice.ts';
import { defaultLanguage, isLanguageCode } from '../contract/languages.ts';
import { NOTICE_LANGUAGES } from '../contract/notice-languages.ts';
import { NOTICE_TEXTS } from '../contract/messages/index.ts';
import { readCatalogueFile } from './catalogues.ts';
import { noticeCatalogueDir } from './page-templates.ts';

/** The notice's sentences, with the values a translation keeps: {retentionDays}, {deviceDays}, {email}. */
export const NOTICE_SENTENCES = ['heading', 'collected.society', 'collected.career', 'purpose.society', 'purpose.career', 'retention', 'device', 'withdraw'] as const;

/** The key of a translation's notice version. */
const TRANSLATES = 'translates';

/**
 * The key of the line a page shows while its translation awaits a native reviewer
 * (contract/notice-languages.ts `review: 'pending'`): English's catalogue holds the English
 * line, which every such page shows; a translation may hold the same line in its own words.
 */
const UNDER_REVIEW = 'underReview';

/** What a notice page says while its translation awaits a native reviewer: the English line and, where its catalogue has it, its own; undefined once a review is recorded. */
export function underReviewNote(code: string): { en: string; own?: string } | undefined {
  if (NOTICE_LANGUAGES.find((l) => l.code === code)?.review !== 'pending') return undefined;
  const en = readCatalogueFile(path.join(noticeCatalogueDir, `${defaultLanguage.code}.json`)).get(UNDER_REVIEW);
  if (!en) throw new Error(`pages/i18n/notice/${defaultLanguage.code}.json: "${UNDER_REVIEW}" is the line a translation under review shows`);
  const own = readCatalogueFile(path.join(noticeCatalogueDir, `${code}.json`)).get(UNDER_REVIEW);
  return own ? { en, own } : { en };
}

/** Whether a language's notice file holds a published translation of its own (`translates` and the sentences), rather than taking them from its forms. */
const hasPublishedTranslation = (code: string): boolean => readCatalogueFile(path.join(noticeCatalogueDir, `${code}.json`)).has(TRANSLATES);

/** Where a notice text lives, for messages. */
export function noticeTextPlace(code: string, key: string): string {
  return isLanguageCode(code) && (NOTICE_SENTENCES as readonly string[]).includes(key) && !hasPublishedTranslation(code)
    ? `contract/messages/${code}.ts (the forms' notice), ${key}`
    : `pages/i18n/notice/${code}.json, "${key}"`;
}

/** The version of the notice a language's page says: the one its published translation states, else (a language of the site) the forms' own. */
export function noticeVersionOf(code: string): string {
  if (isLanguageCode(code) && !hasPublishedTranslation(code)) return NOTICE_VERSION;
  const version = readCatalogueFile(path.join(noticeCatalogueDir, `${code}.json`)).get(TRANSLATES);
  if (!version || !PUBLISHED_NOTICE_VERSIONS.includes(version)) {
    throw new Error(`pages/i18n/notice/${code}.json: "${TRANSLATES}" must name the version of the notice it translates, one of ${PUBLISHED_NOTICE_VERSIONS.join(', ')} (contract/collection-notice.ts); got ${JSON.stringify(version)}`);
  }
  return version;
}

/**
 * A notice language's texts: its published translation's own sentences (a language of the
 * notice only, or one promoted to the site that keeps it), else its forms' notice; throws when
 * a language of the site repeats a sentence its forms already say without stating a version.
 */
export function loadNoticeCatalogue(code: string): Map<string, string> {
  const texts = readCatalogueFile(path.join(noticeCatalogueDir, `${code}.json`));
  texts.delete(UNDER_REVIEW);
  if (!isLanguageCode(code) || texts.has(TRANSLATES)) {
    noticeVersionOf(code);
    texts.delete(TRANSLATES);
    return texts;
  }
  const repeated = NOTICE_SENTENCES.filter((key) => texts.has(key));
  if (repeated.length) {
    throw new Error(
      `pages/i18n/notice/${code}.json: ${repeated.join(', ')} come from contract/messages/${code}.ts (the notice the forms show): remove them here, or keep the published translation whole with its "${TRANSLATES}" version`,
    );
  }
  const notice = NOTICE_TEXTS[code];
  const sentences: Record<(typeof NOTICE_SENTENCES)[number], string> = {
    heading: notice.heading,
    'collected.society': notice.collected.society,
    'collected.career': notice.collected.career,
    'purpose.society': notice.purpose.society,
    'purpose.career': notice.purpose.career,
    // The notice pages give the retention in days, whatever the forms' wording of the period.
    retention: notice.retention(`{retentionDays} ${notice.period.days}`),
    // The sentence functions are given the value's mark instead of the value: the page fills it in.
    device: notice.device('{deviceDays}' as unknown as number),
    withdraw: notice.withdraw('{email}'),
  };
  for (const [key, text] of Object.entries(sentences)) texts.set(key, text);
  return texts;
}
