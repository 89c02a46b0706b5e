/**
 * The team app's language: the member's own (kept with them on the service, so it follows
 * them to every device), else the one last used on this device, else the browser's first
 * preference among the site's languages (contract/languages.ts), else English. English is
 * in the app's bundle; each other language is a chunk of its own, loaded when chosen.
 */
import { createContext, useContext } from 'react';
import { languageOfTag, type LanguageCode } from '../../../contract/languages.ts';
import { en } from './en.ts';
import type { TeamMessages } from './types.ts';

export type { TeamMessages } from './types.ts';
export { en } from './en.ts';

/** Every catalogue file but English's, as a lazy chunk each: a language of the list is its file (exporting its catalogue under its code), nothing to register. */
const files = import.meta.glob<Record<string, TeamMessages | undefined>>(['./*.ts', '!./en.ts', '!./index.ts', '!./types.ts']);
async function importCatalogue(lang: LanguageCode): Promise<TeamMessages> {
  const file = files[`./${lang}.ts`];
  if (!file) throw new Error(`widgets/team/i18n/${lang}.ts is missing: every language of contract/languages.ts needs the team app's catalogue`);
  const messages = (await file())[lang];
  if (!messages) throw new Error(`widgets/team/i18n/${lang}.ts must export its catalogue as \`${lang}\``);
  return messages;
}
const loaded = new Map<LanguageCode, TeamMessages>([['en', en]]);

/** A language's catalogue, at once when it is loaded already. */
export const loadedCatalogue = (lang: LanguageCode): TeamMessages | undefined => loaded.get(lang);

export async function loadCatalogue(lang: LanguageCode): Promise<TeamMessages> {
  const ready = loaded.get(lang);
  if (ready) return ready;
  const messages = await importCatalogue(lang);
  loaded.set(lang, messages);
  return messages;
}

const STORAGE_KEY = 'team-language';

/** The language to start in, before the service says whose session this is. */
export function deviceLanguage(): LanguageCode {
  try {
    const kept = languageOfTag(localStorage.getItem(STORAGE_KEY));
    if (kept) return kept;
  } catch {
    /* storage refused: fall back to the browser's preference */
  }
  for (const tag of navigator.languages) {
    const lang = languageOfTag(tag);
    if (lang) return lang;
  }
  return 'en';
}

/** Remembers the language on this device, for the sign-in page next time. */
export function keepLanguage(lang: LanguageCode): void {
  try {
    localStorage.setItem(STORAGE_KEY, lang);
  } catch {
    /* not kept: the member's own language comes back with their session */
  }
}

export const MessagesContext = createContext<TeamMessages>(en);
export const useMessages = (): TeamMessages => useContext(MessagesContext);
