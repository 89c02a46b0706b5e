/**
 * What the worklist says about a lead's time and phone, from contract/team.ts and the app's
 * format.ts: when a lead becomes late (lateSince, the late list's order), relative times in
 * the member's language and India's clock, and the `tel:` link in international form.
 */
import { describe, expect, it } from 'vitest';
import { isLate, lateSince, NEW_LEAD_LATE_AFTER_MS, startOfTeamDay, telHref } from '../../contract/team.ts';
import { ago, callDay, duration, nextCallChoices } from '../../widgets/team/app/format.ts';

/** 28 Nov 2026, 09:30 in India. */
const NOW = Date.parse('2026-11-28T09:30:00+05:30');
const HOUR = 3_600_000;

describe('when a lead is late', () => {
  it('a new lead 24 hours and 1 ms after it came, a next call when its day is over in India, whichever is first', () => {
    const createdAt = NOW - 31 * HOUR;
    expect(lateSince({ status: 'new', createdAt, nextCallOn: null })).toBe(createdAt + NEW_LEAD_LATE_AFTER_MS + 1);
    expect(lateSince({ status: 'contacted', createdAt, nextCallOn: '2026-11-27' })).toBe(startOfTeamDay('2026-11-28'));
    expect(lateSince({ status: 'new', createdAt, nextCallOn: '2026-11-20' })).toBe(startOfTeamDay('2026-11-21'));
    expect(lateSince({ status: 'contacted', createdAt, nextCallOn: null })).toBeNull();
    // isLate is lateSince reached, to the millisecond.
    const since = lateSince({ status: 'new', createdAt, nextCallOn: null })!;
    expect([isLate({ status: 'new', createdAt, nextCallOn: null }, since - 1), isLate({ status: 'new', createdAt, nextCallOn: null }, since)]).toEqual([false, true]);
  });
});

describe('relative times in the member\'s language', () => {
  it('English and Tamil alike, from Intl with the language\'s locale', () => {
    expect(ago(NOW - 31 * HOUR, NOW, 'en-IN')).toBe('31 hr ago');
    expect(ago(NOW - 5 * 60_000, NOW, 'en-IN')).toBe('5 min ago');
    expect(ago(NOW - 3 * 24 * HOUR, NOW, 'en-IN')).toBe('3 days ago');
    expect(duration(7 * HOUR, 'en-IN')).toBe('7 hrs');
    expect(callDay('2026-11-29', NOW, 'en-IN')).toBe('tomorrow');
    expect(callDay('2026-12-01', NOW, 'en-IN')).toBe('in 3 days');
    expect(callDay('2026-12-25', NOW, 'en-IN')).toBe('25 Dec');
    expect(ago(NOW - 31 * HOUR, NOW, 'ta-IN')).toBe('31 ம. முன்');
    expect(callDay('2026-11-29', NOW, 'ta-IN')).toBe('நாளை');
    expect(callDay('2026-11-29', NOW, 'te-IN')).toBe('రేపు');
    // Marathi and Bengali with Latin digits, as the site writes them.
    expect(ago(NOW - 31 * HOUR, NOW, 'mr-IN-u-nu-latn')).toBe('31 तासांपूर्वी');
  });

  it('offers tomorrow, in 3 days and next week, as days in India', () => {
    // Late in the evening in India, the days counted are still India's.
    const late = Date.parse('2026-11-28T23:50:00+05:30');
    expect(nextCallChoices(late, 'en-IN')).toEqual([
      { date: '2026-11-29', label: 'tomorrow' },
      { date: '2026-12-01', label: 'in 3 days' },
      { date: '2026-12-05', label: 'next week' },
    ]);
  });
});

describe('the tel: link', () => {
  it('is international: +91 before an Indian number however it was typed; another country\'s as it is', () => {
    expect(telHref('098765 43210')).toBe('tel:+919876543210');
    expect(telHref('+91 98765-43210')).toBe('tel:+919876543210');
    expect(telHref('9876543210')).toBe('tel:+919876543210');
    expect(telHref('+1 415 555 2671')).toBe('tel:+14155552671');
  });
});
