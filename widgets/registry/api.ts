/**
 * The public API of the custom elements: what partners may rely on. The build turns it
 * into dist/custom-elements.json and dist/widgets/index.d.ts
 * (site-generator/custom-elements-plugin.ts), the `{{widget}}` page helper checks its
 * arguments against it, and the browser tests check the built elements against it.
 * Build and test code only: the widgets themselves never import it.
 */
import { LEAD_PATHS } from '../../contract/http.ts';
import { fieldNames, type LeadKind, OUTBOX_MAX_AGE_DAYS } from '../../contract/lead-contract.ts';
import { LANGUAGE_CODES } from '../../contract/languages.ts';
import { PARTNER_ID_RULE } from '../../contract/partner-id.ts';
import { applicationErrorReasons, outcomeEvents, registrationErrorReasons } from '../lead-form/events.ts';
import { CAREER_APPLICATION, FAQ_ACCORDION, SOCIETY_REGISTRATION, TOAST_HOST, type WidgetTag } from './names.ts';
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

/** `::part()` names with what each one is. */
const parts = (described: Record<string, string>): ElementApi['cssParts'] =>
  Object.entries(described).map(([name, description]) => ({ name, description }));

const formParts = parts({
  form: 'The card: the <form>, and after a success the confirmation in its place.',
  heading: 'The heading (h2), of the form and of the confirmation.',
  intro: 'The line under the heading.',
  field: 'Each label-and-control group.',
  label: 'Each <label>.',
  input: 'Each input, select and textarea.',
  'field-error': 'Under a field the service refused: its message (the control has aria-invalid and aria-describedby pointing to it).',
  notice: 'The collection notice above the button: what is collected and why, how long it is kept, how to withdraw, the full privacy notice.',
  link: 'Each link in the notice.',
  button: "The submit button, and the confirmation's button that brings back an empty form.",
  confirmation: "After a success: the card that takes the form's place until the visitor asks to send another (it is also the form part).",
  'confirmation-message': 'The message in the confirmation: what happens next.',
  'confirmation-reference': "Under it: the lead's reference to quote (SD-XXXX-XXXX) and what it is for.",
  waiting:
    'When the service cannot be reached: the box under the button while the send waits (the fields stay as typed), with “Send now” and “Discard” buttons (button part).',
  'waiting-message': 'The message in the waiting card: saved on this device, sent by itself when the connection is back.',
});

/** What a form posts where, from the lead contract: "{name, email, …} to {api-base}/addQuery". */
const posts = (kind: LeadKind): string => `{${fieldNames(kind).join(', ')}} to {api-base}${LEAD_PATHS[kind]}`;

/** The languages as a TypeScript union: 'en' | 'hi'. */
const languageUnion = LANGUAGE_CODES.map((code) => `'${code}'`).join(' | ');

/** The two forms share attributes, theme and parts; they differ in what they post and the events they send. */
function formApi(form: {
  tag: WidgetTag;
  className: string;
  description: string;
  defaults: { heading: string; intro: string };
  kind: keyof typeof outcomeEvents;
  errorReasons: readonly string[];
  /** What the success and the error event mean. */
  stored: string;
  notStored: string;
}): ElementApi {
  const kind = `kind: '${form.kind}'`;
  const reasons = form.errorReasons.map((r) => `'${r}'`).join(' | ');
  return {
    tag: form.tag,
    className: form.className,
    description: form.description,
    attributes: [
      { name: 'api-base', property: 'apiBase', type: 'string', default: "the build's API_BASE, else the origin the widget script was loaded from", description: 'Base URL of the intake service the form posts to.' },
      { name: 'partner', property: 'partner', type: 'string', default: 'none', description: `Your partner id (${PARTNER_ID_RULE}): sent as ?partner= on the POST URL so the team sees where the lead came from; never in the body. An invalid id is not sent (a console warning says why).` },
      { name: 'heading', property: 'heading', type: 'string', default: form.defaults.heading, description: 'Replaces the heading text.' },
      { name: 'intro', property: 'intro', type: 'string', default: form.defaults.intro, description: 'Replaces the line under the heading.' },
      { name: 'keep-draft', property: 'keepDraft', type: 'boolean', default: 'off on a partner page (always on on our own pages and the frame)', description: `Keeps what the visitor types, and a send waiting for a connection, on the visitor's device (this page's localStorage and IndexedDB) for up to ${OUTBOX_MAX_AGE_DAYS} days, until it is sent or discarded: nothing is lost to a reload, a closed tab or a dropped connection. Off by default on a partner's page because every script of that origin can read its storage; set it only if you trust every script on the page. Without it, a send that cannot reach the service still waits and goes by itself while the page stays open.` },
      { name: 'lang', property: 'lang', type: languageUnion, default: `the primary subtag of the page's <html lang> when it is ${LANGUAGE_CODES.join(' or ')}, else '${LANGUAGE_CODES[0]}'`, description: "The form's language: labels, placeholders, options' visible text, button, submitting state, toasts, confirmation and collection notice. The values sent never change; the service answers in this language (Content-Language header)." },
    ],
    events: [
      { name: outcomeEvents[form.kind].success, detail: `{ ${kind} }`, description: form.stored },
      { name: outcomeEvents[form.kind].error, detail: `{ ${kind}; reason: ${reasons}; status?: number }`, description: form.notStored },
    ],
    cssProperties: theme,
    cssParts: formParts,
  };
}

export const widgetApi: ElementApi[] = [
  formApi({
    tag: SOCIETY_REGISTRATION,
    className: 'SocietyRegistrationElement',
    description: `The society registration form: posts ${posts('society')} and shows the result as a toast.`,
    defaults: societyRegistrationDefaults,
    kind: 'society',
    errorReasons: registrationErrorReasons,
    stored: 'The service stored the registration.',
    notStored: 'The registration was not stored; the fields keep what was typed.',
  }),
  formApi({
    tag: CAREER_APPLICATION,
    className: 'CareerApplicationElement',
    description: `The internship and job application form: posts ${posts('career')}.`,
    defaults: careerApplicationDefaults,
    kind: 'career',
    errorReasons: applicationErrorReasons,
    stored: 'The service stored the application.',
    notStored: 'The application was not stored; the fields keep what was typed.',
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
    cssParts: parts({
      toast: 'Each toast.',
      'toast-default': 'A toast that reports success.',
      'toast-destructive': 'A toast that reports a failure.',
      'toast-title': 'The title line of a toast.',
      'toast-description': 'The description of a toast.',
      'toast-close': 'The close button of a toast.',
    }),
  },
];

export const apiOf = (tag: string): ElementApi | undefined => widgetApi.find((api) => api.tag === tag);
