/**
 * Speculation rules for every page (served as SPECULATION_RULES_PATH, named by each page's
 * `Speculation-Rules` header, server/site-headers.ts): Chromium prerenders a page of this
 * site that a link points to on the "moderate" signal (the pointer resting on the link on
 * desktop, the viewport heuristics on phones). A prerendered page starts none of its
 * scripts until it is shown (deferred-scripts.ts), so it has no side effects before then.
 *
 * Never speculated:
 * - other sites (the pattern is this origin's paths only), `mailto:` and `tel:`;
 * - files (any path with a dot: the QR code's SVG, images, JSON), and anything with `download`;
 * - /embed/frame, the page made to be framed by partner sites;
 * - any link while the visitor asks to save data (Chromium does not hold speculation back
 *   for Save-Data itself): the local server answers a rules request that carries
 *   `Save-Data: on` with an empty rule set (server/static-site.ts), and the loader puts
 *   SAVE_DATA_CLASS on <html> when `navigator.connection.saveData` is set (for static hosts).
 * The language switch is a plain link to the same page in the other language, with no state
 * to set: as safe to prerender as any other page, so it is not excluded.
 */
import { SAVE_DATA_CLASS } from '../../widgets/page-scripts/save-data.ts';

export const speculationRules = {
  prerender: [
    {
      source: 'document',
      where: {
        and: [
          { href_matches: '/*' },
          { not: { href_matches: ['/*.*', '/embed/frame', '/*/embed/frame'] } },
          { not: { selector_matches: [`.${SAVE_DATA_CLASS} *`, '[download]'] } },
        ],
      },
      eagerness: 'moderate',
    },
  ],
};
