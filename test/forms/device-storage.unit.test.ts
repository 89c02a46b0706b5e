/**
 * What the page loader keeps of an address for the tab's visit (widgets/page-scripts/device-storage.ts,
 * issue 30 finding 8): the contract's campaign parameters and nothing else, as the forms read
 * them back; its written-out copy of the contract's names and value limit stays equal to it.
 */
import { describe, expect, it } from 'vitest';
import { CAMPAIGN_KEYS, CAMPAIGN_MAX_LENGTH, campaignOf } from '../../contract/campaign.ts';
import { CAMPAIGN_PARAMETERS } from '../../widgets/page-scripts/device-storage.ts';

/** What keepVisitCampaign keeps of `search`. */
const kept = (search: string) => search.match(CAMPAIGN_PARAMETERS)?.join('').slice(1) ?? '';

describe('the campaign a tab keeps', () => {
  it('takes the contract’s campaign parameters, each of them, and no other', () => {
    for (const key of CAMPAIGN_KEYS) expect(kept(`?${key}=x`), key).toBe(`${key}=x`);
    expect(kept('?utm_term=a&utm_content=b&fbclid=c&gclid=d&partner=greenpark-rwa&xref=e&email=a%40b.in&page=%2F')).toBe('');
    expect(kept('?partner=greenpark-rwa&utm_source=whatsapp&email=a%40b.in&utm_campaign=diwali%202026&ref=')).toBe(
      'utm_source=whatsapp&utm_campaign=diwali%202026',
    );
    expect(campaignOf(new URLSearchParams(kept('?utm_source=whatsapp&fbclid=1&utm_campaign=diwali%202026')))).toEqual({
      utm_source: 'whatsapp',
      utm_campaign: 'diwali 2026',
    });
  });

  it('keeps a value as long as the contract allows in any script, and none longer', () => {
    const longest = 'क'.repeat(CAMPAIGN_MAX_LENGTH);
    expect(campaignOf(new URLSearchParams(kept(`?utm_campaign=${encodeURIComponent(longest)}`)))).toEqual({ utm_campaign: longest });
    expect(kept(`?utm_campaign=${encodeURIComponent(longest + 'क')}&utm_source=qr`)).toBe('utm_source=qr');
    expect(kept(`?utm_campaign=${'x'.repeat(2000)}`)).toBe('');
  });
});
