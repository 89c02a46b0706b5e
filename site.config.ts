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
        // ASCII digits in every language, as the pages' own figures (Marathi's locale would write Devanagari digits)
        updatedOn: updated.toLocaleDateString(htmlLang, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC', numberingSystem: 'latn' }),
        retention: retentionPeriod(retentionDays, text.period),
        notice: notice as Record<LeadKind, CollectionNotice>,
      }];
    }),
  ) as Record<LanguageCode, PrivacyText>;
}

/**
 * One environment variable: `default` is the value used when it is unset or empty, where
 * there is one; `defaultText` says it in words where there is not. docs/operations.md's
 * configuration tables are generated from SITE_SETTINGS and server/config.ts's SETTINGS
 * (`npm run docs:config`).
 */
export interface SettingDoc {
  default?: string | number;
  defaultText?: string;
  /** What the variable does (Markdown, one cell of the table). */
  description: string;
}

/** SITE_URL's default: canonical URLs, the sitemap, the embed snippet, and the service's own origin. */
export const DEFAULT_SITE_URL = 'https://societydesk.example';

/** The build-time settings, in the order the table lists them. */
export const SITE_SETTINGS = {
  SITE_NAME: { default: 'SocietyDesk', description: 'brand name used on every page' },
  SITE_TAGLINE: { default: 'Free society management and security app', description: 'used in social cards' },
  SITE_URL: { default: DEFAULT_SITE_URL, description: 'canonical URLs, sitemap, Open Graph, the share page\'s QR code, the embed snippet' },
  API_BASE: { default: '', defaultText: 'empty: the origin the widget script came from', description: 'where the forms post' },
  VITALS_ENDPOINT: {
    default: '',
    defaultText: 'empty: `{API_BASE}/vitals`, else `{page origin}/vitals`',
    description: 'where field Web Vitals beacons go (sent with `sendBeacon`: TTFB at once, the rest when the page is hidden; the reporter loads after the page is idle)',
  },
  WEB_APP_URL: { default: 'https://app.societydesk.example', description: 'the web app (the footer\'s and `/features`\' "Open the Web App" links)' },
  DEMO_VIDEO_URL: { default: 'https://www.youtube.com/@societydesk', description: 'the home page\'s "Watch Demo" link' },
  PLAY_STORE_URL: { default: 'https://play.google.com/store/apps/details?id=example.societydesk', description: 'the footer\'s Google Play badge' },
  SOCIAL_FACEBOOK: { default: 'https://www.facebook.com/societydesk', description: 'footer social link' },
  SOCIAL_INSTAGRAM: { default: 'https://www.instagram.com/societydesk', description: 'footer social link' },
  SOCIAL_LINKEDIN: { default: 'https://www.linkedin.com/company/societydesk', description: 'footer social link' },
  SOCIAL_X: { default: 'https://x.com/societydesk', description: 'footer social link' },
  SOCIAL_YOUTUBE: { default: 'https://www.youtube.com/@societydesk', description: 'footer social link' },
  CONTACT_EMAIL: {
    default: 'hello@societydesk.example',
    description: 'contact address; also where the form notices send withdrawals and rights requests',
  },
  CONTACT_PHONE: { default: '+91 11 4000 0000', description: 'contact phone' },
  CONTACT_ADDRESS: { default: 'New Delhi, India', description: 'contact address' },
  GRIEVANCE_OFFICER_NAME: {
    default: 'Asha Verma',
    description: 'the Grievance Officer named on both privacy pages (DPDP Act; illustrative default: set the real one before launch)',
  },
  GRIEVANCE_OFFICER_EMAIL: { default: 'grievance@societydesk.example', description: 'the Grievance Officer\'s email' },
  GRIEVANCE_OFFICER_PHONE: { default: '+91 11 4000 0001', description: 'the Grievance Officer\'s phone' },
  LEAD_RETENTION_DAYS: {
    default: DEFAULT_LEAD_RETENTION_DAYS,
    description: 'the retention the form notices and both privacy pages state; read by the service too, which erases leads past it',
  },
} as const satisfies Record<string, SettingDoc>;

