import nodemailer from 'nodemailer';
import type { ServerConfig } from '../config.ts';
import { escapeHtml } from '../http/html-text.ts';

/**
 * The email that carries an invitation link (`npm run team -- --invite`, when SMTP_URL is
 * set), from NOTIFY_EMAIL_FROM through the same SMTP server as the lead emails.
 */
export function invitationEmail(to: string, link: string, brand: string, from: string) {
  const subject = `Your invitation to the ${brand} team's worklist`;
  const text = [
    `You are invited to the ${brand} team's worklist, where the team follows up every lead.`,
    '',
    `Open this link within 24 hours, on the phone or computer you will use, and register a passkey (your fingerprint, face or screen lock; no password):`,
    '',
    link,
    '',
    'The link works once. If it has expired, ask for a new one.',
    '',
  ].join('\n');
  const html = [
    '<!doctype html><html><body style="font-family:system-ui,sans-serif;font-size:16px;line-height:1.5;margin:0;padding:12px">',
    `<p>You are invited to the ${escapeHtml(brand)} team's worklist, where the team follows up every lead.</p>`,
    '<p>Open this link within 24 hours, on the phone or computer you will use, and register a passkey (your fingerprint, face or screen lock; no password):</p>',
    `<p><a href="${escapeHtml(link)}">Accept the invitation</a></p>`,
    '<p style="color:#555;font-size:14px">The link works once. If it has expired, ask for a new one.</p>',
    '</body></html>',
  ].join('\n');
  return { from, to, subject, text, html };
}

export async function sendInvitationEmail(email: NonNullable<ServerConfig['email']>, to: string, link: string, brand: string): Promise<void> {
  const transport = nodemailer.createTransport({ url: email.smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000, disableFileAccess: true, disableUrlAccess: true });
  try {
    await transport.sendMail(invitationEmail(to, link, brand, email.from));
  } finally {
    transport.close();
  }
}
