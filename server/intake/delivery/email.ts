import nodemailer from 'nodemailer';
import { ROLES } from '../../../contract/lead-contract.ts';
import { MESSAGES } from '../../../contract/messages/en.ts';
import { sourceLabel } from '../lead-source.ts';
import type { LeadEvent } from './lead-event.ts';
import type { DeliveryTarget } from './target.ts';
import { escapeHtml } from '../html-text.ts';

export interface EmailSettings {
  /** smtp://user:pass@host:587 or smtps://…:465 */
  smtpUrl: string;
  /** One or more addresses, comma-separated. */
  to: string;
  from: string;
}

const TITLES = { society: 'New society registration', career: 'New career application' } as const;

/**
 * An address nodemailer takes as exactly one mailbox: no comma, semicolon, quote, angle
 * bracket, parenthesis or space that its address parser would read as a second address.
 */
const PLAIN_ADDRESS = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]{1,64}@(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?\.)+[\p{L}\p{N}]{2,63}$/u;

const oneLine = (text: string, max = 120): string => {
  const flat = text.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ').replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

const received = (iso: string): string =>
  new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' }).format(new Date(iso));

const LABELS: Record<string, string> = MESSAGES.labels;

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

/** The message for one lead: short labelled lines that read well on a phone, plain text and a simple HTML twin. */
export function leadEmail(event: LeadEvent, settings: Pick<EmailSettings, 'to' | 'from'>) {
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

  const text = [
    `${TITLES[event.kind]} (lead #${event.id})`,
    '',
    ...shortFields.map((k) => `${LABELS[k] ?? k}: ${fieldValue(k, f[k]!)}`),
    ...(f.message ? ['', `${LABELS.message}:`, f.message] : []),
    '',
    `Source: ${sourceLine}`,
    ...(campaign ? [`Campaign: ${campaign}`] : []),
    ...(event.source.page ? [`Page: ${event.source.page}`] : []),
    `Received: ${received(event.createdAt)}`,
    ...(event.teamUrl ? [`Worklist: ${event.teamUrl}`] : []),
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
    ...shortFields.map((k) => `<p style="margin:0 0 8px"><b>${escapeHtml(LABELS[k] ?? k)}</b><br>${link(k, f[k]!)}</p>`),
    f.message
      ? `<p style="margin:0 0 8px"><b>${LABELS.message}</b><br>${escapeHtml(f.message).replace(/\r?\n/g, '<br>')}</p>`
      : '',
    `<p style="margin:16px 0 0;color:#555;font-size:14px">Source: ${escapeHtml(sourceLine)}<br>${campaign ? `Campaign: ${escapeHtml(campaign)}<br>` : ''}${event.source.page ? `Page: ${escapeHtml(event.source.page)}<br>` : ''}Received: ${escapeHtml(received(event.createdAt))}<br>Lead #${event.id}</p>`,
    event.teamUrl ? `<p style="margin:16px 0 0"><a href="${escapeHtml(event.teamUrl)}">Open it in the worklist</a></p>` : '',
    '</body></html>',
  ].join('\n');

  const domain = settings.from.match(/@([^\s>]+)>?\s*$/)?.[1] ?? 'localhost';
  return {
    from: settings.from,
    to: settings.to,
    replyTo,
    subject,
    text,
    html,
    // Stable per lead: a mail client shows a repeat of the same lead as one message.
    messageId: `<lead-${event.id}.${Date.parse(event.createdAt)}@${domain}>`,
    headers: { 'X-Lead-Id': String(event.id) },
  };
}

/** Sends each lead as an email through the SMTP server of `smtpUrl` (nodemailer). */
export function createEmailTarget(settings: EmailSettings): DeliveryTarget {
  const transport = nodemailer.createTransport({
    url: settings.smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
    disableFileAccess: true,
    disableUrlAccess: true,
  });
  return {
    key: 'email',
    async send(event, signal) {
      signal.throwIfAborted();
      await transport.sendMail(leadEmail(event, settings));
    },
    close: () => transport.close(),
  };
}
