/**
 * One word for one thing (issue 42 §3): each language's glossary (pages/i18n/<code>/glossary.json)
 * names the one word its catalogues use for each concept of the site, and the other words
 * for it that they must not use (`avoid`: substrings, so one form also catches its
 * inflections). Every catalogue of the language is read: the pages', the service's and the
 * notice's, the emails', the forms' and the team app's (test/helpers/catalogue-texts.ts).
 * A language without a glossary yet is listed as a todo; English needs none.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultLanguage, languages, type LanguageCode } from '../../contract/languages.ts';
import { cataloguesDir, GLOSSARY_FILE } from '../../site-generator/catalogues.ts';
import { languageTexts } from '../helpers/catalogue-texts.ts';

/** The concepts every glossary defines, by their fixed English ids. */
const CONCEPTS = ['society', 'rwa', 'resident', 'flat', 'guard', 'visitor', 'registration', 'privacy', 'free', 'paidApp', 'notice', 'referenceNumber'] as const;

interface Entry {
  term: string;
  avoid: string[];
  note?: string;
}
type Glossary = Record<(typeof CONCEPTS)[number], Entry>;

const glossaryFile = (code: string) => path.join(cataloguesDir, code, GLOSSARY_FILE);

/** What is wrong with a glossary's shape; empty when it has every concept, each with its term and the words to avoid. */
function shapeProblems(glossary: unknown): string[] {
  if (!glossary || typeof glossary !== 'object' || Array.isArray(glossary)) return ['not an object of concepts'];
  const entries = glossary as Record<string, unknown>;
  const problems = [
    ...CONCEPTS.filter((c) => !(c in entries)).map((c) => `missing the concept "${c}"`),
    ...Object.keys(entries).filter((c) => !(CONCEPTS as readonly string[]).includes(c)).map((c) => `unknown concept "${c}" (concepts: ${CONCEPTS.join(', ')})`),
  ];
  for (const [concept, entry] of Object.entries(entries)) {
    const e = entry as Partial<Entry> | null;
    if (typeof e?.term !== 'string' || !e.term.trim()) problems.push(`${concept}: "term" must be the word to use`);
    if (!Array.isArray(e?.avoid) || !e.avoid.every((a) => typeof a === 'string' && a.trim())) problems.push(`${concept}: "avoid" must list the words not to use`);
    else if (typeof e.term === 'string' && e.avoid.some((a) => e.term!.toLowerCase().includes(a.toLowerCase()))) problems.push(`${concept}: an "avoid" form is part of the term itself`);
    if (e && 'note' in e && typeof e.note !== 'string') problems.push(`${concept}: "note" must be text`);
    const extra = Object.keys(e ?? {}).filter((k) => !['term', 'avoid', 'note'].includes(k));
    if (extra.length) problems.push(`${concept}: unknown fields ${extra.join(', ')}`);
  }
  return problems;
}

/**
 * Every use of a word to avoid, as "<file>#<key>: "<form>" for <concept> (use "<term>")". The
 * glossary's terms are masked first, so a word to avoid that is part of a term (रक्षक in
 * सुरक्षारक्षक) counts only where it stands apart from it.
 */
function glossaryViolations(glossary: Glossary, texts: ReadonlyMap<string, string>): string[] {
  const terms = CONCEPTS.map((c) => glossary[c].term.toLowerCase()).sort((a, b) => b.length - a.length);
  const found: string[] = [];
  for (const [id, text] of texts) {
    let masked = text.toLowerCase();
    for (const term of terms) masked = masked.split(term).join('\u0000');
    for (const concept of CONCEPTS) {
      for (const form of glossary[concept].avoid) {
        if (masked.includes(form.toLowerCase())) found.push(`${id}: "${form}" for ${concept} (use "${glossary[concept].term}")`);
      }
    }
  }
  return found;
}

const translated = languages.filter((l) => l !== defaultLanguage);
const withGlossary = translated.filter((l) => fs.existsSync(glossaryFile(l.code)));
const readGlossary = (code: string) => JSON.parse(fs.readFileSync(glossaryFile(code), 'utf8')) as Glossary;

describe('one word for one thing, in every language with a glossary', () => {
  for (const { code } of translated.filter((l) => !withGlossary.includes(l))) {
    it.todo(`${code}: no glossary yet (pages/i18n/${code}/${GLOSSARY_FILE})`);
  }

  it.each(withGlossary.map((l) => l.code))('%s: its glossary defines every concept, each with one term and the words to avoid', (code) => {
    expect(shapeProblems(readGlossary(code))).toEqual([]);
  });

  it.each(withGlossary.map((l) => l.code as LanguageCode))('%s: no catalogue uses a word its glossary avoids, and each term is in use', async (code) => {
    const glossary = readGlossary(code);
    const texts = await languageTexts(code);
    expect(glossaryViolations(glossary, texts)).toEqual([]);
    const all = [...texts.values()].join('\n').toLowerCase();
    expect(CONCEPTS.filter((c) => !all.includes(glossary[c].term.toLowerCase())), `${code}: glossary terms no catalogue uses`).toEqual([]);
  });

  it('catches a word to avoid put back into one key (প্রাইভেসি in a Bengali text)', async () => {
    const glossary = readGlossary('bn');
    const texts = new Map(await languageTexts('bn'));
    const id = 'pages/i18n/bn/layout.json#footer.privacy';
    texts.set(id, 'প্রাইভেসি পলিসি');
    expect(glossaryViolations(glossary, texts)).toEqual([`${id}: "প্রাইভেসি" for privacy (use "${glossary.privacy.term}")`]);
  });

  it('reads a word that is part of the term as the term (রক্ষক in সুরক্ষারক্ষক is no guard of its own)', () => {
    const glossary = Object.fromEntries(CONCEPTS.map((c) => [c, { term: `term-${c}`, avoid: [`avoid-${c}`] }])) as Glossary;
    glossary.guard = { term: 'सुरक्षारक्षक', avoid: [' रक्षक'] };
    expect(glossaryViolations(glossary, new Map([['a#b', 'गेटवरील सुरक्षारक्षक आणि रक्षक']]))).toEqual(['a#b: " रक्षक" for guard (use "सुरक्षारक्षक")']);
    expect(glossaryViolations(glossary, new Map([['a#b', 'गेटवरील सुरक्षारक्षक']]))).toEqual([]);
  });
});
