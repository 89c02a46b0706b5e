import path from 'node:path';

/** The custom elements, each built to a stable URL: dist/widgets/<tag>.js. */
export const widgetTags = ['society-registration', 'career-application', 'faq-accordion', 'toast-host'] as const;
export type WidgetTag = (typeof widgetTags)[number];

export function widgetEntries(root: string): Record<string, string> {
  return Object.fromEntries(widgetTags.map((tag) => [`widget-${tag}`, path.join(root, 'widgets', tag, 'define.ts')]));
}
