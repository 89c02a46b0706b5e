import type { LeadEvent } from './lead-event.ts';

/** One place leads are sent to. `send` resolves when the receiver accepted, and throws otherwise. */
export interface DeliveryTarget {
  /** Stored in deliveries.target: "webhook <url>" or "email". */
  key: string;
  send(event: LeadEvent, signal: AbortSignal): Promise<void>;
  close(): void;
}

/** Anything shaped like an email address, in a text an error wrote. */
const ADDRESS_LIKE = /[^\s<>()[\]"',;:]+@[^\s<>()[\]"',;:]+/g;

/**
 * A short, safe text for deliveries.last_error and the log (no bodies, no personal data). An
 * SMTP server's refusal is told by its code and the command it answered, never its words (they
 * name the recipient: a visitor's address); any address left in a message is blotted out.
 */
export function errorText(error: unknown): string {
  if (error instanceof Error) {
    const { code, responseCode, command } = error as { code?: unknown; responseCode?: unknown; command?: unknown };
    if (typeof responseCode === 'number') {
      const to = typeof command === 'string' ? ` to ${command.replace(/:.*$/s, '').slice(0, 20)}` : '';
      return `${typeof code === 'string' ? code : 'SMTP'}: the SMTP server answered ${responseCode}${to}`;
    }
    const text = typeof code === 'string' && !error.message.includes(code) ? `${code}: ${error.message}` : error.message;
    return text.replace(ADDRESS_LIKE, '<address>').replace(/\s+/g, ' ').trim() || error.name;
  }
  return String(error).replace(ADDRESS_LIKE, '<address>');
}
