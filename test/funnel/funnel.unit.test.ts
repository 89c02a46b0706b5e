/** The funnel's rules: which campaign values a lead keeps, which page, what counts as a person's beacon, and the counts' store. */
import { describe, expect, it } from 'vitest';
import pino from 'pino';
import { createWriteBatcher, openVitalsDatabase } from '../../server/store/sqlite.ts';
import { beaconFunnel, createFunnelStore, funnelBeaconSchema, funnelBy, funnelByWeek, funnelKey, funnelTotal, isCountableBeacon, isoWeekOfDay, isPersonAgent, MAX_KEYS_PER_DAY, OTHER } from '../../server/funnel/funnel.ts';
import { readLeadSource } from '../../server/intake/lead-source.ts';
import { leadUrl, withoutVisit, withVisit } from '../../widgets/lead-form/lead-request.ts';
import { tempDir } from '../helpers/server.ts';

const CHROME = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36';
const site = { routes: new Set(['/', '/register', '/embed/frame', '/hi/', '/hi/features']), origins: ['https://societydesk.example'] };

describe('a lead’s campaign and page', () => {
  it('keeps valid campaign parameters, trimmed, and drops bad ones without refusing the lead', () => {
    const result = readLeadSource(
      { origin: 'https://societydesk.example', host: 'api.example' },
      { utm_source: ' whatsapp ', utm_medium: 'x'.repeat(101), utm_campaign: 'diwali\u0007', ref: ['a', 'b'], page: '/register' },
      site,
    );
    expect(result).toMatchObject({ ok: true, source: { campaign: { utm_source: 'whatsapp' }, page: '/register' } });
  });

  it('keeps the page only for a route of ours posted from our own host or origin', () => {
    const page = (headers: Record<string, string>, p: string) => (readLeadSource(headers, { page: p }, site) as { source: { page: string | null } }).source.page;
    expect(page({ origin: 'http://127.0.0.1:8080', host: '127.0.0.1:8080' }, '/register')).toBe('/register');
    expect(page({ origin: 'https://societydesk.example', host: 'api.example' }, '/')).toBe('/');
    expect(page({}, '/embed/frame')).toBe('/embed/frame');
    // The Hindi home is /hi/ (its trailing slash is part of the route); other routes have none.
    expect(page({}, '/hi/')).toBe('/hi/');
    expect(page({}, '/hi')).toBe('/hi/');
    expect(page({}, '/hi/features/')).toBe('/hi/features');
    expect(page({ origin: 'https://partner.example', host: 'api.example' }, '/')).toBeNull();
    expect(page({ origin: 'http://127.0.0.1:8080', host: '127.0.0.1:8080' }, '/wp-admin')).toBeNull();
  });

  it('the form sends partner, campaign and page in the URL, never in the body', () => {
    const url = leadUrl('https://api.example', 'society', 'greenpark-rwa');
    const sent = withVisit(url, { campaign: { utm_source: 'qr', utm_campaign: 'diwali 2026' }, page: '/register' });
    expect(sent).toBe('https://api.example/addSocietyQuery?partner=greenpark-rwa&utm_source=qr&utm_campaign=diwali+2026&page=%2Fregister');
    expect(withoutVisit(sent)).toBe(url); // a waiting send still belongs to the form that made it
    expect(withVisit(leadUrl('https://api.example', 'career'), { campaign: {}, page: '/' })).toBe('https://api.example/addQuery?page=%2F');
    // On a partner's page: no page path (theirs), and nothing added when there is no campaign either.
    expect(withVisit(leadUrl('https://api.example', 'society', 'greenpark-rwa'), { campaign: {}, page: '' })).toBe('https://api.example/addSocietyQuery?partner=greenpark-rwa');
  });
});

describe('what counts', () => {
  it('a browser’s user agent is a person’s; bots, audits, headless browsers and HTTP libraries are not', () => {
    expect(isPersonAgent(CHROME)).toBe(true);
    expect(isPersonAgent('Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1')).toBe(true);
    for (const agent of [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0.0.0 Safari/537.36',
      'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Mobile Safari/537.36 Chrome-Lighthouse',
      'facebookexternalhit/1.1',
      'curl/8.5.0',
      'node',
      '',
    ]) {
      expect(isPersonAgent(agent), agent).toBe(false);
    }
  });

  it('a beacon counts when a page sent it, not while prerendering', () => {
    const beacon = { 'user-agent': CHROME, 'sec-fetch-mode': 'no-cors', 'sec-fetch-dest': 'empty' };
    expect(isCountableBeacon(beacon)).toBe(true);
    expect(isCountableBeacon({ ...beacon, 'sec-purpose': 'prefetch;prerender' })).toBe(false);
    expect(isCountableBeacon({ ...beacon, 'sec-fetch-mode': 'cors' })).toBe(false);
    expect(isCountableBeacon({ 'user-agent': CHROME })).toBe(false);
  });
});

