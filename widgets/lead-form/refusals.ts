/**
 * Which field a refusal from the intake service is about: the refusal's answer names it in
 * its `field` (a payload key, beside the spec's `success` and `message`), so the form can
 * mark and focus that field with the refusal's message; and the contract's message for a
 * value the browser itself refuses (pattern or type), instead of a generic one.
 */
import { controlName, fieldOfControl, LEAD_FIELDS, type FieldName, type FieldOf, type LeadField, type LeadKind } from '../../contract/lead-contract.ts';
import { MESSAGES, type LeadMessages } from '../../contract/messages/en.ts';
import { CV } from '../../contract/cv-upload.ts';
import type { PostOutcome } from './api-client.ts';
import type { FieldError } from './form-state.ts';

/** The refused control of a `kind` form and the message to show under it, from a refusal's answer body. */
export function refusedField(body: unknown, kind: LeadKind): FieldError | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  const { field, message } = body as { field?: unknown; message?: unknown };
  if (typeof message !== 'string' || !message.trim()) return undefined;
  // The career form's CV is no field of the body: its control is named as the refusal names it.
  if (kind === 'career' && field === CV.control) return { name: CV.control, message: message.trim() };
  if (typeof field !== 'string' || !Object.hasOwn(LEAD_FIELDS[kind], field)) return undefined;
  return { name: controlName(kind, field as FieldOf<typeof kind>), message: message.trim() };
}

/** The refused control an answer names, if the answer is a refusal in JSON that names one of the form's fields. */
export function refusedFieldOf(outcome: PostOutcome, kind: LeadKind): FieldError | undefined {
  return outcome.type === 'json' ? refusedField(outcome.body, kind) : undefined;
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
