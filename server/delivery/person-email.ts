import { retentionPeriod } from '../../contract/collection-notice.ts';
import { defaultLanguage, languages } from '../../contract/languages.ts';
import { APPLICATION_OUTCOMES, type ApplicationOutcome, type PersonEmailText, type RightsAction } from '../../contract/messages/email/types.ts';
import { EMAIL_TEXTS, NOTICE_TEXTS } from '../../contract/messages/index.ts';
import { escapeHtml } from '../http/html-text.ts';
import { ACKNOWLEDGEMENT_TARGET, outcomeTarget } from './acknowledgement.ts';
import type { LeadEvent } from './lead-event.ts';
import { oneLine, PLAIN_ADDRESS, senderDomain, smtpTransport } from './mail-text.ts';
import type { DeliveryTarget } from './target.ts';

/**
 * The emails to the person who sent a form, in the form's language, every sentence from
 * that language's catalogue (contract/messages/email/): the acknowledgement of a lead (its
 * reference and date, what happens next, how to use one's rights, the Grievance Officer:
 * nothing the sender typed) and an application's outcome. Plain text and an HTML twin; marked as sent
 * automatically (`Auto-Submitted`), with replies going to the team's contact address.
 */

export interface PersonEmailSettings {
  smtpUrl: string;
  /** The sender: NOTIFY_EMAIL_FROM's address, under the brand's name. */
  from: { name: string; address: string };
  /** Where a reply goes: the team's contact address (CONTACT_EMAIL), also where rights requests go. */
  contactEmail: string;
  brandName: string;
  /** The public site, for the link to the privacy notice. */
  siteUrl: string;
  grievanceOfficer: { name: string; email: string; phone: string };
  /** How long leads are kept (LEAD_RETENTION_DAYS). */
  retentionDays: number;
}

/** What the settings say, from the service's configuration. */
export type PersonEmailFacts = Omit<PersonEmailSettings, 'smtpUrl'>;

const INDIA_TIME = 'Asia/Kolkata';
const P = 'margin:0 0 12px';
const H2 = 'font-size:17px;margin:20px 0 6px';
const RIGHTS_ACTIONS: readonly RightsAction[] = ['withdraw', 'access', 'correct', 'erase'];

/** An application's role as the form showed it in this language (its label rather than its value: a value of the list, never typed). */
function roleLabel(text: PersonEmailText, value: string): string {
  return (text.choices.areaOfInterest as Record<string, string>)[value] ?? value;
}

/** A mailto link to the contact address with a subject. */
const mailto = (address: string, subject: string): string => `mailto:${address}?subject=${encodeURIComponent(subject)}`;

/** One email: its parts in order, each as plain text and as HTML. */
interface Block {
  text: string;
  html: string;
}

function paragraph(text: string): Block {
  return { text, html: `<p style="${P}">${escapeHtml(text).replace(/\r?\n/g, '<br>')}</p>` };
}

function section(heading: string, lines: Block[]): Block {
  return {
    text: [heading, ...lines.map((l) => l.text).filter(Boolean)].join('\n'),
    html: [`<h2 style="${H2}">${escapeHtml(heading)}</h2>`, ...lines.map((l) => l.html)].join('\n'),
  };
}

/** `name`: the display name of `To:` (an outcome's; the acknowledgement has none, as it carries nothing the sender typed). */
function message(event: LeadEvent, settings: PersonEmailSettings, subject: string, blocks: Block[], id: string, name?: string) {
  const language = languages.find((l) => l.code === event.language) ?? defaultLanguage;
  const address = event.fields.email ?? '';
  if (!PLAIN_ADDRESS.test(address)) throw new Error('the address the person gave is not one plain mailbox');
  return {
    from: settings.from,
    to: name ? { name: oneLine(name, 100), address } : address,
    replyTo: settings.contactEmail,
    subject: oneLine(subject, 150),
    text: `${blocks.map((b) => b.text).join('\n\n')}\n`,
    html: [
      `<!doctype html><html lang="${language.htmlLang}"><body style="font-family:system-ui,sans-serif;font-size:16px;line-height:1.5;margin:0;padding:12px;max-width:40em">`,
      ...blocks.map((b) => b.html),
      '</body></html>',
    ].join('\n'),
    // Stable per lead and email: a repeat after a crash shows as the same message.
    messageId: `<${id}-${event.id}.${Date.parse(event.createdAt)}@${senderDomain(settings.from.address)}>`,
    headers: {
      'Auto-Submitted': 'auto-generated',
      'X-Auto-Response-Suppress': 'All',
      'Content-Language': language.htmlLang,
    },
  };
}

