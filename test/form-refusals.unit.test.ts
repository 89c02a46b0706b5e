/**
 * The widget side of the lead contract: which field each of the service's refusal
 * messages names (so the form can mark it), the browser's message for a phone or email
 * it refuses, and the POST URL with the partner id.
 */
import { describe, expect, it } from 'vitest';
import { partnerId } from '../contract/partner-id.ts';
import { safePartner } from '../pages/embed/frame/form-options.ts';
import { leadUrl } from '../widgets/lead-form/lead-request.ts';
import { LEAD_FIELDS, type FieldName } from '../contract/lead-contract.ts';
import { MESSAGES } from '../contract/messages/en.ts';
import { mismatchMessage, refusedField, refusedKey } from '../widgets/lead-form/refusals.ts';

describe('refusals name their field', () => {
  const fields = [...new Set([...Object.keys(LEAD_FIELDS.society), ...Object.keys(LEAD_FIELDS.career)])] as FieldName[];

  it('maps every per-field message of the contract to its field', () => {
    const contract = { ...LEAD_FIELDS.society, ...LEAD_FIELDS.career } as Record<FieldName, { rule?: string; maxLength?: number }>;
    for (const field of fields) {
      const label = MESSAGES.labels[field];
      // The service's "too long" names the field's own limit; an over-long email is simply not a valid email.
      const { rule, maxLength } = contract[field];
      const tooLong = maxLength !== undefined && rule !== 'email' ? [MESSAGES.tooLong(label, maxLength)] : [];
      for (const message of [MESSAGES.required(label), MESSAGES.notText(label), MESSAGES.forbiddenCharacters(label), ...tooLong]) {
        expect(refusedKey(message), message).toBe(field);
      }
    }
    expect(refusedKey(MESSAGES.invalidEmail)).toBe('email');
    expect(refusedKey(MESSAGES.invalidPhone)).toBe('phone');
    for (const [field, message] of Object.entries(MESSAGES.invalidChoice)) expect(refusedKey(message!)).toBe(field);
  });

  it('names no field for a message about the whole request, or one it does not know', () => {
    for (const message of [MESSAGES.tooManyRequests, MESSAGES.originRefused, MESSAGES.generic, MESSAGES.unexpectedField(['x']), 'City is lovely.', '']) {
      expect(refusedKey(message), message).toBeUndefined();
    }
  });

  it('maps payload keys to the form’s control names where they differ (career)', () => {
    expect(refusedField(MESSAGES.required(MESSAGES.labels.name), 'career')).toEqual({ name: 'fullName', message: 'Name is required.' });
    expect(refusedField(MESSAGES.tooLong(MESSAGES.labels.message, 4000), 'career')?.name).toBe('whyJoin');
    expect(refusedField(MESSAGES.invalidPhone, 'career')).toEqual({ name: 'phone', message: MESSAGES.invalidPhone });
    expect(refusedField(MESSAGES.required(MESSAGES.labels.name), 'society')).toEqual({ name: 'name', message: 'Name is required.' });
  });

  it('gives the browser the contract’s sentence for a phone, an email or a text with a control character it refuses', () => {
    expect(mismatchMessage('society', 'phone')).toBe(MESSAGES.invalidPhone);
    expect(mismatchMessage('career', 'email')).toBe(MESSAGES.invalidEmail);
    expect(mismatchMessage('society', 'city')).toBe(MESSAGES.forbiddenCharacters(MESSAGES.labels.city));
    expect(mismatchMessage('career', 'fullName')).toBe(MESSAGES.forbiddenCharacters(MESSAGES.labels.name));
    expect(mismatchMessage('career', 'course')).toBeUndefined();
    expect(mismatchMessage('society', 'college')).toBeUndefined();
  });
});

describe('the POST URL', () => {
  it('carries a valid partner id as ?partner=, and nothing for an invalid or empty one', () => {
    expect(leadUrl('https://api.example', 'society', 'greenpark-rwa')).toBe('https://api.example/addSocietyQuery?partner=greenpark-rwa');
    expect(leadUrl('https://api.example', 'career', ' greenpark-rwa ')).toBe('https://api.example/addQuery?partner=greenpark-rwa');
    for (const bad of ['Green Park', 'greenpark-', '-greenpark', 'a'.repeat(41), 'green_park', 'x&y=1', '']) {
      expect(partnerId(bad), bad).toBeUndefined();
      expect(leadUrl('https://api.example', 'society', bad)).toBe('https://api.example/addSocietyQuery');
    }
    expect(partnerId('a')).toBe('a');
    expect(partnerId('a'.repeat(40))).toBe('a'.repeat(40));
  });

  it('takes a partner id by the same rule as the frame: `GreenPark-RWA` is sent as greenpark-rwa', () => {
    expect(leadUrl('https://api.example', 'society', 'GreenPark-RWA')).toBe('https://api.example/addSocietyQuery?partner=greenpark-rwa');
    for (const value of ['GreenPark-RWA', ' greenpark-rwa ', 'green park', '-x', 'a'.repeat(41)]) {
      expect(partnerId(value), value).toBe(safePartner(value));
    }
  });
});
