/**
 * The collection notice under a form's fields, above its button: rendered by the same
 * component in the pre-rendered page and in the browser, so it is there before any
 * script and nothing moves when React takes over.
 */
import { collectionNotice } from './collection-notice.ts';
import { privacyContact, privacyPolicyUrl } from './site-links.ts';

export function CollectionNotice({ kind, id }: { kind: keyof typeof collectionNotice; id: string }) {
  const text = collectionNotice[kind];
  const email = privacyContact();
  return (
    <p id={id} className="notice" part="notice">
      {text.collected} {text.retention}{' '}
      {email ? (
        <>
          {text.withdraw} <a href={`mailto:${email}`} part="link">{email}</a>.{' '}
        </>
      ) : null}
      <a href={privacyPolicyUrl()} target="_blank" rel="noopener" part="link">
        {text.linkText}
        <span className="visually-hidden"> (opens in a new tab)</span>
      </a>
    </p>
  );
}
