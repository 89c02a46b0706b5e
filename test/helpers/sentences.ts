/**
 * A text's sentences and its length as a reader sees it, to compare a translation with its
 * English (test/site/catalogue-parity.unit.test.ts). A sentence ends at ".", "!", "?" or the
 * danda "।" followed by a space or the end of the text; a text with no such mark is one
 * sentence. Not a full stop: a mark inside a figure, an address or a name (₹2.5, example.com,
 * B.Tech: no space follows), an abbreviation ("e.g. Pune"), or a run of marks ("...", "?!"),
 * which ends one sentence.
 */

/** Abbreviations followed by a space that end no sentence, in the site's languages (lower case, with their dot). */
const ABBREVIATIONS = [
  'e.g.', 'i.e.', 'etc.', 'vs.', 'approx.', 'no.', 'pvt.', 'ltd.', 'mr.', 'mrs.', 'ms.', 'dr.', 'st.',
  // Marathi and Hindi: उदा. (for example), इ. (etc.), डॉ. (doctor), श्री. (Shri)
  'उदा.', 'इ.', 'डॉ.', 'श्री.',
  // Tamil எ.கா. (for example) and அக். (October), Telugu ఉదా., Kannada ಉದಾ. (for example)
  'எ.கா.', 'அக்.', 'ఉదా.', 'ಉದಾ.',
];

/** The text as read: markup and its entities gone, white space single. */
export function readableText(text: string): string {
  return text
    .replace(/<[^>]*>/g, '')
    .replace(/&(?:amp|lt|gt|quot|#39|nbsp);/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The text's sentences, each with its closing mark. */
export function sentences(text: string): string[] {
  const plain = readableText(text);
  const found: string[] = [];
  let start = 0;
  const ends = /[.!?।॥]+(?=\s|$)/gu;
  for (let match = ends.exec(plain); match; match = ends.exec(plain)) {
    const end = match.index + match[0].length;
    const lastWord = plain.slice(start, end).split(' ').pop()!.toLowerCase();
    if (match[0] === '.' && ABBREVIATIONS.some((a) => lastWord === a || lastWord.endsWith('(' + a))) continue;
    found.push(plain.slice(start, end).trim());
    start = end;
  }
  const rest = plain.slice(start).trim();
  if (rest) found.push(rest);
  return found;
}

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** Length as a reader counts it: grapheme clusters (an aksara with its vowel sign is one), spaces excluded. */
export function readableLength(text: string): number {
  let count = 0;
  for (const { segment } of graphemes.segment(readableText(text))) if (segment.trim()) count += 1;
  return count;
}
