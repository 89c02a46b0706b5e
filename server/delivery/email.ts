import { ROLES } from '../../contract/lead-contract.ts';
import { MESSAGES } from '../../contract/messages/en.ts';
import { defaultLanguage, languages } from '../../contract/languages.ts';
import { sourceLabel } from '../intake/lead-source.ts';
import type { LeadEvent } from './lead-event.ts';
import type { DeliveryTarget } from './target.ts';
import { cvFileName, type CvStore, type StoredCv } from '../cv/cv-store.ts';
import { escapeHtml } from '../http/html-text.ts';
import { oneLine, PLAIN_ADDRESS, senderDomain, smtpTransport } from './mail-text.ts';

export interface EmailSettings {
  /** smtp://user:pass@host:587 or smtps://…:465 */
  smtpUrl: string;
  /** One or more addresses, comma-separated. */
  to: string;
  from: string;
}

const TITLES = { society: 'New society registration', career: 'New career application' } as const;

/** Said of a lead that came without proof of work (a form sent without script that passed the rule for such posts). */
export const WITHOUT_PROOF_NOTE = 'This lead came without proof of work: its form was sent by a browser without JavaScript. Check it before acting on it.';

const received = (iso: string): string =>
  new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' }).format(new Date(iso));

const LABELS: Record<string, string> = MESSAGES.labels;

const cvSize = (bytes: number): string => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);

/** A stored value as the form showed it (a role's label rather than its value). */
function fieldValue(name: string, value: string): string {
  return name === 'areaOfInterest' ? (ROLES.find((r) => r.value === value)?.label ?? value) : value;
}

/** The campaign as one line, "utm_source=whatsapp, utm_campaign=diwali"; '' when none. */
function campaignLine(campaign: LeadEvent['source']['campaign'] | undefined): string {
  return oneLine(
    Object.entries(campaign ?? {})
      .filter(([, v]) => v)
      .map(([k, v]) => `${k}=${v}`)
      .join(', '),
    300,
  );
}

