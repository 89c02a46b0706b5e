/**
 * The privacy notice page covers the DPDP Act 2023 and its Rules: the data per
 * form, the purposes, retention, the rights and how to use them, the Grievance Officer
 * (from site.config.ts), the Data Protection Board, withdrawal; the spec's facts stay.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSiteConfig } from '../../site.config.ts';
import { NOTICE_VERSION, PRIVACY_NOTICE_PATH } from '../../contract/collection-notice.ts';
import { startServer, type RunningServer } from '../helpers/server.ts';

const site = loadSiteConfig();
const privacy = site.privacy.in.en;
let server: RunningServer;
let html: string;
let text: string;
beforeAll(async () => {
  server = await startServer({ site: true });
  html = await (await fetch(`${server.url}/privacy-policy`)).text();
  text = html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
});
afterAll(() => server?.stop());

describe('the privacy notice (DPDP Act 2023 and Rules 2025)', () => {
  it("keeps the spec's facts: effective 1 September 2025, children under 13, Back to Home; adds the last update and the notice version", () => {
    expect(text).toContain('Effective date: 1 September 2025');
    expect(text).toContain('not directed at children under 13');
    expect(text).toContain('Back to Home');
    expect(html).toContain(`<time datetime="${NOTICE_VERSION}">`);
    expect(text).toContain(`notice version ${NOTICE_VERSION}`);
  });

  it('itemises the data per form in the words of the notice under the forms, with purposes and retention', () => {
    for (const kind of ['society', 'career'] as const) {
      const notice = privacy.notice[kind];
      expect(text).toContain(notice.collected);
      expect(text).toContain(notice.purpose);
    }
    expect(text).toContain(privacy.notice.society.retention);
    expect(text).toContain('older than 12 months');
    expect(text).toMatch(/Data Fiduciary/);
  });

  it('names every right, how to use it, how to withdraw consent, the Grievance Officer and the Data Protection Board', () => {
    for (const right of ['Access:', 'Correction and erasure:', 'Grievance redressal:', 'Nomination:']) expect(text).toContain(right);
    expect(text).toMatch(/How to use them: write to/);
    expect(text).toMatch(/withdraw your consent at any time/);
    const officer = site.grievanceOfficer;
    expect(text).toContain(`Grievance Officer, ${officer.name}`);
    expect(html).toContain(`href="mailto:${officer.email}"`);
    expect(html).toContain(`href="tel:${officer.phoneHref}"`);
    expect(text).toMatch(/Data Protection Board of India/);
    expect(text).toMatch(/13 May 2027/);
  });

  it('has every anchor the form notices and other pages link to', () => {
    for (const id of ['website-forms', 'purposes', 'retention', 'your-rights', 'withdraw-consent', 'grievance-officer', 'data-protection-board']) {
      expect(html, id).toContain(`id="${id}"`);
    }
    expect(html).toContain(`id="${PRIVACY_NOTICE_PATH.split('#')[1]}"`);
  });
});
