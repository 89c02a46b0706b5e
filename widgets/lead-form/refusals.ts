/**
 * Which field a refusal from the intake service is about, read from the lead contract's
 * messages in the form's language, so the form can mark and focus that field; and the
 * contract's message for a value the browser itself refuses (pattern or type), instead
 * of a generic one.
 */
import { LEAD_FIELDS, type FieldName, type LeadField } from '../../contract/lead-contract.ts';
import { MESSAGES, type LeadMessages } from '../../contract/messages/en.ts';
import type { FieldError } from './use-lead-form.ts';

/** Every message that names a field, in one catalogue → that field. */
function fieldsByMessage(messages: LeadMessages): Map<string, FieldName> {
  const fields: [FieldName, LeadField][] = [...Object.entries(LEAD_FIELDS.society), ...Object.entries(LEAD_FIELDS.career)] as [FieldName, LeadField][];
  const byMessage = new Map<string, FieldName>([
    [messages.invalidEmail, 'email'],
    [messages.invalidPhone, 'phone'],
    ...Object.entries(messages.invalidChoice).map(([field, message]) => [message, field as FieldName] as const),
  ]);
  for (const [name, field] of fields) {
    const label = messages.labels[name];
    for (const m of [messages.required(label), messages.notText(label), messages.forbiddenCharacters(label)]) byMessage.set(m, name);
    if ('maxLength' in field && field.rule !== 'email') byMessage.set(messages.tooLong(label, field.maxLength), name);
  }
  return byMessage;
}

const maps = new WeakMap<LeadMessages, Map<string, FieldName>>();

/** The payload field a refusal message names, if it names one. */
export function refusedKey(message: string, messages: LeadMessages = MESSAGES): FieldName | undefined {
  let byMessage = maps.get(messages);
  if (!byMessage) maps.set(messages, (byMessage = fieldsByMessage(messages)));
  return byMessage.get(message);
}

/**
 * The refused control and the message to show under it. `controlOf` maps payload keys
 * to the form's control names where they differ (career: name → fullName).
 */
export function refusedField(
  message: string,
  controlOf: Partial<Record<FieldName, string>> = {},
  messages: LeadMessages = MESSAGES,
): FieldError | undefined {
  const key = refusedKey(message, messages);
  return key ? { name: controlOf[key] ?? key, message } : undefined;
}

/** What the browser says when a control's value breaks its contract pattern or type. */
export function mismatchMessage(name: string, messages: LeadMessages = MESSAGES): string | undefined {
  if (name === 'phone') return messages.invalidPhone;
  if (name === 'email') return messages.invalidEmail;
  const field = (LEAD_FIELDS.society as Record<string, LeadField>)[name] ?? (LEAD_FIELDS.career as Record<string, LeadField>)[name];
  return field?.rule === 'text' ? messages.forbiddenCharacters(messages.labels[name as FieldName]) : undefined;
}
