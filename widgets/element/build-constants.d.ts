/** Replaced at build time by Vite's `define` (vite.config.ts). Empty string when not configured. */
declare const __SITE_API_BASE__: string;
/** The email address the collection notice gives for withdrawing consent (site.config.ts). */
declare const __SITE_PRIVACY_EMAIL__: string;
