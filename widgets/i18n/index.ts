/**
 * The widgets' languages: which one a form speaks, and its catalogue. English is in
 * every widget bundle; any other language is a chunk of its own, imported only when a
 * form on the page speaks it (a partner page without lang="hi" does not pay for Hindi).
 * The importers are made from the files here (widgets/i18n/<code>.ts, each exporting its
 * catalogue under its code: `export const hi`), one for each language of the list
 * (contract/languages.ts): a new language is its file and its row, nothing to register.
 * The build's pre-render loads every language of the list up front, and names a missing file.
 */
import { useEffect, useReducer } from 'react';
import { LANGUAGE_CODES, languageOfTag } from '../../contract/languages.ts';
import { en } from './en.ts';
import type { WidgetLanguage, WidgetMessages } from './types.ts';

export type { WidgetLanguage, WidgetMessages } from './types.ts';

const catalogues: Partial<Record<WidgetLanguage, WidgetMessages>> = { en };
/** Every catalogue file but English's (in every bundle) and this folder's own modules, as a lazy chunk each. */
const files = import.meta.glob<Record<string, WidgetMessages | undefined>>(['./*.ts', '!./en.ts', '!./index.ts', '!./types.ts']);
const importers = Object.fromEntries(
  LANGUAGE_CODES.filter((code) => code !== 'en').map((code) => {
    const file = files[`./${code}.ts`];
    const load = async (): Promise<WidgetMessages> => {
      if (!file) throw new Error(`widgets/i18n/${code}.ts is missing: every language of contract/languages.ts needs its forms' catalogue`);
      const messages = (await file())[code];
      if (!messages) throw new Error(`widgets/i18n/${code}.ts must export its catalogue as \`${code}\``);
      return messages;
    };
    return [code, load];
  }),
) as Record<Exclude<WidgetLanguage, 'en'>, () => Promise<WidgetMessages>>;
const pending = new Map<WidgetLanguage, Promise<WidgetMessages>>();

/** The form's language: its `lang` attribute, else the primary subtag of the page's `<html lang>`, else English. */
export function widgetLanguage(attribute: string | undefined): WidgetLanguage {
  return (
    languageOfTag(attribute) ?? (typeof document === 'undefined' ? undefined : languageOfTag(document.documentElement.lang)) ?? 'en'
  );
}

/** Whether a language's catalogue is loaded (the build's pre-render loads every one first). */
export const hasMessages = (lang: WidgetLanguage): boolean => Boolean(catalogues[lang]);

/** Loads a language's catalogue (once). */
export function loadMessages(lang: WidgetLanguage): Promise<WidgetMessages> {
  const ready = catalogues[lang];
  if (ready) return Promise.resolve(ready);
  let loading = pending.get(lang);
  if (!loading) {
    loading = importers[lang as Exclude<WidgetLanguage, 'en'>]().then((messages) => {
      catalogues[lang] = messages;
      return messages;
    });
    loading.catch(() => pending.delete(lang)); // a failed chunk load may be retried
    pending.set(lang, loading);
  }
  return loading;
}

/**
 * Runs `define` once the languages spoken by the page and by the element's instances
 * already in it are loaded: at once when they are (English), else after their chunks
 * arrive (or fail: such a form speaks English), so a pre-rendered form is taken over in
 * its own language and nothing is repainted.
 */
export function whenLanguagesReady(tag: string, define: () => void): void {
  const wanted = new Set<WidgetLanguage>([widgetLanguage(undefined)]);
  for (const el of document.querySelectorAll(tag)) wanted.add(widgetLanguage(el.getAttribute('lang') ?? undefined));
  const missing = [...wanted].filter((lang) => !catalogues[lang]);
  if (!missing.length) define();
  else void Promise.all(missing.map((lang) => loadMessages(lang).catch(() => undefined))).then(define);
}

/** The catalogue of `lang`; English until it has loaded, then the component renders again in `lang`. */
export function useMessages(lang: WidgetLanguage): WidgetMessages {
  const [, loaded] = useReducer((n: number) => n + 1, 0);
  const ready = catalogues[lang];
  useEffect(() => {
    if (!ready) loadMessages(lang).then(loaded, () => undefined);
  }, [lang, ready]);
  return ready ?? en;
}
