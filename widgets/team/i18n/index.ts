/**
 * The team app's language: the one chosen with its switch (kept on this device), else
 * Hindi when the browser prefers it, else English. Both catalogues are in the app's bundle:
 * the team switches between them at will.
 */
import { createContext, useContext } from 'react';
import { en, type TeamMessages } from './en.ts';
import { hi } from './hi.ts';

export type { TeamMessages } from './en.ts';

export const CATALOGUES: Record<string, TeamMessages> = { en, hi };
const STORAGE_KEY = 'team-language';

export function initialLanguage(): string {
  try {
    const kept = localStorage.getItem(STORAGE_KEY);
    if (kept && kept in CATALOGUES) return kept;
  } catch {
    /* storage refused: fall back to the browser's preference */
  }
  return navigator.languages.some((l) => l.toLowerCase().startsWith('hi')) ? 'hi' : 'en';
}

export function keepLanguage(lang: string): void {
  try {
    localStorage.setItem(STORAGE_KEY, lang);
  } catch {
    /* not kept: the choice lasts for this page */
  }
}

export const MessagesContext = createContext<TeamMessages>(en);
export const useMessages = (): TeamMessages => useContext(MessagesContext);
