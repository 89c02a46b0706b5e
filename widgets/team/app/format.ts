/**
 * Times and dates as the team reads them: in India (Asia/Kolkata), in the app's language,
 * written by Intl with the catalogue's locale ("ta-IN"): "31 hr ago", "7 hrs", "tomorrow",
 * "in 3 days", "28 Nov".
 */
import { useEffect, useState } from 'react';
import { startOfTeamDay, TEAM_TIME_ZONE, teamToday } from '../../../contract/team.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "28 Nov 2026, 14:05": a 24-hour clock, as the CSV and the audit log write it (and no "PM" in Latin letters in any language). */
export function dateTime(ms: number, locale: string): string {
  return new Intl.DateTimeFormat(locale, { timeZone: TEAM_TIME_ZONE, day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(ms));
}

/** A YYYY-MM-DD date as "25 Nov 2026". */
export function day(date: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { timeZone: 'UTC', day: 'numeric', month: 'short', year: 'numeric' }).format(new Date(`${date}T00:00:00Z`));
}

/** A span of time in the unit people say it in: minutes within the hour, hours within two days, then days. */
function unitOf(ms: number): [number, 'minute' | 'hour' | 'day'] {
  const abs = Math.abs(ms);
  if (abs < HOUR) return [Math.max(1, Math.round(ms / MINUTE)) * Math.sign(ms || 1), 'minute'];
  if (abs < 2 * DAY) return [Math.trunc(ms / HOUR), 'hour'];
  return [Math.trunc(ms / DAY), 'day'];
}

/** How long ago: "31 hr ago", "5 min ago", "3 days ago". */
export function ago(ms: number, now: number, locale: string): string {
  const [value, unit] = unitOf(now - ms);
  return new Intl.RelativeTimeFormat(locale, { numeric: 'always', style: 'short' }).format(-Math.abs(value), unit);
}

/** A span: "7 hrs", "3 days". */
export function duration(ms: number, locale: string): string {
  const [value, unit] = unitOf(ms);
  return new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'short' }).format(Math.abs(value));
}

/** Days from today (in India) to a YYYY-MM-DD date. */
const daysFromToday = (date: string, now: number) => Math.round((startOfTeamDay(date) - startOfTeamDay(teamToday(now))) / DAY);

/** A next-call date as people say it: "today", "tomorrow", "in 3 days", "yesterday"; past a week, "5 Dec". */
export function callDay(date: string, now: number, locale: string): string {
  const days = daysFromToday(date, now);
  if (Math.abs(days) <= 6) return new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(days, 'day');
  return new Intl.DateTimeFormat(locale, { timeZone: 'UTC', day: 'numeric', month: 'short' }).format(new Date(`${date}T00:00:00Z`));
}

/** The next-call dates offered with one tap: tomorrow, in 3 days, next week, each with its words. */
export function nextCallChoices(now: number, locale: string): { date: string; label: string }[] {
  const words = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  return [
    { date: teamToday(now + DAY), label: words.format(1, 'day') },
    { date: teamToday(now + 3 * DAY), label: words.format(3, 'day') },
    { date: teamToday(now + 7 * DAY), label: words.format(1, 'week') },
  ];
}

/** The time now, renewed every minute, so "31 hr ago" stays true on a screen left open. */
export function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), MINUTE);
    return () => clearInterval(timer);
  }, []);
  return now;
}
