/**
 * The team app's language: the member's own (kept with them on the service, so it follows
 * them to every device), else the one last used on this device, else the browser's first
 * preference among the site's languages (contract/languages.ts), else English. English is
 * in the app's bundle; each other language is a chunk of its own, loaded when chosen. Every
 * language of the list needs its importer below, or the typecheck fails.
 */
import { createContext, useContext } from 'react';
import { languageOfTag, type LanguageCode } from '../../../contract/languages.ts';
import { en } from './en.ts';
import type { TeamMessages } from './types.ts';

export type { TeamMessages } from './types.ts';
export { en } from './en.ts';

const importers: Record<Exclude<LanguageCode, 'en'>, () => Promise<TeamMessages>> = {
  hi: () => import('./hi.ts').then((m) => m.hi),
  mr: () => import('./mr.ts').then((m) => m.mr),
  ta: () => import('./ta.ts').then((m) => m.ta),
  te: () => import('./te.ts').then((m) => m.te),
  kn: () => import('./kn.ts').then((m) => m.kn),
  bn: () => import('./bn.ts').then((m) => m.bn),
};
const loaded = new Map<LanguageCode, TeamMessages>([['en', en]]);

/** A language's catalogue, at once when it is loaded already. */
export const loadedCatalogue = (lang: LanguageCode): TeamMessages | undefined => loaded.get(lang);

export async function loadCatalogue(lang: LanguageCode): Promise<TeamMessages> {
  const ready = loaded.get(lang);
  if (ready) return ready;
  const messages = await importers[lang as Exclude<LanguageCode, 'en'>]();
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
