/**
 * The languages the collection notice is published in (DPDP Act 2023, s. 5(3): in English
 * or in any language of the Eighth Schedule to the Constitution): English first, then the
 * 22 scheduled languages in the Schedule's order. Each has a page, /notice/<code>, from
 * pages/notice/[code].html and its catalogue pages/i18n/notice/<code>.json (docs/translating.md).
 */
export interface NoticeLanguage {
  /** The page's address (/notice/<code>) and its catalogue's name: ISO 639 (two letters where there are, else three). */
  code: string;
  /** `<html lang>`: the script is named where the language is written in more than one and the default is not ours. */
  htmlLang: string;
  dir: 'ltr' | 'rtl';
  /** Its own name, in its own script. */
  name: string;
  /** The locale whose calendar data writes the date in this script (Intl); none: the date is shown as its ISO digits. */
  dateLocale?: string;
  /** Its script's Unicode name (`\p{Script=…}`), in which its page is written. */
  script: string;
  /** A language of the Eighth Schedule (English is not). */
  scheduled: boolean;
  /**
   * 'pending' while its translation awaits a native reviewer's sign-off: its page says the
   * translation is under review (docs/translating.md). Record the sign-off by replacing it with
   * who reviewed it and when: `{ by: 'name or organisation', on: 'YYYY-MM-DD' }`.
   */
  review?: 'pending' | { by: string; on: string };
}

export const NOTICE_LANGUAGES: readonly NoticeLanguage[] = [
  { code: 'en', htmlLang: 'en-IN', dir: 'ltr', name: 'English', dateLocale: 'en-IN', script: 'Latin', scheduled: false },
  { code: 'as', htmlLang: 'as', dir: 'ltr', name: 'অসমীয়া', dateLocale: 'as', script: 'Bengali', scheduled: true },
  { code: 'bn', htmlLang: 'bn', dir: 'ltr', name: 'বাংলা', dateLocale: 'bn', script: 'Bengali', scheduled: true },
  { code: 'brx', htmlLang: 'brx', dir: 'ltr', name: 'बर’', dateLocale: 'brx', script: 'Devanagari', scheduled: true, review: 'pending' },
  { code: 'doi', htmlLang: 'doi', dir: 'ltr', name: 'डोगरी', dateLocale: 'doi', script: 'Devanagari', scheduled: true },
  { code: 'gu', htmlLang: 'gu', dir: 'ltr', name: 'ગુજરાતી', dateLocale: 'gu', script: 'Gujarati', scheduled: true },
  { code: 'hi', htmlLang: 'hi', dir: 'ltr', name: 'हिन्दी', dateLocale: 'hi', script: 'Devanagari', scheduled: true },
  { code: 'kn', htmlLang: 'kn', dir: 'ltr', name: 'ಕನ್ನಡ', dateLocale: 'kn', script: 'Kannada', scheduled: true },
  { code: 'ks', htmlLang: 'ks-Arab', dir: 'rtl', name: 'کٲشُر', dateLocale: 'ks', script: 'Arabic', scheduled: true },
  { code: 'kok', htmlLang: 'kok', dir: 'ltr', name: 'कोंकणी', dateLocale: 'kok', script: 'Devanagari', scheduled: true },
  { code: 'mai', htmlLang: 'mai', dir: 'ltr', name: 'मैथिली', dateLocale: 'mai', script: 'Devanagari', scheduled: true },
  { code: 'ml', htmlLang: 'ml', dir: 'ltr', name: 'മലയാളം', dateLocale: 'ml', script: 'Malayalam', scheduled: true },
  // Manipuri in its own script, Meetei Mayek (the calendar data has it in Bengali script only).
  { code: 'mni', htmlLang: 'mni-Mtei', dir: 'ltr', name: 'ꯃꯤꯇꯩꯂꯣꯟ', script: 'Meetei_Mayek', scheduled: true, review: 'pending' },
  { code: 'mr', htmlLang: 'mr', dir: 'ltr', name: 'मराठी', dateLocale: 'mr', script: 'Devanagari', scheduled: true },
  { code: 'ne', htmlLang: 'ne', dir: 'ltr', name: 'नेपाली', dateLocale: 'ne', script: 'Devanagari', scheduled: true },
  { code: 'or', htmlLang: 'or', dir: 'ltr', name: 'ଓଡ଼ିଆ', dateLocale: 'or', script: 'Oriya', scheduled: true },
  { code: 'pa', htmlLang: 'pa', dir: 'ltr', name: 'ਪੰਜਾਬੀ', dateLocale: 'pa', script: 'Gurmukhi', scheduled: true },
  { code: 'sa', htmlLang: 'sa', dir: 'ltr', name: 'संस्कृतम्', dateLocale: 'sa', script: 'Devanagari', scheduled: true },
  // Santali in Ol Chiki.
  { code: 'sat', htmlLang: 'sat-Olck', dir: 'ltr', name: 'ᱥᱟᱱᱛᱟᱲᱤ', dateLocale: 'sat', script: 'Ol_Chiki', scheduled: true, review: 'pending' },
  { code: 'sd', htmlLang: 'sd-Arab', dir: 'rtl', name: 'سنڌي', dateLocale: 'sd', script: 'Arabic', scheduled: true },
  { code: 'ta', htmlLang: 'ta', dir: 'ltr', name: 'தமிழ்', dateLocale: 'ta', script: 'Tamil', scheduled: true },
  { code: 'te', htmlLang: 'te', dir: 'ltr', name: 'తెలుగు', dateLocale: 'te', script: 'Telugu', scheduled: true },
  { code: 'ur', htmlLang: 'ur', dir: 'rtl', name: 'اردو', dateLocale: 'ur', script: 'Arabic', scheduled: true },
];

/** The route of the page that lists them (in each language of the site: /hi/notice); /notice/ answers too. */
export const NOTICE_LIST_ROUTE = '/notice';

/** A language's notice page: /notice/ta. */
export const noticeRoute = (code: string): string => `${NOTICE_LIST_ROUTE}/${code}`;
