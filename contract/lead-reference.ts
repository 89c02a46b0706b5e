/**
 * A lead's reference, as the person sees it on the form's confirmation and in their
 * acknowledgement email, says it on the phone and types it into an email: `SD-4K7Q-2M9X`.
 * Eight characters drawn at random (the service, server/intake/reference.ts) from an
 * alphabet without look-alikes, so it reveals neither how many leads there are nor the
 * next one. Plain data and pure functions: the widgets bundle it.
 */

/** The fixed start of every reference. */
export const REFERENCE_PREFIX = 'SD';

/**
 * Digits 2–9 and the capital letters that no other character here looks like: of each
 * look-alike pair or trio only one stays (Q, not O or 0; none of 1, I, L; 2, not Z; 5, not S;
 * 6, not G; 8, not B; V, not U). 26 characters.
 */
export const REFERENCE_ALPHABET = '23456789ACDEFHJKMNPQRTVWXY';

/** Random characters in a reference: 26^8 ≈ 2.1 × 10^11 references. */
export const REFERENCE_LENGTH = 8;

/** A reference exactly as the service writes it. */
export const REFERENCE_PATTERN = new RegExp(`^${REFERENCE_PREFIX}-[${REFERENCE_ALPHABET}]{4}-[${REFERENCE_ALPHABET}]{4}$`);

/** The written form of eight characters of the alphabet: `SD-XXXX-XXXX`. */
export function formatReference(characters: string): string {
  return `${REFERENCE_PREFIX}-${characters.slice(0, 4)}-${characters.slice(4, 8)}`;
}

export const isReference = (value: unknown): value is string => typeof value === 'string' && REFERENCE_PATTERN.test(value);

/** What a person may type for a character that is not in the alphabet but looks like one that is. */
const LOOK_ALIKES: Readonly<Record<string, string>> = { B: '8', G: '6', S: '5', Z: '2', U: 'V', O: 'Q' };

/**
 * A reference as a person typed or read it out ("sd 4k7q 2m9x", "4K7Q2M9X", "SD-4K7Q-2M9X"):
 * case, spaces, hyphens and dots do not matter, the prefix may be left out, and a look-alike of
 * a character is taken for it. The written form, or undefined when the text is no reference.
 */
export function parseReference(text: string): string | undefined {
  let compact = text.toUpperCase().replace(/[\s.\-_–—]+/g, '');
  if (compact.length === REFERENCE_PREFIX.length + REFERENCE_LENGTH && compact.startsWith(REFERENCE_PREFIX)) {
    compact = compact.slice(REFERENCE_PREFIX.length);
  }
  if (compact.length !== REFERENCE_LENGTH) return undefined;
  const characters = [...compact].map((c) => LOOK_ALIKES[c] ?? c).join('');
  return [...characters].every((c) => REFERENCE_ALPHABET.includes(c)) ? formatReference(characters) : undefined;
}