/** The message for one lead: short labelled lines that read well on a phone, plain text and a simple HTML twin; an applicant's CV attached. */
export function leadEmail(event: LeadEvent, settings: Pick<EmailSettings, 'to' | 'from'>, cv?: StoredCv) {
  const f = event.fields;
  const subject =
    event.kind === 'society'
      ? oneLine(`Society registration: ${f.societyName}, ${f.city} (${f.name})`, 150)
      : oneLine(`Career application: ${f.name}, ${fieldValue('areaOfInterest', f.areaOfInterest ?? '')}`, 150);
  const shortFields = Object.keys(f).filter((k) => k !== 'message' && f[k] !== '');
  const source = sourceLabel(event.source.origin, event.source.partner);
  const sourceLine =
    event.source.partner && event.source.origin && event.source.origin !== 'null'
      ? `${event.source.partner}, on ${event.source.origin}`
      : source;
  const campaign = campaignLine(event.source.campaign);
  const email = f.email ?? '';
  const replyTo = PLAIN_ADDRESS.test(email) ? { name: oneLine(f.name ?? '', 100), address: email } : undefined;

  const language = languages.find((l) => l.code === event.language) ?? defaultLanguage;
  const text = [
    `${TITLES[event.kind]} (lead #${event.id})`,
    `Reference: ${event.reference}`,
    '',
    ...(event.withoutProofOfWork ? [WITHOUT_PROOF_NOTE, ''] : []),
    ...shortFields.map((k) => `${LABELS[k] ?? k}: ${fieldValue(k, f[k]!)}`),
    ...(f.message ? ['', `${LABELS.message}:`, f.message] : []),
    '',
    `Source: ${sourceLine}`,
    ...(campaign ? [`Campaign: ${campaign}`] : []),
    ...(event.source.page ? [`Page: ${event.source.page}`] : []),
    `Form language: ${language.name} (${language.code})`,
    `Received: ${received(event.createdAt)}`,
    ...(event.teamUrl ? [`Worklist: ${event.teamUrl}`] : []),
    ...(cv ? [`CV: ${cvFileName(cv)} (${cvSize(cv.size)}), attached; sent as "${oneLine(cv.name, 200)}"`] : []),
    '',
    replyTo ? `Reply to this email to write to ${replyTo.name || email}.` : `Write to ${email} to answer.`,
    '',
  ].join('\n');

  const link = (k: string, v: string): string => {
    if (k === 'email' && replyTo) return `<a href="mailto:${escapeHtml(v)}">${escapeHtml(v)}</a>`;
    if (k === 'phone') return `<a href="tel:${escapeHtml(v.replace(/[^0-9+]/g, ''))}">${escapeHtml(v)}</a>`;
    return escapeHtml(fieldValue(k, v));
  };
  const html = [
    '<!doctype html><html><body style="font-family:system-ui,sans-serif;font-size:16px;line-height:1.5;margin:0;padding:12px">',
    `<h1 style="font-size:20px;margin:0 0 12px">${escapeHtml(TITLES[event.kind])}</h1>`,
    `<p style="margin:0 0 12px">Reference <b>${escapeHtml(event.reference)}</b></p>`,
    event.withoutProofOfWork ? `<p style="margin:0 0 12px;padding:8px;border-left:4px solid #b45309">${escapeHtml(WITHOUT_PROOF_NOTE)}</p>` : '',
    ...shortFields.map((k) => `<p style="margin:0 0 8px"><b>${escapeHtml(LABELS[k] ?? k)}</b><br>${link(k, f[k]!)}</p>`),
    f.message
      ? `<p style="margin:0 0 8px"><b>${LABELS.message}</b><br>${escapeHtml(f.message).replace(/\r?\n/g, '<br>')}</p>`
      : '',
    `<p style="margin:16px 0 0;color:#555;font-size:14px">Source: ${escapeHtml(sourceLine)}<br>${campaign ? `Campaign: ${escapeHtml(campaign)}<br>` : ''}${event.source.page ? `Page: ${escapeHtml(event.source.page)}<br>` : ''}Form language: ${escapeHtml(`${language.name} (${language.code})`)}<br>Received: ${escapeHtml(received(event.createdAt))}<br>Lead #${event.id}</p>`,
    cv ? `<p style="margin:16px 0 0">CV: ${escapeHtml(cvFileName(cv))} (${cvSize(cv.size)}), attached; sent as “${escapeHtml(cv.name)}”</p>` : '',
    event.teamUrl ? `<p style="margin:16px 0 0"><a href="${escapeHtml(event.teamUrl)}">Open it in the worklist</a></p>` : '',
    '</body></html>',
  ].join('\n');

  const domain = senderDomain(settings.from);
  return {
    from: settings.from,
    to: settings.to,
    replyTo,
    subject,
    text,
    html,
    // Stable per lead: a mail client shows a repeat of the same lead as one message.
    messageId: `<lead-${event.id}.${Date.parse(event.createdAt)}@${domain}>`,
    headers: { 'X-Lead-Id': String(event.id), 'X-Lead-Reference': event.reference },
    // Under a name we make: the sender's (kept as text above) could pose as another type ("Resume\u202Efdp.hta" shows as "Resumeath.pdf").
    attachments: cv ? [{ filename: cvFileName(cv), content: cv.content, contentType: cv.type, contentDisposition: 'attachment' as const }] : [],
  };
}

/** Sends each lead as an email through the SMTP server of `smtpUrl` (nodemailer). */
export function createEmailTarget(settings: EmailSettings, cvs?: Pick<CvStore, 'ofLead'>): DeliveryTarget {
  const transport = smtpTransport(settings.smtpUrl);
  return {
    key: 'email',
    async send(event, signal) {
      const cv = event.cv && cvs ? await cvs.ofLead(event.id) : undefined;
      signal.throwIfAborted();
      await transport.sendMail(leadEmail(event, settings, cv));
    },
    close: () => transport.close(),
  };
}
