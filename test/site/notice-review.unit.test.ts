/**
 * The notice in the languages of the Eighth Schedule that are not languages of the site
 * (issue 42, Also): one spelling each where the translations wrote two, and the three whose
 * translation awaits a native reviewer (Manipuri, Bodo, Santali) say so on their page, in
 * English and in their own words, until a review is recorded (contract/notice-languages.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { NOTICE_LANGUAGES } from '../../contract/notice-languages.ts';
import { readCatalogueFile } from '../../site-generator/catalogues.ts';
import { loadNoticeCatalogue, underReviewNote } from '../../site-generator/notice-texts.ts';
import { noticeCatalogueDir } from '../../site-generator/page-templates.ts';
import { repoRoot } from '../../scripts/paths.ts';

const texts = (code: string) => [...readCatalogueFile(path.join(noticeCatalogueDir, `${code}.json`)).values()];
const AWAITING_REVIEW = ['brx', 'mni', 'sat'];

describe('the notice-only languages', () => {
  it('Manipuri writes its case suffixes one way: ꯅ and ꯗ, never ꯅꯥ or ꯗꯥ at a word’s end', () => {
    const words = texts('mni').flatMap((text) => text.match(/[\uABC0-\uABFF]+/gu) ?? []);
    expect(words.length).toBeGreaterThan(100);
    expect(words.filter((word) => /(ꯅꯥ|ꯗꯥ|ꯇꯥ)$/u.test(word))).toEqual([]);
  });

  it('Bodo writes its apostrophe one way, as in its own name (बर’)', () => {
    expect(NOTICE_LANGUAGES.find((l) => l.code === 'brx')!.name).toContain('’');
    expect(texts('brx').filter((text) => text.includes("'"))).toEqual([]);
    expect(texts('brx').some((text) => text.includes('’'))).toBe(true);
  });

  it('Manipuri, Bodo and Santali await a native reviewer, and their pages say “translation under review” in English and in their own words', () => {
    expect(NOTICE_LANGUAGES.filter((l) => l.review === 'pending').map((l) => l.code).sort()).toEqual(AWAITING_REVIEW);
    for (const code of AWAITING_REVIEW) {
      const note = underReviewNote(code)!;
      expect(note.en, code).toMatch(/^Translation under review/);
      expect(note.own, code).toMatch(new RegExp(`\\p{Script=${NOTICE_LANGUAGES.find((l) => l.code === code)!.script}}`, 'u'));
      // The line is the page's, not one of the notice's texts the template checks.
      expect(loadNoticeCatalogue(code).has('underReview'), code).toBe(false);
    }
    expect(NOTICE_LANGUAGES.filter((l) => !AWAITING_REVIEW.includes(l.code)).map((l) => underReviewNote(l.code))).toEqual(
      NOTICE_LANGUAGES.filter((l) => !AWAITING_REVIEW.includes(l.code)).map(() => undefined),
    );
  });

  it('docs/translating.md names them as needing a native reviewer’s sign-off, and how to record it', () => {
    const doc = fs.readFileSync(path.join(repoRoot, 'docs', 'translating.md'), 'utf8');
    const section = doc.slice(doc.indexOf('## Native review'));
    for (const name of ['Manipuri (`mni`)', 'Bodo (`brx`)', 'Santali (`sat`)']) expect(section).toContain(name);
    expect(section).toContain("review: 'pending'");
  });
});
