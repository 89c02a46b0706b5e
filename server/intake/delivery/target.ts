import type { LeadEvent } from './lead-event.ts';

/** One place leads are sent to. `send` resolves when the receiver accepted, and throws otherwise. */
export interface DeliveryTarget {
  /** Stored in deliveries.target: "webhook <url>" or "email". */
  key: string;
  send(event: LeadEvent, signal: AbortSignal): Promise<void>;
  close(): void;
}

/** A short, safe text for deliveries.last_error and the log (no bodies, no personal data). */
export function errorText(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    const text = typeof code === 'string' && !error.message.includes(code) ? `${code}: ${error.message}` : error.message;
    return text.replace(/\s+/g, ' ').trim() || error.name;
  }
  return String(error);
}
