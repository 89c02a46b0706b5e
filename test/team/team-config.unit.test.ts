/**
 * The team's settings and fixed texts: TEAM_ORIGIN (the passkeys' relying party and the
 * origin of links; an IP address refused, since no browser registers a passkey for one), the
 * headers /team/ is served with, the invitation email, and what "late" means.
 */
import { describe, expect, it } from 'vitest';
import { isLate, NEW_LEAD_LATE_AFTER_MS, teamToday } from '../../contract/team.ts';
import { ConfigError, loadServerConfig } from '../../server/config.ts';
import { teamHeaders } from '../../server/site/headers.ts';
import { invitationEmail } from '../../server/team/invitation-email.ts';
import { teamLeadUrl } from '../../server/delivery/lead-event.ts';

describe('TEAM_ORIGIN', () => {
  it("is SITE_URL's origin by default, its own when set, and never an IP address", () => {
    expect(loadServerConfig({ SITE_URL: 'https://societydesk.example/some/path' }).teamOrigin).toBe('https://societydesk.example');
    expect(loadServerConfig({ TEAM_ORIGIN: 'http://localhost:8080/team/' }).teamOrigin).toBe('http://localhost:8080');
    expect(loadServerConfig({ TEAM_ORIGIN: 'https://team.societydesk.example' }).teamOrigin).toBe('https://team.societydesk.example');
    expect(() => loadServerConfig({ TEAM_ORIGIN: 'http://127.0.0.1:8080' })).toThrow(ConfigError);
    expect(() => loadServerConfig({ TEAM_ORIGIN: 'http://[::1]:8080' })).toThrow(/passkeys refuse/);
    expect(() => loadServerConfig({ TEAM_ORIGIN: 'team.example' })).toThrow(/absolute http\(s\) URL/);
    expect(teamLeadUrl('https://team.societydesk.example', 42)).toBe('https://team.societydesk.example/team/leads/42');
  });
});

describe('/team/ headers', () => {
  it('the page: the strict CSP without inline hashes, never stored or indexed; its hashed files: cached, not indexed', () => {
    const page = teamHeaders('team/index.html');
    expect(page['Content-Security-Policy']).toBe(
      "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'",
    );
    expect(page).toMatchObject({ 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex, nofollow', 'Referrer-Policy': 'no-referrer', 'Cross-Origin-Opener-Policy': 'same-origin', 'X-Frame-Options': 'DENY' });
    expect(teamHeaders('team/assets/index-abc.js')).toEqual({ 'X-Content-Type-Options': 'nosniff', 'X-Robots-Tag': 'noindex, nofollow', 'Cache-Control': 'public, max-age=31536000, immutable' });
  });
});

describe('the invitation email', () => {
  it('carries the link, says it works once within 24 hours, and escapes what it shows', () => {
    const link = 'https://team.example/team/invite#abc_DEF-123';
    const mail = invitationEmail('asha@team.example', link, 'Society<Desk>', 'SocietyDesk <leads@societydesk.example>');
    expect(mail).toMatchObject({ to: 'asha@team.example', from: 'SocietyDesk <leads@societydesk.example>', subject: "Your invitation to the Society<Desk> team's worklist" });
    expect(mail.text).toContain(`\n${link}\n`);
    expect(mail.text).toMatch(/within 24 hours/);
    expect(mail.text).toMatch(/works once/);
    expect(mail.html).toContain(`<a href="${link}">Accept the invitation</a>`);
    expect(mail.html).toContain('Society&lt;Desk&gt;');
  });
});

describe('late', () => {
  it('is a new lead older than 24 hours, or a next-call date before today in India', () => {
    const now = Date.parse('2026-11-25T20:00:00Z'); // 26 Nov, 01:30 in India
    expect(teamToday(now)).toBe('2026-11-26');
    expect(isLate({ status: 'new', createdAt: now - NEW_LEAD_LATE_AFTER_MS - 1, nextCallOn: null }, now)).toBe(true);
    expect(isLate({ status: 'new', createdAt: now - NEW_LEAD_LATE_AFTER_MS + 60_000, nextCallOn: null }, now)).toBe(false);
    expect(isLate({ status: 'contacted', createdAt: 0, nextCallOn: null }, now)).toBe(false);
    expect(isLate({ status: 'contacted', createdAt: 0, nextCallOn: '2026-11-25' }, now)).toBe(true);
    expect(isLate({ status: 'contacted', createdAt: 0, nextCallOn: '2026-11-26' }, now)).toBe(false);
  });
});
