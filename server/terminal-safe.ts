/**
 * Output that is safe to print in a terminal. Stored text comes from visitors, and a
 * terminal acts on some characters instead of printing them: C0 controls (ESC starts
 * colour, cursor and OSC title/clipboard sequences, BEL, BS, a lone CR), DEL, C1 controls
 * (U+0080–U+009F; U+009B is a one-character CSI), and bidi controls that reorder what
 * the operator sees (overrides, embeddings, isolates, marks; "Trojan Source"). Each one is
 * shown as a visible escape instead: `\x1B`, `\u202E`.
 */

const BIDI_AND_SEPARATORS = '\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069';
/** Unsafe everywhere (C0 but TAB, LF and CR; DEL; C1; bidi controls; line/paragraph separators). */
const UNSAFE = new RegExp(`[\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f-\\u009f${BIDI_AND_SEPARATORS}]`, 'gu');
/** Not valid raw in JSON text either way: JSON.stringify leaves these unescaped. */
const UNSAFE_IN_JSON = new RegExp(`[\\u007f-\\u009f${BIDI_AND_SEPARATORS}]`, 'gu');

const hex = (c: string, digits: number) => c.codePointAt(0)!.toString(16).toUpperCase().padStart(digits, '0');
const visible = (c: string) => (c.codePointAt(0)! <= 0xff ? `\\x${hex(c, 2)}` : `\\u${hex(c, 4)}`);

/**
 * One line of terminal text: every unsafe character escaped visibly; TAB, LF and CR are
 * kept for the caller to lay out (the table flattens them to spaces).
 */
export function terminalSafe(text: string): string {
  return text.replace(UNSAFE, visible);
}

/** Text that may span lines (a CSV cell): like terminalSafe, and a CR not followed by LF is escaped too. */
export function terminalSafeMultiline(text: string): string {
  return terminalSafe(text).replace(/\r(?!\n)/g, '\\x0D');
}

/**
 * JSON for a terminal, lossless: JSON.stringify already escapes C0 controls; the rest
 * (DEL, C1, bidi controls) become \uXXXX escapes, which parse back to the same string.
 */
export function terminalSafeJson(value: unknown, space = 2): string {
  return JSON.stringify(value, null, space).replace(UNSAFE_IN_JSON, (c) => `\\u${hex(c, 4)}`);
}
