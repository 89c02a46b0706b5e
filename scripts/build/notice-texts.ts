/**
 * The notice pages' texts (/notice/<code>, pages/notice/[code].html): one catalogue per
 * language of the notice, pages/i18n/notice/<code>.json. For a language of the site the
 * notice's sentences are the forms' own (contract/messages/<code>.ts), so its file holds only
 * the page's other texts; for the other languages it holds both, and `translates`: the
 * version of the notice it translates, which its page shows (docs/translating.md).
 */
import path from 'node:path';
import { NOTICE_VERSION, PUBLISHED_NOTICE_VERSIONS } from '../../contract/collection-notice.ts';
import { isLanguageCode } from '../../contract/languages.ts';
import { NOTICE_TEXTS } from '../../contract/messages/index.ts';
import { readCatalogueFile } from './catalogues.ts';
import { noticeCatalogueDir } from './page-templates.ts';

/** The notice's sentences, with the values a translation keeps: {retentionDays}, {deviceDays}, {email}. */
export const NOTICE_SENTENCES = ['heading', 'collected.society', 'collected.career', 'purpose.society', 'purpose.career', 'retention', 'device', 'withdraw'] as const;

/** Where a notice text lives, for messages. */
export function noticeTextPlace(code: string, key: string): string {
  return isLanguageCode(code) && (NOTICE_SENTENCES as readonly string[]).includes(key)
    ? `contract/messages/${code}.ts (the forms' notice), ${key}`
    : `pages/i18n/notice/${code}.json, "${key}"`;
}

/** The key of a translation's notice version. */
const TRANSLATES = 'translates';

/** The version of the notice a language's page says: the forms' own for a language of the site, else the one its translation states. */
export function noticeVersionOf(code: string): string {
  if (isLanguageCode(code)) return NOTICE_VERSION;
  const version = readCatalogueFile(path.join(noticeCatalogueDir, `${code}.json`)).get(TRANSLATES);
  if (!version || !PUBLISHED_NOTICE_VERSIONS.includes(version)) {
    throw new Error(`pages/i18n/notice/${code}.json: "${TRANSLATES}" must name the version of the notice it translates, one of ${PUBLISHED_NOTICE_VERSIONS.join(', ')} (contract/collection-notice.ts); got ${JSON.stringify(version)}`);
  }
  return version;
}

/** A notice language's texts; throws when a language of the site repeats a sentence its forms already say. */
export function loadNoticeCatalogue(code: string): Map<string, string> {
  const texts = readCatalogueFile(path.join(noticeCatalogueDir, `${code}.json`));
  if (!isLanguageCode(code)) {
    noticeVersionOf(code);
    texts.delete(TRANSLATES);
    return texts;
  }
  const repeated = NOTICE_SENTENCES.filter((key) => texts.has(key));
  if (repeated.length) {
    throw new Error(`pages/i18n/notice/${code}.json: ${repeated.join(', ')} come from contract/messages/${code}.ts (the notice the forms show): remove them here`);
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
