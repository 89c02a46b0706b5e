/**
 * Which field a refusal from the intake service is about, read from the lead contract's
 * messages in the form's language, so the form can mark and focus that field; and the
 * contract's message for a value the browser itself refuses (pattern or type), instead
 * of a generic one.
 */
import { controlName, fieldOfControl, LEAD_FIELDS, type FieldName, type FieldOf, type LeadField, type LeadKind } from '../../contract/lead-contract.ts';
import { MESSAGES, type LeadMessages } from '../../contract/messages/en.ts';
import type { FieldError } from './form-state.ts';

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

/** The refused control of a `kind` form and the message to show under it. */
export function refusedField(message: string, kind: LeadKind, messages: LeadMessages = MESSAGES): FieldError | undefined {
  const key = refusedKey(message, messages);
  if (!key) return undefined;
  return { name: key in LEAD_FIELDS[kind] ? controlName(kind, key as FieldOf<typeof kind>) : key, message };
}

/** What the browser says when a control of a `kind` form breaks its contract pattern or type. */
export function mismatchMessage(kind: LeadKind, control: string, messages: LeadMessages = MESSAGES): string | undefined {
  const name = fieldOfControl(kind, control);
  if (!name) return undefined;
  const field = LEAD_FIELDS[kind][name] as LeadField;
  if (field.rule === 'phone') return messages.invalidPhone;
  if (field.rule === 'email') return messages.invalidEmail;
  return field.rule === 'text' ? messages.forbiddenCharacters(messages.labels[name as FieldName]) : undefined;
}
