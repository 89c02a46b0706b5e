/** Replaced at build time by Vite's `define` (vite.config.ts). Empty string when not configured. */
declare const __SITE_API_BASE__: string;
/** The email address the collection notice gives for withdrawing consent (site.config.ts). */
declare const __SITE_PRIVACY_EMAIL__: string;
/** How long a lead is kept (LEAD_RETENTION_DAYS): the collection notice says it. */
declare const __SITE_LEAD_RETENTION_DAYS__: number;
