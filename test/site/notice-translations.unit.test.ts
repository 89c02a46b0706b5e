/**
 * The notice in all 22 languages of the Eighth Schedule (DPDP Act s. 5(3)): each has its
 * catalogue, pages/i18n/notice/<code>.json (docs/translating.md), translating the notice
 * the forms show now. The build stays green while translations are missing (/notice names
 * such a language without a link) or behind (a page says the version it translates); these
 * tests fail, naming them, until every one is there and current.
 */
import { describe, expect, it } from 'vitest';
import { NOTICE_LANGUAGES } from '../../contract/notice-languages.ts';
import { NOTICE_VERSION } from '../../contract/collection-notice.ts';
import { noticeVersionOf } from '../../site-generator/notice-texts.ts';
import { noticeLanguagesWithText } from '../../site-generator/page-templates.ts';

describe('the notice in every scheduled language', () => {
  it('has a catalogue for English and for each of the 22 languages of the Eighth Schedule', () => {
    const present = noticeLanguagesWithText();
    const missing = NOTICE_LANGUAGES.filter((l) => !present.includes(l.code)).map((l) => `${l.code} (${l.name}): pages/i18n/notice/${l.code}.json`);
    expect(missing, 'notice translations still missing').toEqual([]);
  });

  it('each translation translates the notice the forms show now', () => {
    const stale = noticeLanguagesWithText().filter((code) => noticeVersionOf(code) !== NOTICE_VERSION).map((code) => `${code}: translates ${noticeVersionOf(code)}`);
    expect(stale, `notice translations of an older version than ${NOTICE_VERSION}`).toEqual([]);
  });
});
