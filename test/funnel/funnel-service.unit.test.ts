/**
 * What the funnel counts at the service (the counts of real visits in Chromium:
 * funnel.e2e.test.ts): an HTTP library's beacon, a beacon dressed as a browser's but sent by a
 * prerendering page, and a lead posted by a script (stored, not counted) count nothing; the
 * same beacon as a browser's sendBeacon sends it counts one view, one start and one send.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formValues } from '../helpers/fixtures.ts';
import { rawRequest, readDb, startServer } from '../helpers/server.ts';

/** A person's browser as it announces itself. */
const PERSON_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';

let site: Awaited<ReturnType<typeof startServer>>;
beforeAll(async () => {
  site = await startServer({ env: { SPAM_CHALLENGE: 'off' } });
});
afterAll(() => site?.stop());

const person = (n: number) => formValues('society', { name: `Funnel Person ${n}`, email: `funnel${n}@example.in` });
const leadOf = (email: string) =>
  readDb(site.dataDir, (db) => db.prepare("SELECT id FROM leads WHERE json_extract(fields, '$.email') = ?").get(email)) as { id: number } | undefined;
const funnelRows = (): { page: string; source: string; medium: string; campaign: string; partner: string; event: string; count: number }[] =>
  readDb(site.dataDir, (db) => db.prepare('SELECT page, source, medium, campaign, partner, event, count FROM funnel_counts ORDER BY 1, 2, 3, 4, 5, 6').all(), 'vitals.db') as never;

describe('what the funnel counts', () => {
  it('counts nothing for scripted requests or a prerender’s beacon, and the same beacon from a browser once', async () => {
    // Scripts without a page: an HTTP library's beacon, one dressed as a browser's but sent
    // by a prerendering page, and a lead posted by a script (stored, not counted).
    const beacon = JSON.stringify({
      page: '/about-us?utm_source=script',
      metrics: [{ name: 'TTFB', value: 120, rating: 'good', navigationType: 'navigate' }],
      funnel: { starts: 1, sends: 1 },
    });
    const plain = await fetch(`${site.url}/vitals`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: beacon });
    expect(plain.status).toBe(204);
    const browserLike = { 'content-type': 'text/plain', 'user-agent': PERSON_AGENT, 'sec-fetch-mode': 'no-cors', 'sec-fetch-dest': 'empty' };
    // fetch() sets its own Fetch metadata; a raw request sends exactly these headers.
    const prerender = await rawRequest(`${site.url}/vitals`, { headers: { ...browserLike, 'sec-purpose': 'prefetch;prerender' }, body: beacon });
    expect(prerender.status).toBe(204);
    const lead = await fetch(`${site.url}/addSocietyQuery?utm_source=script&page=/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(person(4)),
    });
    expect(lead.status).toBe(200);
    expect(leadOf('funnel4@example.in')).toBeDefined();
    // The same beacon from a browser is counted: the requests above were refused for what they are, not their shape.
    const counted = await rawRequest(`${site.url}/vitals`, { headers: browserLike, body: beacon });
    expect(counted.status).toBe(204);
    expect(funnelRows()).toEqual([
      { page: '/about-us', source: 'script', medium: '', campaign: '', partner: '', event: 'send', count: 1 },
      { page: '/about-us', source: 'script', medium: '', campaign: '', partner: '', event: 'start', count: 1 },
      { page: '/about-us', source: 'script', medium: '', campaign: '', partner: '', event: 'view', count: 1 },
    ]);
  });
});
