import { useCallback, useEffect, useState } from 'react';
import { languages, type LanguageCode } from '../../../contract/languages.ts';
import { deviceLanguage, keepLanguage, loadCatalogue, loadedCatalogue, type TeamMessages } from '../i18n/index.ts';

/**
 * The language the app speaks and its catalogue (null until its chunk has loaded: the
 * screen waits rather than flash another language). Choosing one keeps it on this device;
 * the member's own choice is kept on the service too (App).
 */
export function useLanguage() {
  const [lang, setLang] = useState<LanguageCode>(deviceLanguage);
  const [t, setT] = useState<TeamMessages | null>(() => loadedCatalogue(lang) ?? null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    loadCatalogue(lang).then(
      (messages) => {
        if (!live) return;
        setT(messages);
        document.documentElement.lang = languages.find((l) => l.code === messages.lang)!.htmlLang;
      },
      // Its chunk could not load (a lost connection): the app stays in the language it had.
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [lang]);

  const choose = useCallback((next: LanguageCode) => {
    keepLanguage(next);
    setFailed(false);
    setLang(next);
  }, []);
  return { lang, t, choose, failed };
}
