/** Replaced at build time by Vite's `define` (vite.config.ts). Empty string when not configured. */
declare const __SITE_API_BASE__: string;
