/**
 * What makes a form work without its script (contract/form-post.ts): where the browser posts
 * it, and the hidden controls of its own post: the form's language, the collection notice's
 * version, the partner, what the service filled in when it drew the form again, and the field
 * people never see (the honeypot). A scripted send never reads them: its JSON is the
 * contract's payload alone, its language and notice in headers, its partner in the query.
 */
import { NOTICE_VERSION } from '../../contract/collection-notice.ts';
import { FORM_POST_FIELDS, FORM_POST_HIDDEN } from '../../contract/form-post.ts';
import { LEAD_PATHS } from '../../contract/http.ts';
import type { LeadKind } from '../../contract/lead-contract.ts';
import { partnerId } from '../../contract/partner-id.ts';
import { resolveApiBase } from './api-base.ts';

/**
 * Where the form posts: `{apiBase}{path}` as the scripted send resolves it; in a page drawn
 * on the server (the build's pre-render, the service's answers) the attribute, else the
 * build's API_BASE, else the site itself (a path).
 */
export function formAction(kind: LeadKind, apiBase?: string): string {
  if (typeof document !== 'undefined') return resolveApiBase(apiBase) + LEAD_PATHS[kind];
  const configured = typeof __SITE_API_BASE__ === 'string' ? __SITE_API_BASE__ : '';
  return (apiBase?.trim() || configured.trim()).replace(/\/+$/, '') + LEAD_PATHS[kind];
}

export function NativePostFields({
  lang,
  partner,
  hidden = {},
  honeypotLabel,
}: {
  lang: string;
  /** The partner attribute: sent only when it names a partner. */
  partner?: string;
  /** Filled in by the service (FORM_POST_HIDDEN): the page, the campaign; anything else is left out. */
  hidden?: Record<string, string>;
  honeypotLabel: string;
}) {
  const id = partnerId(partner);
  const own: Set<string> = new Set([FORM_POST_FIELDS.language, FORM_POST_FIELDS.noticeVersion, FORM_POST_FIELDS.partner, FORM_POST_FIELDS.honeypot]);
  const filled = Object.entries(hidden).filter(([name, value]) => value && !own.has(name) && FORM_POST_HIDDEN.includes(name));
  return (
    <>
      <input type="hidden" name={FORM_POST_FIELDS.language} value={lang} />
      <input type="hidden" name={FORM_POST_FIELDS.noticeVersion} value={NOTICE_VERSION} />
      {id ? <input type="hidden" name={FORM_POST_FIELDS.partner} value={id} /> : null}
      {filled.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <label hidden>
        {`${honeypotLabel} `}
        <input name={FORM_POST_FIELDS.honeypot} />
      </label>
    </>
  );
}