/** What every email to a person ends with: the rights and the Grievance Officer, then the signature. */
function closing(event: LeadEvent, text: PersonEmailText, settings: PersonEmailSettings): { rights: Block; signature: Block } {
  const language = languages.find((l) => l.code === event.language) ?? defaultLanguage;
  const privacyUrl = `${settings.siteUrl}${language.prefix}/privacy-policy#your-rights`;
  const period = retentionPeriod(settings.retentionDays, NOTICE_TEXTS[event.language].period);
  const officer = settings.grievanceOfficer;
  const actions = RIGHTS_ACTIONS.map(
    (action) => `<a href="${escapeHtml(mailto(settings.contactEmail, `${text.rights.actions[action]} – ${event.reference}`))}">${escapeHtml(text.rights.actions[action])}</a>`,
  );
  return {
    rights: section(text.rights.heading, [
      paragraph(text.rights.how(settings.contactEmail, event.reference)),
      // The plain text names the address; the HTML adds a link per right, its subject written.
      { text: '', html: `<p style="${P}">${actions.join(' · ')}</p>` },
      paragraph(text.rights.retention(period)),
      {
        text: `${text.rights.privacy} ${privacyUrl}`,
        html: `<p style="${P}">${escapeHtml(text.rights.privacy)} <a href="${escapeHtml(privacyUrl)}">${escapeHtml(privacyUrl)}</a></p>`,
      },
      paragraph(text.grievance(officer.name, officer.email, officer.phone)),
    ]),
    signature: {
      text: `${text.signature(settings.brandName)}\n${text.automatic}`,
      html: `<p style="${P}">${escapeHtml(text.signature(settings.brandName))}</p>\n<p style="${P};color:#555;font-size:14px">${escapeHtml(text.automatic)}</p>`,
    },
  };
}

function referenceBlock(event: LeadEvent, text: PersonEmailText): Block {
  return {
    text: `${text.reference.label}: ${event.reference}\n${text.reference.hint}`,
    html: `<p style="${P}">${escapeHtml(text.reference.label)}: <b style="font-size:20px;letter-spacing:0.05em">${escapeHtml(event.reference)}</b><br>${escapeHtml(text.reference.hint)}</p>`,
  };
}

/** When the lead was sent, in words, Indian time (ASCII digits in every language: Marathi's locale would write Devanagari digits, as the emails' other figures). */
function sentAt(event: LeadEvent, text: PersonEmailText): Block {
  const language = languages.find((l) => l.code === event.language) ?? defaultLanguage;
  const at = new Date(event.createdAt);
  const date = at.toLocaleDateString(language.htmlLang, { dateStyle: 'long', timeZone: INDIA_TIME, numberingSystem: 'latn' });
  const time = at.toLocaleTimeString(language.htmlLang, { timeStyle: 'short', timeZone: INDIA_TIME, numberingSystem: 'latn' });
  return paragraph(text.sent.at(date, time));
}

/**
 * The acknowledgement of a lead: fixed sentences, the form's kind, the reference and the date.
 * Nothing the sender typed is in it, not even their name (a stranger can type anyone's address,
 * so the service must never carry a stranger's words to it).
 */
export function acknowledgementEmail(event: LeadEvent, settings: PersonEmailSettings) {
  const text = EMAIL_TEXTS[event.language];
  const ack = text.acknowledgement;
  const { rights, signature } = closing(event, text, settings);
  return message(
    event,
    settings,
    ack.subject[event.kind](event.reference),
    [
      paragraph(ack.greeting),
      paragraph(ack.received[event.kind](settings.brandName)),
      referenceBlock(event, text),
      sentAt(event, text),
      section(ack.nextHeading, [paragraph(ack.next[event.kind])]),
      rights,
      paragraph(ack.notYou),
      signature,
    ],
    'acknowledgement',
  );
}

/** An application's outcome, told once a team member confirms it. */
export function outcomeEmail(event: LeadEvent, outcome: ApplicationOutcome, settings: PersonEmailSettings) {
  const text = EMAIL_TEXTS[event.language];
  const role = roleLabel(text, event.fields.areaOfInterest ?? '');
  const name = oneLine(event.fields.name ?? '', 100);
  const { rights, signature } = closing(event, text, settings);
  return message(
    event,
    settings,
    text.outcome.subject[outcome](event.reference),
    [
      paragraph(text.greeting(name)),
      ...text.outcome.body[outcome](role).map(paragraph),
      referenceBlock(event, text),
      rights,
      signature,
    ],
    `outcome-${outcome}`,
    name,
  );
}

/**
 * The targets that write to people, all through one SMTP transport: the acknowledgement
 * (when `acknowledge`) and each outcome. Their deliveries are queued per lead by the store
 * (acknowledgement.ts), never for every lead as the team's targets are.
 */
export function createPersonEmailTargets(settings: PersonEmailSettings, acknowledge: boolean): DeliveryTarget[] {
  const transport = smtpTransport(settings.smtpUrl);
  const target = (key: string, build: (event: LeadEvent) => ReturnType<typeof message>): DeliveryTarget => ({
    key,
    async send(event, signal) {
      signal.throwIfAborted();
      await transport.sendMail(build(event));
    },
    close: () => transport.close(),
  });
  return [
    ...(acknowledge ? [target(ACKNOWLEDGEMENT_TARGET, (event) => acknowledgementEmail(event, settings))] : []),
    ...APPLICATION_OUTCOMES.map((outcome) => target(outcomeTarget(outcome), (event) => outcomeEmail(event, outcome, settings))),
  ];
}
