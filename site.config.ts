import type { LeadKind } from './contract/lead-contract.ts';
import {
  type CollectionNotice,
  collectionNotice,
  DEFAULT_LEAD_RETENTION_DAYS,
  NOTICE_VERSION,
  retentionPeriod,
} from './contract/collection-notice.ts';

/**
 * Every value that differs per deployment. Environment variables of the same
 * name (SITE_NAME, SITE_URL, ...) override these defaults at build time.
 * The spec never names the product, so the default brand is neutral.
 */
export interface SiteConfig {
  brandName: string;
  tagline: string;
  siteUrl: string;
  /** Where the widgets POST to. Empty: the origin the widget script was loaded from. */
  apiBase: string;
  /** Where web-vitals beacons go. Empty: `${apiBase or script origin}/vitals`. */
  vitalsEndpoint: string;
  webAppUrl: string;
  demoVideoUrl: string;
  playStoreUrl: string;
  social: { facebook: string; instagram: string; linkedin: string; x: string; youtube: string };
  contact: { email: string; phone: string; phoneHref: string; address: string };
  /** The Grievance Officer named in the privacy notice (DPDP Act 2023, s. 8(10) and the Rules). */
  grievanceOfficer: { name: string; email: string; phone: string; phoneHref: string };
  /**
   * The privacy notice's moving parts: its version (also the date it was last updated),
   * how long leads are kept (LEAD_RETENTION_DAYS, read by the service too), and the notice
   * shown under each form, which the privacy page repeats word for word.
   */
  privacy: {
    noticeVersion: string;
    /** The notice version as a date in words ("22 November 2026"): the page's "last updated". */
    updatedOn: string;
    retentionDays: number;
    retention: string;
    notice: Record<LeadKind, CollectionNotice>;
  };
}

export function loadSiteConfig(vars: Record<string, string | undefined> = process.env): SiteConfig {
  const env = (name: string, fallback: string): string => {
    const value = vars[name];
    return value !== undefined && value.trim() !== '' ? value.trim() : fallback;
  };
  const telHref = (phone: string) => phone.replace(/[^\d+]/g, '');
  const days = Number.parseInt(env('LEAD_RETENTION_DAYS', ''), 10);
  const retentionDays = days > 0 ? days : DEFAULT_LEAD_RETENTION_DAYS;
  const contactEmail = env('CONTACT_EMAIL', 'hello@societydesk.example');
  const noticeFor = (kind: LeadKind) => collectionNotice(kind, { contactEmail, retentionDays });
  return {
    brandName: env('SITE_NAME', 'SocietyDesk'),
    tagline: env('SITE_TAGLINE', 'Free society management and security app'),
    siteUrl: env('SITE_URL', 'https://societydesk.example').replace(/\/+$/, ''),
    apiBase: env('API_BASE', '').replace(/\/+$/, ''),
    vitalsEndpoint: env('VITALS_ENDPOINT', ''),
    webAppUrl: env('WEB_APP_URL', 'https://app.societydesk.example'),
    demoVideoUrl: env('DEMO_VIDEO_URL', 'https://www.youtube.com/@societydesk'),
    playStoreUrl: env('PLAY_STORE_URL', 'https://play.google.com/store/apps/details?id=example.societydesk'),
    social: {
      facebook: env('SOCIAL_FACEBOOK', 'https://www.facebook.com/societydesk'),
      instagram: env('SOCIAL_INSTAGRAM', 'https://www.instagram.com/societydesk'),
      linkedin: env('SOCIAL_LINKEDIN', 'https://www.linkedin.com/company/societydesk'),
      x: env('SOCIAL_X', 'https://x.com/societydesk'),
      youtube: env('SOCIAL_YOUTUBE', 'https://www.youtube.com/@societydesk'),
    },
    contact: {
      email: contactEmail,
      phone: env('CONTACT_PHONE', '+91 11 4000 0000'),
      phoneHref: telHref(env('CONTACT_PHONE', '+91 11 4000 0000')),
      address: env('CONTACT_ADDRESS', 'New Delhi, India'),
    },
    grievanceOfficer: {
      name: env('GRIEVANCE_OFFICER_NAME', 'Asha Verma'),
      email: env('GRIEVANCE_OFFICER_EMAIL', 'grievance@societydesk.example'),
      phone: env('GRIEVANCE_OFFICER_PHONE', '+91 11 4000 0001'),
      phoneHref: telHref(env('GRIEVANCE_OFFICER_PHONE', '+91 11 4000 0001')),
    },
    privacy: {
      noticeVersion: NOTICE_VERSION,
      updatedOn: new Date(`${NOTICE_VERSION}T00:00:00Z`).toLocaleDateString('en-IN', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }),
      retentionDays,
      retention: retentionPeriod(retentionDays),
      notice: { society: noticeFor('society'), career: noticeFor('career') },
    },
  };
}
