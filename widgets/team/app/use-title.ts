import { useEffect } from 'react';
import { useMessages } from '../i18n/index.ts';

/** The document's title: the screen's, then the app's name. */
export function useTitle(title: string): void {
  const t = useMessages();
  useEffect(() => {
    document.title = `${title} – ${t.appName}`;
  }, [title, t]);
}