/** LEAD_RETENTION_DAYS as the notices state it: a whole number of days; anything else stops the build (and the service). */
function retention(value: string): number {
  const days = /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (!(days >= 1 && days <= 3650)) throw new Error(`LEAD_RETENTION_DAYS must be a whole number from 1 to 3650 (default ${SITE_SETTINGS.LEAD_RETENTION_DAYS.default}); got "${value}"`);
  return days;
}

export function loadSiteConfig(vars: Record<string, string | undefined> = process.env): SiteConfig {
  const env = (name: string, fallback: string): string => {
    const value = vars[name];
    return value !== undefined && value.trim() !== '' ? value.trim() : fallback;
  };
  const telHref = (phone: string) => phone.replace(/[^\d+]/g, '');
  const retentionDays = retention(env('LEAD_RETENTION_DAYS', String(SITE_SETTINGS.LEAD_RETENTION_DAYS.default)));
  const contactEmail = env('CONTACT_EMAIL', SITE_SETTINGS.CONTACT_EMAIL.default);
  return {
    brandName: env('SITE_NAME', SITE_SETTINGS.SITE_NAME.default),
    tagline: env('SITE_TAGLINE', SITE_SETTINGS.SITE_TAGLINE.default),
    siteUrl: env('SITE_URL', SITE_SETTINGS.SITE_URL.default).replace(/\/+$/, ''),
    apiBase: env('API_BASE', SITE_SETTINGS.API_BASE.default).replace(/\/+$/, ''),
    vitalsEndpoint: env('VITALS_ENDPOINT', SITE_SETTINGS.VITALS_ENDPOINT.default),
    webAppUrl: env('WEB_APP_URL', SITE_SETTINGS.WEB_APP_URL.default),
    demoVideoUrl: env('DEMO_VIDEO_URL', SITE_SETTINGS.DEMO_VIDEO_URL.default),
    playStoreUrl: env('PLAY_STORE_URL', SITE_SETTINGS.PLAY_STORE_URL.default),
    social: {
      facebook: env('SOCIAL_FACEBOOK', SITE_SETTINGS.SOCIAL_FACEBOOK.default),
      instagram: env('SOCIAL_INSTAGRAM', SITE_SETTINGS.SOCIAL_INSTAGRAM.default),
      linkedin: env('SOCIAL_LINKEDIN', SITE_SETTINGS.SOCIAL_LINKEDIN.default),
      x: env('SOCIAL_X', SITE_SETTINGS.SOCIAL_X.default),
      youtube: env('SOCIAL_YOUTUBE', SITE_SETTINGS.SOCIAL_YOUTUBE.default),
    },
    contact: {
      email: contactEmail,
      phone: env('CONTACT_PHONE', SITE_SETTINGS.CONTACT_PHONE.default),
      phoneHref: telHref(env('CONTACT_PHONE', SITE_SETTINGS.CONTACT_PHONE.default)),
      address: env('CONTACT_ADDRESS', SITE_SETTINGS.CONTACT_ADDRESS.default),
    },
    grievanceOfficer: {
      name: env('GRIEVANCE_OFFICER_NAME', SITE_SETTINGS.GRIEVANCE_OFFICER_NAME.default),
      email: env('GRIEVANCE_OFFICER_EMAIL', SITE_SETTINGS.GRIEVANCE_OFFICER_EMAIL.default),
      phone: env('GRIEVANCE_OFFICER_PHONE', SITE_SETTINGS.GRIEVANCE_OFFICER_PHONE.default),
      phoneHref: telHref(env('GRIEVANCE_OFFICER_PHONE', SITE_SETTINGS.GRIEVANCE_OFFICER_PHONE.default)),
    },
    privacy: { noticeVersion: NOTICE_VERSION, retentionDays, in: privacyTexts(contactEmail, retentionDays) },
  };
}
