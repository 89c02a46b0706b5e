/**
 * Speculation rules for every page (served as SPECULATION_RULES_PATH; the loader adds them to
 * the page once it has painted, widgets/page-scripts/speculation.ts): Chromium prerenders a
 * page of this site that a link points to on the "moderate" signal (the pointer resting on
 * the link on desktop, the viewport heuristics on phones). A prerendered page starts none of its
 * scripts until it is shown (deferred-scripts.ts), so it has no side effects before then.
 *
 * Never speculated:
 * - other sites (the pattern is this origin's paths only), `mailto:` and `tel:`;
 * - files (any path with a dot: the QR code's SVG, images, JSON), and anything with `download`;
 * - /embed/frame, the page made to be framed by partner sites;
 * - anything while the visitor asks to save data: the loader adds no rules then.
 * The language switch is a plain link to the same page in the other language, with no state
 * to set: as safe to prerender as any other page, so it is not excluded.
 */
export const speculationRules = {
  prerender: [
    {
      source: 'document',
      where: {
        and: [
          { href_matches: '/*' },
          { not: { href_matches: ['/*.*', '/embed/frame', '/*/embed/frame'] } },
          { not: { selector_matches: '[download]' } },
        ],
      },
      eagerness: 'moderate',
    },
  ],
};

/** The rules file's text: the inline script the loader adds, whose hash goes into every page's CSP. */
export const speculationRulesText = JSON.stringify(speculationRules);