describe('what a vitals beacon counts', () => {
  const ttfb = (navigationType?: string) => [{ name: 'FCP', navigationType }, { name: 'TTFB', navigationType }];

  it('a view for the TTFB of a page load, not for a reload, a back/forward-cache restore, or a later beacon without TTFB', () => {
    expect(beaconFunnel('/', ttfb('navigate'))).toEqual({ views: 1, starts: 0, sends: 0 });
    expect(beaconFunnel('/', ttfb('prerender'))).toMatchObject({ views: 1 }); // a prerender's reporter runs once it is shown
    expect(beaconFunnel('/', ttfb('back-forward'))).toMatchObject({ views: 1 });
    expect(beaconFunnel('/', ttfb('reload'))).toBeUndefined();
    expect(beaconFunnel('/', ttfb('back-forward-cache'))).toBeUndefined();
    expect(beaconFunnel('/', [{ name: 'CLS', navigationType: 'navigate' }, { name: 'INP', navigationType: 'navigate' }])).toBeUndefined();
  });

  it('a form’s starts and sends, with or without a view; a beacon carries at most one of each', () => {
    expect(beaconFunnel('/register', [], { starts: 1, sends: 1 })).toEqual({ views: 0, starts: 1, sends: 1 });
    expect(funnelBeaconSchema.safeParse({ starts: 1, sends: 1 }).success).toBe(true);
    for (const many of [{ starts: 2 }, { sends: 10 }, { starts: 1, sends: 2 }]) expect(funnelBeaconSchema.safeParse(many).success, JSON.stringify(many)).toBe(false);
    expect(beaconFunnel('/register', [], { starts: 0 })).toBeUndefined();
  });

  it('the campaign and partner from the page’s query, valid values only, nothing else of it', () => {
    const page = '/embed/frame?utm_source=%20qr%20&utm_campaign=diwali&email=a%40b.in&partner=greenpark-rwa&utm_medium=' + 'x'.repeat(101) + '#x';
    expect(beaconFunnel(page, ttfb('navigate'))).toEqual({ views: 1, starts: 0, sends: 0, utm_source: 'qr', utm_campaign: 'diwali', partner: 'greenpark-rwa' });
    expect(beaconFunnel('/?partner=Not%20an%20id&ref=rwa-board', ttfb('navigate'))).toEqual({ views: 1, starts: 0, sends: 0, ref: 'rwa-board' });
  });
});

describe('the counts', () => {
  it('adds up per day and key, folds every new key past the day’s key limit into one (other) key, and reads back with rates', async () => {
    const db = openVitalsDatabase(tempDir());
    const batcher = createWriteBatcher(db);
    let now = Date.UTC(2026, 10, 23, 12);
    const store = createFunnelStore(db, batcher, { retentionDays: 90 }, pino({ level: 'silent' }), () => now);
    const diwali = funnelKey('/', { utm_source: 'whatsapp', utm_campaign: 'diwali' }, null);
    await store.countBeacon('/', { views: 1, starts: 1, sends: 1, utm_source: 'whatsapp', utm_campaign: 'diwali' });
    await store.countBeacon('/', { views: 1, utm_source: 'whatsapp', utm_campaign: 'diwali' });
    await store.count(diwali, { lead: 1 });
    await store.count(funnelKey(null, {}, 'greenpark-rwa'), { lead: 1 });
    expect(funnelBy(db, 'campaign').map(({ key, views, starts, sends, leads }) => ({ key, views, starts, sends, leads }))).toEqual([
      { key: 'diwali', views: 2, starts: 1, sends: 1, leads: 1 },
      { key: '(none)', views: 0, starts: 0, sends: 0, leads: 1 },
    ]);
    expect(funnelTotal(db)).toMatchObject({ views: 2, starts: 1, sends: 1, leads: 2, startRate: 0.5, sendRate: 1, leadRate: 2, conversion: 1 });
    expect(funnelBy(db, 'page', { since: '2026-11-24' })).toEqual([]);

    now += 86_400_000; // the next day
    const rowsOfDay = db.prepare("SELECT COUNT(*) FROM funnel_counts WHERE day = '2026-11-24'").pluck();
    await Promise.all(Array.from({ length: MAX_KEYS_PER_DAY }, (_, i) => store.count(funnelKey('/', { utm_source: `flood-${i}` }, null), { view: 1 })));
    expect(rowsOfDay.get()).toBe(MAX_KEYS_PER_DAY);
    expect(db.prepare("SELECT key_count FROM funnel_day_keys WHERE day = '2026-11-24'").pluck().get()).toBe(MAX_KEYS_PER_DAY);
    // Past the limit, new pages, campaigns and partners all count under one key: (other) in every column.
    await Promise.all(
      Array.from({ length: 500 }, (_, i) =>
        store.count(funnelKey(`/page-${i}`, { utm_source: `s${i}`, utm_medium: `m${i}`, utm_campaign: `c${i}` }, `partner-${i}`), { view: 1, start: 1, send: 1 }),
      ),
    );
    expect(rowsOfDay.get()).toBe(MAX_KEYS_PER_DAY + 3);
    expect(db.prepare("SELECT page, source, medium, campaign, partner, event, count FROM funnel_counts WHERE day = '2026-11-24' AND source NOT LIKE 'flood-%' ORDER BY event").all()).toEqual(
      ['send', 'start', 'view'].map((event) => ({ page: OTHER, source: OTHER, medium: OTHER, campaign: OTHER, partner: OTHER, event, count: 500 })),
    );
    // A key the day already holds still counts under itself.
    await store.count(funnelKey('/', { utm_source: 'flood-7' }, null), { view: 1 });
    expect(db.prepare("SELECT count FROM funnel_counts WHERE day = '2026-11-24' AND source = 'flood-7'").pluck().get()).toBe(2);
    expect(funnelByWeek(db).map((w) => w.week)).toEqual(['2026-W48']);
    db.close();
  });

  it('names ISO weeks', () => {
    expect(isoWeekOfDay('2026-01-01')).toBe('2026-W01');
    expect(isoWeekOfDay('2027-01-01')).toBe('2026-W53');
    expect(isoWeekOfDay('2026-11-23')).toBe('2026-W48');
  });
});
