/**
 * The public API of the custom elements: what partners may rely on. The build turns it
 * into dist/custom-elements.json and dist/widgets/index.d.ts
 * (scripts/build/custom-elements-plugin.ts), the `{{widget}}` page helper checks its
 * arguments against it, and the browser tests check the built elements against it.
 * Build and test code only: the widgets themselves never import it.
 */
import {
  APPLICATION_ERROR,
  APPLICATION_SUCCESS,
  CAREER_APPLICATION,
  FAQ_ACCORDION,
  REGISTRATION_ERROR,
  REGISTRATION_SUCCESS,
  SOCIETY_REGISTRATION,
  TOAST_HOST,
  type WidgetTag,
} from './names.ts';
import { careerApplicationDefaults, societyRegistrationDefaults } from './texts.ts';

export interface ElementApi {
  tag: WidgetTag;
  className: string;
  description: string;
  attributes: { name: string; property: string; type: string; default: string; description: string }[];
  events: { name: string; detail: string; description: string }[];
  cssProperties: { name: string; default: string; description: string }[];
  cssParts: { name: string; description: string }[];
}

const theme: ElementApi['cssProperties'] = [
  { name: '--widget-accent', default: '#0f766e', description: 'Accent colour: the button, focus rings and links.' },
  { name: '--widget-accent-contrast', default: '#ffffff', description: 'Text colour on the accent colour.' },
  { name: '--widget-radius', default: '8px', description: 'Corner radius of the card, fields and button.' },
  { name: '--widget-font', default: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Helvetica Neue", Arial, sans-serif', description: 'Font family of the whole form.' },
  { name: '--widget-surface', default: '#ffffff', description: 'Background of the form card.' },
  { name: '--widget-text', default: '#0f172a', description: 'Main text colour.' },
];

const formParts: ElementApi['cssParts'] = [
  { name: 'form', description: 'The card: the <form>, and after a success the confirmation in its place.' },
  { name: 'heading', description: 'The heading (h2), of the form and of the confirmation.' },
  { name: 'intro', description: 'The line under the heading.' },
  { name: 'field', description: 'Each label-and-control group.' },
  { name: 'label', description: 'Each <label>.' },
  { name: 'input', description: 'Each input, select and textarea.' },
  { name: 'field-error', description: 'Under a field the service refused: its message (the control has aria-invalid and aria-describedby pointing to it).' },
  { name: 'notice', description: 'The collection notice above the button: what is collected and why, how long it is kept, how to withdraw, the full privacy notice.' },
  { name: 'link', description: 'Each link in the notice.' },
  { name: 'button', description: 'The submit button, and the confirmation\'s button that brings back an empty form.' },
  { name: 'confirmation', description: 'After a success: the card that takes the form\'s place until the visitor asks to send another (it is also the form part).' },
  { name: 'confirmation-message', description: 'The message in the confirmation: what happens next.' },
];

/** Parts that exist only in a state of the form: after a refusal naming a field, or after a success. */
export const statePartNames: readonly string[] = ['field-error', 'confirmation', 'confirmation-message'];

/** The two forms share attributes, theme and parts; they differ in what they post and the events they send. */
function formApi(form: {
  tag: WidgetTag;
  className: string;
  description: string;
  defaults: { heading: string; intro: string };
  success: { name: string; detail: string; description: string };
  error: { name: string; detail: string; description: string };
}): ElementApi {
  return {
    tag: form.tag,
    className: form.className,
    description: form.description,
    attributes: [
      { name: 'api-base', property: 'apiBase', type: 'string', default: "the build's API_BASE, else the origin the widget script was loaded from", description: 'Base URL of the intake service the form posts to.' },
      { name: 'partner', property: 'partner', type: 'string', default: 'none', description: 'Your partner id (1–40 lowercase letters, digits and inner hyphens, e.g. "greenpark-rwa"): sent as ?partner= on the POST URL so the team sees where the lead came from; never in the body. An invalid id is not sent (a console warning says why).' },
      { name: 'heading', property: 'heading', type: 'string', default: form.defaults.heading, description: 'Replaces the heading text.' },
      { name: 'intro', property: 'intro', type: 'string', default: form.defaults.intro, description: 'Replaces the line under the heading.' },
    ],
    events: [form.success, form.error],
    cssProperties: theme,
    cssParts: formParts,
  };
}

export const widgetApi: ElementApi[] = [
  formApi({
    tag: SOCIETY_REGISTRATION,
    className: 'SocietyRegistrationElement',
    description: 'The society registration form: posts {name, email, phone, societyName, city, position} to {api-base}/addSocietyQuery and shows the result as a toast.',
    defaults: societyRegistrationDefaults,
    success: { name: REGISTRATION_SUCCESS, detail: "{ kind: 'society' }", description: 'The service stored the registration.' },
    error: { name: REGISTRATION_ERROR, detail: "{ kind: 'society'; reason: 'server' | 'network' | 'timeout' | 'invalid-response'; status?: number }", description: 'The registration was not stored; the fields keep what was typed.' },
  }),
  formApi({
    tag: CAREER_APPLICATION,
    className: 'CareerApplicationElement',
    description: 'The internship and job application form: posts {name, email, phone, college, course, yearOfStudy, areaOfInterest, message} to {api-base}/addQuery.',
    defaults: careerApplicationDefaults,
    success: { name: APPLICATION_SUCCESS, detail: "{ kind: 'career' }", description: 'The service stored the application.' },
    error: { name: APPLICATION_ERROR, detail: "{ kind: 'career'; reason: 'http' | 'network' | 'timeout' | 'invalid-response'; status?: number }", description: 'The application was not stored; the fields keep what was typed.' },
  }),
  {
    tag: FAQ_ACCORDION,
    className: 'FaqAccordionElement',
    description: 'Wraps <details> elements and keeps one open at a time; the open one can be collapsed. Works as plain <details> without JavaScript.',
    attributes: [],
    events: [],
    cssProperties: [],
    cssParts: [],
  },
  {
    tag: TOAST_HOST,
    className: 'ToastHostElement',
    description: 'Shows the toasts raised by the form widgets in an accessible live region. A form widget adds one to <body> when the page has none. Alt+T moves focus to the newest toast.',
    attributes: [],
    events: [],
    cssProperties: theme.filter((p) => ['--widget-font', '--widget-radius', '--widget-surface', '--widget-text'].includes(p.name)),
    cssParts: [
      { name: 'toast', description: 'Each toast.' },
      { name: 'toast-default', description: 'A toast that reports success.' },
      { name: 'toast-destructive', description: 'A toast that reports a failure.' },
      { name: 'toast-title', description: 'The title line of a toast.' },
      { name: 'toast-description', description: 'The description of a toast.' },
      { name: 'toast-close', description: 'The close button of a toast.' },
    ],
  },
];

export const apiOf = (tag: string): ElementApi | undefined => widgetApi.find((api) => api.tag === tag);
