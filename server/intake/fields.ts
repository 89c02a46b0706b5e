import { z } from 'zod';
import { MSG } from './messages.ts';

/** Building blocks for the lead schemas: strings only (no coercion), trimmed, bounded. */

const CONTROL_SINGLE_LINE = /[\u0000-\u001f\u007f]/;
const CONTROL_MULTI_LINE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const EMAIL = /^[^\s@]{1,64}@[^\s@.]+(?:\.[^\s@.]+)+$/;
const PHONE = /^\+?[0-9][0-9 -]*$/;

const stringOf = (label: string) =>
  z.string({
    error: (issue) => (issue.input === undefined ? `${label} is required.` : `${label} must be text.`),
  });

/** A required single- or multi-line text field. */
export function requiredText(label: string, max: number, multiline = false) {
  const control = multiline ? CONTROL_MULTI_LINE : CONTROL_SINGLE_LINE;
  return stringOf(label)
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} must be at most ${max} characters.`)
    .refine((v) => !control.test(v), `${label} contains characters that are not allowed.`);
}

/** An optional text field: may be absent or empty; stored as '' when absent. */
export function optionalText(label: string, max: number) {
  return z
    .string({ error: `${label} must be text.` })
    .trim()
    .max(max, `${label} must be at most ${max} characters.`)
    .refine((v) => !CONTROL_SINGLE_LINE.test(v), `${label} contains characters that are not allowed.`)
    .default('');
}

export const email = () =>
  stringOf('Email')
    .trim()
    .min(1, 'Email is required.')
    .max(254, MSG.invalidEmail)
    .regex(EMAIL, MSG.invalidEmail);

export const phone = () =>
  stringOf('Phone number')
    .trim()
    .min(1, 'Phone number is required.')
    .max(20, MSG.invalidPhone)
    .refine((v) => {
      if (!PHONE.test(v)) return false;
      const digits = v.replace(/[^0-9]/g, '').length;
      return digits >= 7 && digits <= 15;
    }, MSG.invalidPhone);

/** One of a fixed list of values (exact match after trimming). */
export function choice<const T extends readonly [string, ...string[]]>(label: string, values: T, invalid: string) {
  return stringOf(label)
    .trim()
    .pipe(z.enum(values, { error: (issue) => (issue.input === '' ? `${label} is required.` : invalid) }));
}

/** The body must be an object with exactly these keys. */
export function exactObject<S extends z.core.$ZodLooseShape>(shape: S) {
  return z.strictObject(shape, {
    error: (issue) => (issue.code === 'unrecognized_keys' ? MSG.unexpectedField(issue.keys) : MSG.notObject),
  });
}

/** The visitor-facing message of the first problem found. */
export function firstMessage(error: z.ZodError): string {
  return error.issues[0]?.message ?? MSG.generic;
}
