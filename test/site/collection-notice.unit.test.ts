/** The notice at collection as data: every part for each form, versioned, linking to the full notice and to the notice in every language. */
import { describe, expect, it } from 'vitest';
import { collectionNotice, NOTICE_VERSION, noticeVersionFromHeader, PUBLISHED_NOTICE_VERSIONS, retentionPeriod } from '../../contract/collection-notice.ts';
import { EN_NOTICE } from '../../contract/messages/en.ts';
import { HI_NOTICE } from '../../contract/messages/hi.ts';

const text = EN_NOTICE;

describe('collectionNotice', () => {
  it('gives each form what is collected, why, how long, how to withdraw, and a link to the full notice', () => {
    for (const kind of ['society', 'career'] as const) {
      const notice = collectionNotice(kind, { contactEmail: 'privacy@example.in', siteUrl: 'https://societydesk.example/', text });
      expect(notice.version).toBe(NOTICE_VERSION);
      expect(notice.version).toMatch(/^\d{4}-\d\d-\d\d$/);
      expect(notice.collected).toMatch(/name, email, phone number/);
      expect(notice.purpose).toMatch(/only to/);
      expect(notice.retention).toBe('We keep them for 12 months after you send them, then erase them.');
      expect(notice.withdraw).toMatch(/withdraw your consent at any time.*privacy@example\.in/);
      expect(notice.link).toEqual({ text: 'Read the full privacy notice', href: 'https://societydesk.example/privacy-policy#website-forms' });
      expect(notice.languages).toEqual({ text: 'Read this in your language', href: 'https://societydesk.example/notice' });
    }
    expect(collectionNotice('society', { contactEmail: 'x@y.in', text: HI_NOTICE }).languages).toEqual({ text: 'इसे अपनी भाषा में पढ़ें', href: '/notice' });
    expect(collectionNotice('career', { contactEmail: 'x@y.in', text }).collected).toMatch(/college, course, year of study, preferred role/);
    expect(collectionNotice('society', { contactEmail: 'x@y.in', text }).link.href).toBe('/privacy-policy#website-forms');
  });

  it('says the retention period in words', () => {
    expect(retentionPeriod(365, text.period)).toBe('12 months');
    expect(retentionPeriod(730, text.period)).toBe('24 months');
    expect(retentionPeriod(90, text.period)).toBe('90 days');
    expect(retentionPeriod(1, text.period)).toBe('1 day');
    expect(retentionPeriod(730, HI_NOTICE.period)).toBe('24 महीने');
    expect(collectionNotice('society', { contactEmail: 'x@y.in', retentionDays: 90, text }).retention).toMatch(/for 90 days/);
  });

  it('keeps from X-Notice-Version only a version that was published; null otherwise', () => {
    expect(PUBLISHED_NOTICE_VERSIONS.at(-1)).toBe(NOTICE_VERSION);
    expect(noticeVersionFromHeader(NOTICE_VERSION)).toBe(NOTICE_VERSION);
    expect(noticeVersionFromHeader(` ${NOTICE_VERSION} `)).toBe(NOTICE_VERSION);
    expect(noticeVersionFromHeader(undefined)).toBeNull();
    expect(noticeVersionFromHeader('1999-01-01')).toBeNull();
    expect(noticeVersionFromHeader('<script>')).toBeNull();
  });
});
