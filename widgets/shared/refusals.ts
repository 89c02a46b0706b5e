/**
 * Which field a refusal from the intake service is about, read from the lead contract's
 * messages, so the form can mark and focus that field; and the contract's message for a
 * value the browser itself refuses (pattern or type), instead of a generic one.
 */
import { MESSAGES, type FieldName } from './lead-contract.ts';
import type { FieldError } from './use-lead-form.ts';

const byMessage = new Map<string, FieldName>([
  [MESSAGES.invalidEmail, 'email'],
  [MESSAGES.invalidPhone, 'phone'],
  ...Object.entries(MESSAGES.invalidChoice).map(([field, message]) => [message, field as FieldName] as const),
  ...Object.entries(MESSAGES.labels).flatMap(([field, label]) =>
    [MESSAGES.required(label), MESSAGES.notText(label), MESSAGES.forbiddenCharacters(label)].map((m) => [m, field as FieldName] as const),
  ),
]);

/** The payload field a refusal message names, if it names one. */
export function refusedKey(message: string): FieldName | undefined {
  const exact = byMessage.get(message);
  if (exact) return exact;
  const tooLong = /^(.+) must be at most \d+ characters\.$/.exec(message)?.[1];
  return tooLong ? (Object.entries(MESSAGES.labels).find(([, label]) => label === tooLong)?.[0] as FieldName | undefined) : undefined;
}

/**
 * The refused control and the message to show under it. `controlOf` maps payload keys
 * to the form's control names where they differ (career: name → fullName).
 */
export function refusedField(message: string, controlOf: Partial<Record<FieldName, string>> = {}): FieldError | undefined {
  const key = refusedKey(message);
  return key ? { name: controlOf[key] ?? key, message } : undefined;
}

/** What the browser says when a control's value breaks its contract pattern or type. */
export function mismatchMessage(name: string): string | undefined {
  return name === 'phone' ? MESSAGES.invalidPhone : name === 'email' ? MESSAGES.invalidEmail : undefined;
}
