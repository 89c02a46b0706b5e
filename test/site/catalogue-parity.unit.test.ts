/**
 * Every language says all that English says (issue 42 §1): for every text of the English
 * catalogues (the pages', the service's and the notice's, the emails', the forms'), every other
 * language of the site has the text, with as many sentences (test/helpers/sentences.ts), and a
 * length in a band around English's. A translation cut to a fragment, or missing a sentence,
 * fails here, naming its file and key.
 *
 * The length band: how much longer a text is than English's depends on the script (a Devanagari
 * aksara says more than a Latin letter), so each text's ratio to English (in grapheme clusters)
 * is compared with its language's median ratio. Measured on the seven languages with nothing cut
 * (1,000+ texts each), the ratio over the median lies between 0.62 and 1.75; the band is
 * BAND_LOW–BAND_HIGH of the median, with SLACK clusters either side for short texts (a label of
 * two words may be one word or three).
 *
 * A text that must differ lists its reason in pages/i18n/parity-exceptions.json
 * ({"<code>": {"<file>#<key>": "<reason>"}}); an exception no longer needed fails too.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultLanguage, languages, type LanguageCode } from '../../contract/languages.ts';
import { cataloguesDir } from '../../site-generator/catalogues.ts';
import { catalogueFiles, keyIn, languageTexts } from '../helpers/catalogue-texts.ts';
import { readableLength, sentences } from '../helpers/sentences.ts';

const BAND_LOW = 0.6;
const BAND_HIGH = 1.9;
const SLACK = 4;
/** English texts shorter than this (a label, a button) neither decide a language's median ratio nor have a band: their sentences are counted. */
const BAND_FROM = 20;

const exceptionsFile = path.join(cataloguesDir, 'parity-exceptions.json');
const exceptions = JSON.parse(fs.readFileSync(exceptionsFile, 'utf8')) as Record<string, Record<string, string>>;

/** Not texts a reader sees: the start of the service's answer the society form recognises (widgets/i18n/types.ts). */
const NOT_READ = ['#society.successPrefix'];

/** The team app is translated on its own (widgets/team/i18n/): the site's catalogues only. */
const siteTexts = async (code: LanguageCode) =>
  new Map([...(await languageTexts(code))].filter(([id]) => !id.startsWith(catalogueFiles(code).team) && !NOT_READ.some((k) => id.endsWith(k))));

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

interface Problem {
  id: string;
  problem: string;
}

/** What a language's texts lack against English's: a missing key, a sentence more or fewer, a length out of the band. */
function parityProblems(english: ReadonlyMap<string, string>, own: ReadonlyMap<string, string>, code: string): Problem[] {
  const pairs = [...english].map(([id, text]) => ({ id: keyIn(id, defaultLanguage.code, code), english: text, own: own.get(keyIn(id, defaultLanguage.code, code)) }));
  const typical = median(
    pairs.filter((p) => p.own !== undefined && readableLength(p.english) >= BAND_FROM).map((p) => readableLength(p.own!) / readableLength(p.english)),
  );
  const problems: Problem[] = [];
  for (const { id, english: text, own: translation } of pairs) {
    if (translation === undefined) {
      problems.push({ id, problem: 'missing' });
      continue;
    }
    const [counted, theirs] = [sentences(translation).length, sentences(text).length];
    if (counted !== theirs) problems.push({ id, problem: `${counted} sentences, English has ${theirs}` });
    const [length, englishLength] = [readableLength(translation), readableLength(text)];
    const [low, high] = [BAND_LOW * typical * englishLength - SLACK, BAND_HIGH * typical * englishLength + SLACK];
    if (englishLength >= BAND_FROM && (length < low || length > high)) {
      problems.push({ id, problem: `${length} characters, outside ${Math.ceil(Math.max(low, 0))}–${Math.floor(high)} for English's ${englishLength} (×${(length / englishLength / typical).toFixed(2)} of the language's usual ratio ${typical.toFixed(2)})` });
    }
  }
  return problems;
}

/** The problems not excused, and the exceptions that excuse nothing. */
function unexcused(problems: Problem[], code: string): { problems: string[]; stale: string[] } {
  const listed = exceptions[code] ?? {};
  return {
    problems: problems.filter((p) => !(p.id in listed)).map((p) => `${p.id}: ${p.problem}`),
    stale: Object.keys(listed).filter((id) => !problems.some((p) => p.id === id)),
  };
}

const translated = languages.filter((l) => l !== defaultLanguage).map((l) => l.code as LanguageCode);

describe('every language says all that English says', () => {
  it('lists exceptions only for languages of the site, each with its reason', () => {
    for (const [code, listed] of Object.entries(exceptions)) {
      expect(translated, code).toContain(code);
      for (const [id, reason] of Object.entries(listed)) expect(reason.trim().length, `${code} ${id}: the reason`).toBeGreaterThan(10);
    }
  });

  it.each(translated)('%s: every text of English, with as many sentences and a length in the band', async (code) => {
    const { problems, stale } = unexcused(parityProblems(await siteTexts('en'), await siteTexts(code), code), code);
    expect(problems, `${code}: texts that do not say all that English says`).toEqual([]);
    expect(stale, `${code}: exceptions no longer needed (remove them from pages/i18n/parity-exceptions.json)`).toEqual([]);
  });

  it('catches a sentence removed from one key of one language', async () => {
    const english = await siteTexts('en');
    const hindi = new Map(await siteTexts('hi'));
    const before = parityProblems(english, hindi, 'hi').map((p) => `${p.id}: ${p.problem}`);
    const id = 'pages/i18n/hi/home.json#problem.moneyOftenWasted';
    const [first] = sentences(hindi.get(id)!);
    hindi.set(id, first!);
    const after = parityProblems(english, hindi, 'hi').map((p) => `${p.id}: ${p.problem}`);
    const added = after.filter((p) => !before.includes(p));
    expect(added).toContain(`${id}: 1 sentences, English has 2`);
    expect(added.every((p) => p.startsWith(`${id}: `))).toBe(true);
  });

  it('splits sentences at . ! ? and the danda, not inside figures, addresses and abbreviations', () => {
    expect(sentences('Save ₹2.5+ crore at example.com with B.Tech interns. Then rest! Why? Done')).toHaveLength(4);
    expect(sentences('e.g. Pune')).toHaveLength(1);
    expect(sentences('सोसायटी नोंदणी झाली। आता पुढे जा।')).toHaveLength(2);
    expect(sentences('Submitting...')).toHaveLength(1);
    expect(sentences('<code>lang</code> (optional): e.g. <code>&lt;society-registration lang="hi"&gt;</code>; by default.')).toHaveLength(1);
  });
});
