/**
 * The collection notice between a form's fields and its button (contract/collection-notice.ts):
 * rendered by the same component in the pre-rendered page and in the browser, so it is
 * there before any script and nothing moves when React takes over. Its links (the full
 * notice, the notice in every language) are absolute to our site, so they work inside a partner's page.
 */
import type { LeadKind } from '../../contract/lead-contract.ts';
import { collectionNotice, type NoticeText } from '../../contract/collection-notice.ts';
import { leadRetentionDays, privacyContact, siteOrigin } from './site-links.ts';

export function CollectionNotice({ kind, id, text }: { kind: LeadKind; id: string; text: NoticeText }) {
  const email = privacyContact();
  const notice = collectionNotice(kind, { contactEmail: email, siteUrl: siteOrigin(), retentionDays: leadRetentionDays(), text });
  // The address inside the withdrawal sentence becomes a mailto link.
  const [before, after] = email && notice.withdraw.includes(email) ? notice.withdraw.split(email) : [notice.withdraw, undefined];
  return (
    <p id={id} className="notice" part="notice">
      <strong>{notice.heading}{text.stop}</strong> {notice.collected} {notice.purpose} {notice.retention} {notice.device} {before}
      {after !== undefined ? (
        <>
          <a href={`mailto:${email}`} part="link">{email}</a>
          {after}
        </>
      ) : null}{' '}
      <a href={notice.link.href} target="_blank" rel="noopener" part="link">
        {notice.link.text}
        <span className="visually-hidden"> ({text.newTab})</span>
      </a>
      {' · '}
      <a href={notice.languages.href} target="_blank" rel="noopener" part="link">
        {notice.languages.text}
        <span className="visually-hidden"> ({text.newTab})</span>
      </a>
    </p>
  );
}
