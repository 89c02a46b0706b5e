/**
 * The public API of the custom elements: what partners may rely on. The build
 * turns it into dist/custom-elements.json and dist/widgets/index.d.ts, and the
 * browser tests check the defined elements against it.
 */
export interface ElementApi {
  tag: string;
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
  { name: 'form', description: 'The <form> card.' },
  { name: 'heading', description: 'The heading (h2).' },
  { name: 'intro', description: 'The line under the heading.' },
  { name: 'field', description: 'Each label-and-control group.' },
  { name: 'label', description: 'Each <label>.' },
  { name: 'input', description: 'Each input, select and textarea.' },
  { name: 'button', description: 'The submit button.' },
];

const commonAttributes = (heading: string, intro: string): ElementApi['attributes'] => [
  { name: 'api-base', property: 'apiBase', type: 'string', default: 'the build\'s API_BASE, else the origin the widget script was loaded from', description: 'Base URL of the intake service the form posts to.' },
  { name: 'heading', property: 'heading', type: 'string', default: heading, description: 'Replaces the heading text.' },
  { name: 'intro', property: 'intro', type: 'string', default: intro, description: 'Replaces the line under the heading.' },
];

export const widgetApi: ElementApi[] = [
  {
    tag: 'society-registration',
    className: 'SocietyRegistrationElement',
    description: 'The society registration form: posts {name, email, phone, societyName, city, position} to {api-base}/addSocietyQuery and shows the result as a toast.',
    attributes: commonAttributes('Register Your Society', 'It takes 2 minutes. We set everything up within 24 hours — free forever.'),
    events: [
      { name: 'registration-success', detail: "{ kind: 'society' }", description: 'The service stored the registration.' },
      { name: 'registration-error', detail: "{ kind: 'society'; reason: 'server' | 'network' | 'timeout' | 'invalid-response'; status?: number }", description: 'The registration was not stored; the fields keep what was typed.' },
    ],
    cssProperties: theme,
    cssParts: formParts,
  },
  {
    tag: 'career-application',
    className: 'CareerApplicationElement',
    description: 'The internship and job application form: posts {name, email, phone, college, course, yearOfStudy, areaOfInterest, message} to {api-base}/addQuery.',
    attributes: commonAttributes('Apply Now', 'Tell us about yourself and the role you want.'),
    events: [
      { name: 'application-success', detail: "{ kind: 'career' }", description: 'The service stored the application.' },
      { name: 'application-error', detail: "{ kind: 'career'; reason: 'http' | 'network' | 'timeout' | 'invalid-response'; status?: number }", description: 'The application was not stored; the fields keep what was typed.' },
    ],
    cssProperties: theme,
    cssParts: formParts,
  },
  {
    tag: 'faq-accordion',
    className: 'FaqAccordionElement',
    description: 'Wraps <details> elements and keeps one open at a time; the open one can be collapsed. Works as plain <details> without JavaScript.',
    attributes: [],
    events: [],
    cssProperties: [],
    cssParts: [],
  },
  {
    tag: 'toast-host',
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
