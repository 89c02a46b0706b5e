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

/**
 * A language of the Eighth Schedule: its code is its `<html lang>` and its calendar's locale,
 * written left to right, unless said otherwise.
 */
const scheduled = (code: string, name: string, script: string, differences: Partial<NoticeLanguage> = {}): NoticeLanguage => ({
  code,
  htmlLang: code,
  dir: 'ltr',
  name,
  dateLocale: code,
  script,
  scheduled: true,
  ...differences,
});

export const NOTICE_LANGUAGES: readonly NoticeLanguage[] = [
  { code: 'en', htmlLang: 'en-IN', dir: 'ltr', name: 'English', dateLocale: 'en-IN', script: 'Latin', scheduled: false },
  scheduled('as', 'অসমীয়া', 'Bengali'),
  scheduled('bn', 'বাংলা', 'Bengali'),
  scheduled('brx', 'बर’', 'Devanagari', { review: 'pending' }),
  scheduled('doi', 'डोगरी', 'Devanagari'),
  scheduled('gu', 'ગુજરાતી', 'Gujarati'),
  scheduled('hi', 'हिन्दी', 'Devanagari'),
  scheduled('kn', 'ಕನ್ನಡ', 'Kannada'),
  scheduled('ks', 'کٲشُر', 'Arabic', { htmlLang: 'ks-Arab', dir: 'rtl' }),
  scheduled('kok', 'कोंकणी', 'Devanagari'),
  scheduled('mai', 'मैथिली', 'Devanagari'),
  scheduled('ml', 'മലയാളം', 'Malayalam'),
  // Manipuri in its own script, Meetei Mayek (the calendar data has it in Bengali script only).
  scheduled('mni', 'ꯃꯤꯇꯩꯂꯣꯟ', 'Meetei_Mayek', { htmlLang: 'mni-Mtei', dateLocale: undefined, review: 'pending' }),
  scheduled('mr', 'मराठी', 'Devanagari'),
  scheduled('ne', 'नेपाली', 'Devanagari'),
  scheduled('or', 'ଓଡ଼ିଆ', 'Oriya'),
  scheduled('pa', 'ਪੰਜਾਬੀ', 'Gurmukhi'),
  scheduled('sa', 'संस्कृतम्', 'Devanagari'),
  // Santali in Ol Chiki.
  scheduled('sat', 'ᱥᱟᱱᱛᱟᱲᱤ', 'Ol_Chiki', { htmlLang: 'sat-Olck', review: 'pending' }),
  scheduled('sd', 'سنڌي', 'Arabic', { htmlLang: 'sd-Arab', dir: 'rtl' }),
  scheduled('ta', 'தமிழ்', 'Tamil'),
  scheduled('te', 'తెలుగు', 'Telugu'),
  scheduled('ur', 'اردو', 'Arabic', { dir: 'rtl' }),
];

/** The route of the page that lists them (in each language of the site: /hi/notice); /notice/ answers too. */
export const NOTICE_LIST_ROUTE = '/notice';

/** A language's notice page: /notice/ta. */
export const noticeRoute = (code: string): string => `${NOTICE_LIST_ROUTE}/${code}`;
