/**
 * The elements the page loader (widgets/page-scripts/loader.ts) watches, each with the import
 * of its definition. Kept apart from the rest of the registry so the loader, the one
 * script every page runs, pulls in nothing else. <toast-host> is not here: a form adds it.
 */
import { CAREER_APPLICATION, FAQ_ACCORDION, SOCIETY_REGISTRATION } from './names.ts';

export const lazyWidgets: Record<string, () => Promise<unknown>> = {
  [SOCIETY_REGISTRATION]: () => import('../society-registration/define.ts'),
  [CAREER_APPLICATION]: () => import('../career-application/define.ts'),
  [FAQ_ACCORDION]: () => import('../faq-accordion/define.ts'),
};
