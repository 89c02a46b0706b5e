/**
 * The names partners and pages rely on: each custom element's tag and each event type
 * the forms dispatch. They are written here and nowhere else in the source; everything
 * else imports them. Plain constants only: the build inlines them where they are used
 * (vite.config.ts, `inlineConst`), so the page loader and the widget entries share no chunk.
 */
export const SOCIETY_REGISTRATION = 'society-registration';
export const CAREER_APPLICATION = 'career-application';
export const FAQ_ACCORDION = 'faq-accordion';
export const TOAST_HOST = 'toast-host';

/** Every element, each built to a stable URL: dist/widgets/<tag>.js from widgets/<tag>/define.ts. */
export const widgetTags = [SOCIETY_REGISTRATION, CAREER_APPLICATION, FAQ_ACCORDION, TOAST_HOST] as const;
export type WidgetTag = (typeof widgetTags)[number];

export const REGISTRATION_SUCCESS = 'registration-success';
export const REGISTRATION_ERROR = 'registration-error';
export const APPLICATION_SUCCESS = 'application-success';
export const APPLICATION_ERROR = 'application-error';
