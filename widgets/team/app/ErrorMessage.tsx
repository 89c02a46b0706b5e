import { useMessages } from '../i18n/index.ts';
import { TeamApiError } from './api.ts';

/** A refusal or failure in the app's language, announced to screen readers. */
export function ErrorMessage({ error }: { error: unknown }) {
  const t = useMessages();
  if (!error) return null;
  const code = error instanceof TeamApiError ? error.code : 'unavailable';
  return (
    <p className="message message-error" role="alert">
      {t.errors[code] ?? t.errors.unavailable}
    </p>
  );
}
