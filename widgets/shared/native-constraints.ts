/**
 * The browser-side constraints of each lead field, so that the browser refuses what
 * the intake service would refuse before anything is sent: lengths, and the phone and
 * email rules as `pattern`s (HTML compiles them with the `v` flag, anchored).
 */
export interface NativeConstraints {
  maxLength?: number;
  pattern?: string;
  inputMode?: 'text' | 'email' | 'tel';
}

/** 7 to 15 digits, an optional leading +, spaces or hyphens between digits. */
const PHONE_PATTERN = String.raw`\s*\+?[0-9](?:[ \-]*[0-9]){6,14}[ \-]*\s*`;
/** Something, @, a domain with at least one dot. */
const EMAIL_PATTERN = String.raw`[^\s@]{1,64}@[^\s@.]+(?:\.[^\s@.]+)+`;

export const constraints: Record<string, NativeConstraints> = {
  name: { maxLength: 100 },
  email: { maxLength: 254, pattern: EMAIL_PATTERN, inputMode: 'email' },
  phone: { maxLength: 20, pattern: PHONE_PATTERN, inputMode: 'tel' },
  societyName: { maxLength: 200 },
  city: { maxLength: 100 },
  position: { maxLength: 100 },
  college: { maxLength: 200 },
  yearOfStudy: { maxLength: 100 },
  message: { maxLength: 4000 },
};

const mismatch: Record<string, string> = {
  email: 'Please enter a valid email address.',
  phone: 'Please enter a valid phone number.',
};

/** The message shown when the value breaks the field's pattern or type. */
export const mismatchMessage = (key: string): string | undefined => mismatch[key];
