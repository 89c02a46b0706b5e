/**
 * The team app's catalogues (widgets/team/i18n/): one per language of the site, each written
 * in its language's script with no English word left but technical names, its buttons in
 * the polite imperative, a name followed by its honorific, and the career form's courses
 * and roles in the form's own words. (That every catalogue has every key, and a label for
 * every field of the contract, is the typecheck's: types.ts.)
 */
import { describe, expect, it } from 'vitest';
import { COURSES, ROLES } from '../../contract/lead-contract.ts';
import { languages, type LanguageCode } from '../../contract/languages.ts';
import { bn } from '../../widgets/team/i18n/bn.ts';
import { en } from '../../widgets/team/i18n/en.ts';
import { hi } from '../../widgets/team/i18n/hi.ts';
import { kn } from '../../widgets/team/i18n/kn.ts';
import { mr } from '../../widgets/team/i18n/mr.ts';
import { ta } from '../../widgets/team/i18n/ta.ts';
import { te } from '../../widgets/team/i18n/te.ts';
import type { TeamMessages } from '../../widgets/team/i18n/types.ts';

const CATALOGUES: Record<LanguageCode, TeamMessages> = { en, hi, mr, ta, te, kn, bn };

/** Every text of a catalogue with where it is; a function's text with 3 for each of its arguments. */
function texts(value: unknown, at = ''): [string, string][] {
  if (typeof value === 'string') return [[at, value]];
  if (typeof value === 'function') return texts((value as (...a: number[]) => unknown)(...Array.from({ length: value.length }, () => 3)), `${at}()`);
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => texts(v, at ? `${at}.${k}` : k));
  return [];
}

/** Latin-letter words a translation may keep: technical names, keys, units, and the codes of the catalogue itself. */
const TECHNICAL = new Set(['CSV', 'CV', 'Ctrl', 'Enter', 'j', 'k', 'KB', 'MB', 'BCA', 'MCA', 'B', 'Tech', 'M', 'BBA', 'MBA', 'IN', 'u', 'nu', 'latn']);
const NOT_TEXT = new Set(['lang', 'locale', 'history.none']);

/** The buttons a member presses: said as a polite request in each language. */
const BUTTONS = (t: TeamMessages) => [
  t.signIn.button, t.invite.button, t.profile.save, t.menu.signOut, t.menu.exportCsv, t.worklist.searchButton, t.worklist.apply, t.worklist.reset,
  t.lead.call, t.lead.copyEmail, t.lead.save, t.lead.saveNext, t.lead.assignToMe, t.lead.outcomeSend, t.lead.download, t.lead.erase, t.lead.eraseYes,
];
const POLITE: Record<Exclude<LanguageCode, 'en'>, RegExp> = { hi: /(?:ें|एँ)$/u, mr: /ा$/u, ta: /ங்கள்$/u, te: /ండి$/u, kn: /ಿ$/u, bn: /ন$/u };
const HONORIFIC: Record<Exclude<LanguageCode, 'en'>, string> = { hi: 'Meera जी', mr: 'Meera यांचा', ta: 'Meera அவர்களின்', te: 'Meera గారి', kn: 'Meera ಅವರ', bn: 'Meera-এর' };

describe('the team app in every language of the site', () => {
  it('has a catalogue for each, speaking its own language', () => {
    expect(Object.keys(CATALOGUES).sort()).toEqual(languages.map((l) => l.code).sort());
    for (const [code, t] of Object.entries(CATALOGUES)) expect(t.lang).toBe(code);
  });

  for (const language of languages.filter((l) => l.code !== 'en')) {
    const code = language.code as Exclude<LanguageCode, 'en'>;
    const t = CATALOGUES[code];
    it(`${code}: every text in ${language.script} letters, no English word but technical names`, () => {
      const script = new RegExp(`\\p{Script=${language.script}}`, 'u');
      const english: string[] = [];
      const notInScript: string[] = [];
      for (const [at, text] of texts(t)) {
        if (NOT_TEXT.has(at) || at.startsWith('choices.') || at === 'lead.size()' || at === 'lead.cv' || at === 'lead.appliedBeforeItem()') continue;
        const words = (text.match(/[A-Za-z]+/g) ?? []).filter((w) => !TECHNICAL.has(w));
        if (words.length) english.push(`${at}: ${words.join(' ')}`);
        if (/\p{L}/u.test(text) && !script.test(text)) notInScript.push(`${at}: ${text}`);
      }
      expect(english).toEqual([]);
      expect(notInScript).toEqual([]);
    });

    it(`${code}: buttons ask politely, a name takes its honorific`, () => {
      expect(BUTTONS(t).filter((b) => !POLITE[code].test(b))).toEqual([]);
      expect(t.lead.savedLead('Meera')).toContain(HONORIFIC[code]);
    });
  }

  it("English's courses and roles are the form's own (contract/lead-contract.ts)", () => {
    expect(en.choices.courses).toEqual(Object.fromEntries(COURSES.map((c) => [c.value, c.label])));
    expect(en.choices.roles).toEqual(Object.fromEntries(ROLES.map((r) => [r.value, r.label])));
  });
});
