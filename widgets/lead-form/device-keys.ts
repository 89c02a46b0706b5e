/**
 * Where the forms and the page loader keep things on the visitor's device: string literals
 * only, so the page loader (../page-scripts/device-storage.ts) gets them inlined and shares no
 * chunk with the forms. How long: OUTBOX_MAX_AGE_DAYS (contract/device.ts).
 */

/** Every draft's localStorage key starts so, then `<kind>:<the form's POST URL>` (draftKey in lead-outbox.ts). */
export const DRAFT_KEY_PREFIX = 'societydesk:draft:';

/** The sessionStorage key of the visit's campaign (`utm_source=…&utm_campaign=…`, campaign values only; ../page-scripts/device-storage.ts). */
export const VISIT_CAMPAIGN_KEY = 'societydesk:campaign';
