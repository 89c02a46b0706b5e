import { type CollectionNotice, collectionNotice, DEFAULT_LEAD_RETENTION_DAYS, NOTICE_VERSION, retentionPeriod } from './contract/collection-notice.ts';
import { type LeadKind, LEAD_KINDS } from './contract/lead-contract.ts';
import { type LanguageCode, languages } from './contract/languages.ts';
import { NOTICE_TEXTS } from './contract/messages/index.ts';

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
   * how long leads are kept (LEAD_RETENTION_DAYS, read by the service too), and per
   * language the notice shown under each form, which that language's privacy page
   * repeats word for word (a page's template sees its language's as `privacy`).
   */
  privacy: {
    noticeVersion: string;
    retentionDays: number;
    in: Record<LanguageCode, PrivacyText>;
  };
}

/** The privacy notice's moving parts in one language. */
export interface PrivacyText {
  noticeVersion: string;
  retentionDays: number;
  /** The notice version as a date in words ("22 November 2026", "22 नवंबर 2026"): the page's "last updated". */
  updatedOn: string;
  /** The retention in words ("12 months", "12 महीने"). */
  retention: string;
  notice: Record<LeadKind, CollectionNotice>;
}

/** The privacy facts in each language, from the notice the forms show. */
function privacyTexts(contactEmail: string, retentionDays: number): Record<LanguageCode, PrivacyText> {
  const updated = new Date(`${NOTICE_VERSION}T00:00:00Z`);
  return Object.fromEntries(
    languages.map(({ code, htmlLang }) => {
      const text = NOTICE_TEXTS[code as LanguageCode];
      const notice = Object.fromEntries(LEAD_KINDS.map((kind) => [kind, collectionNotice(kind, { contactEmail, retentionDays, text })]));
      return [code, {
        noticeVersion: NOTICE_VERSION,
        retentionDays,
        updatedOn: updated.toLocaleDateString(htmlLang, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }),
        retention: retentionPeriod(retentionDays, text.period),
        notice: notice as Record<LeadKind, CollectionNotice>,
      }];
    }),
  ) as Record<LanguageCode, PrivacyText>;
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
    privacy: { noticeVersion: NOTICE_VERSION, retentionDays, in: privacyTexts(contactEmail, retentionDays) },
  };
}
