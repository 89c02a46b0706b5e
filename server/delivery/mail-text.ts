/** What every email of the service shares: the one-mailbox address rule, header-safe lines, the SMTP transport. */
import nodemailer from 'nodemailer';

/**
 * An address nodemailer takes as exactly one mailbox: no comma, semicolon, quote, angle
 * bracket, parenthesis or space that its address parser would read as a second address.
 */
export const PLAIN_ADDRESS = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]{1,64}@(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?\.)+[\p{L}\p{N}]{2,63}$/u;

/**
 * A text fit for a header (a subject, a display name): control characters and the Unicode
 * line and paragraph separators become spaces, runs of space one, at most `max` characters.
 */
export const oneLine = (text: string, max = 120): string => {
  const flat = text.replace(/[\u0000-\u001f\u007f\u0085\u2028\u2029]+/g, ' ').replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

/** The domain of a From address ("Name <leads@x.example>" → "x.example"), for Message-IDs. */
export const senderDomain = (from: string): string => from.match(/@([^\s>]+)>?\s*$/)?.[1] ?? 'localhost';

/** A transport to the SMTP server of `smtpUrl` that reads no file or URL a message might name. */
export function smtpTransport(smtpUrl: string) {
  return nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
    disableFileAccess: true,
    disableUrlAccess: true,
  });
}
