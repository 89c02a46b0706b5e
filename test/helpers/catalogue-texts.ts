/**
 * Every text of a language's catalogues, flat, each named by its file and key
 * ("pages/i18n/hi/home.json#hero.title", "contract/messages/hi.ts#service.required"): the
 * pages' (pages/i18n/<code>/*.json), the service's and the notice's (contract/messages/<code>.ts),
 * the emails' (contract/messages/email/<code>.ts), the forms' (widgets/i18n/<code>.ts) and,
 * where it exists, the team app's (widgets/team/i18n/<code>.ts). A sentence function is
 * called with sample values, so its text is read as a visitor gets it. For the parity and
 * glossary tests (test/site/).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { LanguageCode } from '../../contract/languages.ts';
import { EMAIL_TEXTS, NOTICE_TEXTS, SERVICE_MESSAGES } from '../../contract/messages/index.ts';
import { loadSiteCatalogue } from '../../site-generator/catalogues.ts';
import { repoRoot } from '../../scripts/paths.ts';
import { loadMessages } from '../../widgets/i18n/index.ts';

/** A value a sentence function takes: it reads as a word in a template, and as a one-item list where a list is taken. */
const SAMPLE: unknown = Object.assign(['Asha'], { toString: () => 'Asha' });

/** A catalogue's tree of texts and sentence functions, flat: key → text. */
export function flattenTexts(tree: unknown, prefix: string, into: Map<string, string>, skip: readonly string[] = []): Map<string, string> {
  if (typeof tree === 'string') into.set(prefix, tree);
  else if (typeof tree === 'function') flattenTexts((tree as (...args: unknown[]) => unknown)(...Array<unknown>(tree.length).fill(SAMPLE)), prefix, into);
  else if (Array.isArray(tree)) into.set(prefix, tree.map(String).join(' '));
  else if (tree && typeof tree === 'object') {
    for (const [key, value] of Object.entries(tree)) if (!skip.includes(key)) flattenTexts(value, prefix ? `${prefix}.${key}` : key, into);
  }
  return into;
}

/** Where a language's catalogues are, relative to the repository. */
export const catalogueFiles = (code: string) => ({
  pages: `pages/i18n/${code}`,
  messages: `contract/messages/${code}.ts`,
  email: `contract/messages/email/${code}.ts`,
  widgets: `widgets/i18n/${code}.ts`,
  team: `widgets/team/i18n/${code}.ts`,
});

/** Every text of a language: "<file>#<key>" → text. */
export async function languageTexts(code: LanguageCode): Promise<Map<string, string>> {
  const files = catalogueFiles(code);
  const texts = new Map<string, string>();
  const pageTexts = loadSiteCatalogue(code);
  for (const [key, text] of pageTexts) {
    const [file, ...rest] = key.split('.');
    texts.set(`${files.pages}/${file}.json#${rest.join('.')}`, text);
  }
  for (const [key, text] of flattenTexts(SERVICE_MESSAGES[code], 'service', new Map())) texts.set(`${files.messages}#${key}`, text);
  for (const [key, text] of flattenTexts(NOTICE_TEXTS[code], 'notice', new Map())) texts.set(`${files.messages}#${key}`, text);
  for (const [key, text] of flattenTexts(EMAIL_TEXTS[code], '', new Map())) texts.set(`${files.email}#${key}`, text);
  // The forms' catalogue repeats the service's sentences and the notice (counted above), and names its language.
  for (const [key, text] of flattenTexts(await loadMessages(code), '', new Map(), ['service', 'notice', 'lang'])) texts.set(`${files.widgets}#${key}`, text);
  if (fs.existsSync(path.join(repoRoot, files.team))) {
    const team = (await import(`../../widgets/team/i18n/${code}.ts`)) as Record<string, unknown>;
    for (const [key, text] of flattenTexts(team[code], '', new Map(), ['lang'])) texts.set(`${files.team}#${key}`, text);
  }
  return texts;
}

/** The same key in another language: "pages/i18n/hi/home.json#x" → "pages/i18n/en/home.json#x". */
export const keyIn = (id: string, from: string, to: string): string => {
  for (const [kind, file] of Object.entries(catalogueFiles(from))) {
    const own = file;
    if (id.startsWith(own + '/') || id.startsWith(own + '#')) return catalogueFiles(to)[kind as keyof ReturnType<typeof catalogueFiles>] + id.slice(own.length);
  }
  throw new Error(`${id}: not a catalogue of ${from}`);
};
