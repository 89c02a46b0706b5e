/**
 * The widget side of the lead contract: the field a refusal of the service names in its
 * `field` (so the form can mark it), the browser's message for a phone or email
 * it refuses, and the POST URL with the partner id.
 */
import { describe, expect, it } from 'vitest';
import { partnerId } from '../../contract/partner-id.ts';
import { safePartner } from '../../pages/embed/frame/form-options.ts';
import { leadUrl } from '../../widgets/lead-form/lead-request.ts';
import { MESSAGES } from '../../contract/messages/en.ts';
import { mismatchMessage, refusedField, refusedFieldOf } from '../../widgets/lead-form/refusals.ts';

describe('refusals name their field', () => {
  it('marks the control of the `field` a refusal names, with its message, mapping payload keys to control names (career)', () => {
    expect(refusedField({ success: false, message: 'Name is required.', field: 'name' }, 'career')).toEqual({ name: 'fullName', message: 'Name is required.' });
    expect(refusedField({ success: false, message: ' Too long. ', field: 'message' }, 'career')).toEqual({ name: 'whyJoin', message: 'Too long.' });
    expect(refusedField({ success: false, message: MESSAGES.invalidPhone, field: 'phone' }, 'career')).toEqual({ name: 'phone', message: MESSAGES.invalidPhone });
    expect(refusedField({ success: false, message: 'Name is required.', field: 'name' }, 'society')).toEqual({ name: 'name', message: 'Name is required.' });
  });

  it('marks nothing without a `field` of the form, or without a message: the sentence alone names no field', () => {
    const refusals: unknown[] = [
      { success: false, message: MESSAGES.required(MESSAGES.labels.city) },
      { success: false, message: MESSAGES.invalidPhone },
      { success: false, message: 'x', field: 'college' }, // a career field, on the society form
      { success: false, message: 'x', field: 'constructor' },
      { success: false, message: 'x', field: 1 },
      { success: false, message: '  ', field: 'city' },
      { success: false, field: 'city' },
      null,
      'City is required.',
      [{ field: 'city', message: 'x' }],
    ];
    for (const body of refusals) expect(refusedField(body, 'society'), JSON.stringify(body)).toBeUndefined();
  });

  it('reads the `field` of a JSON answer only', () => {
    const body = { success: false, message: MESSAGES.invalidEmail, field: 'email' };
    expect(refusedFieldOf({ type: 'json', status: 400, ok: false, body }, 'society')).toEqual({ name: 'email', message: MESSAGES.invalidEmail });
    expect(refusedFieldOf({ type: 'invalid-response', status: 400, ok: false }, 'society')).toBeUndefined();
    expect(refusedFieldOf({ type: 'network' }, 'career')).toBeUndefined();
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
