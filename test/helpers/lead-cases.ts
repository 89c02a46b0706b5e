/** Phones, emails and text with what the lead contract says of each: accepted or refused, by browser and service alike. */
export const PHONE_CASES: [phone: string, accepted: boolean][] = [
  ['+91 98765 43210', true],
  ['9876543210', true],
  ['98765-43210', true],
  ['+91-98765-43210', true],
  ['+91 098765 43210', true], // a trunk zero after the country code
  ['091 9876543210', true],
  ['09876543210', true],
  ['+1 234 567 8901', true],
  ['1234567', true], // 7 digits, the fewest
  ['123456789012345', true], // 15 digits, the most
  ['+91 98765 43210 99 8', true], // 20 characters, the most
  ['  9876543210 ', true], // the service trims
  ['9876543210-', true],
  ['98220', false], // 5 digits
  ['123456', false],
  ['1234567890123456', false], // 16 digits
  ['9 8 7 6 5 4 3 2 1 0 1', false], // 21 characters
  ['+91 (22) 2345 6789', false],
  ['-9876543210', false],
  ['+-9876543210', false],
  ['++919876543210', false],
  ['98765.43210', false],
  ['9876543210 ext 2', false],
  ['98765\t43210', false],
  ['९८७६५४३२१०', false], // Devanagari digits
  ['abcdefghij', false],
  ['   ', false],
  ['', false],
];

export const EMAIL_CASES: [email: string, accepted: boolean][] = [
  ['you@example.com', true],
  ['first.last+tag@mail.example.in', true],
  ['a@b.co', true],
  ['  padded@example.in ', true],
  [`${'l'.repeat(64)}@example.com`, true],
  [`${'l'.repeat(65)}@example.com`, false],
  ['you@example', false],
  ['a@b', false],
  ['no-at.example.com', false],
  ['two@@example.com', false],
  ['a b@example.com', false],
  ['@example.com', false],
  ['x@.example.com', false],
  ['x@example.', false],
  ['x@example..com', false],
  ['\u001b]0;title\u0007@x.co', false], // a terminal escape sequence: no control character in any field
  ['a\u0000b@example.com', false],
  ['ab@example.com\u007f', false],
  ['ab@exa\u0085mple.com', false],
  ['   ', false],
  ['', false],
];

/** One-line text (a city) with what the lead contract says of it: any characters but control characters. */
export const TEXT_CASES: [text: string, accepted: boolean][] = [
  ['Pune', true],
  ['नवी मुंबई', true],
  ['  Pune  ', true], // the service trims
  ["St. John's — Block B (East)", true],
  ['Pu\u001b[31mne', false],
  ['Pune\u0007', false],
  ['Pu\tne', false],
  ['Pu\u0000ne', false],
  ['Pu\u009bne', false],
];

/** The career message: control characters refused too, but for tabs and line breaks. */
export const MULTILINE_CASES: [message: string, accepted: boolean][] = [
  ['I would like to join.', true],
  ['Line one\nline two\r\n\tindented', true],
  ['Hello\u001b]0;x\u0007', false],
  ['Hello\u0000', false],
  ['Hel\u000blo', false],
];
