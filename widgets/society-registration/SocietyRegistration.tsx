/**
 * The society registration form (spec §3–§8). Renders the same markup on the server
 * (pre-rendered Declarative Shadow DOM, `prerendered`: submit button disabled until the
 * script takes over) and in the browser; touches no browser global during render.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { resolveApiBase } from '../shared/api-base.ts';
import { postJson, type PostOutcome } from '../shared/api-client.ts';
import { SOCIETY_REGISTRATION } from '../registry/names.ts';
import { societyRegistrationDefaults } from '../registry/texts.ts';
import { ConfirmationPanel } from '../shared/confirmation.tsx';
import { emitOutcome, type RegistrationErrorReason } from '../shared/events.ts';
import { Field } from '../shared/form-field.tsx';
import { nativeConstraints, SOCIETY_FIELDS } from '../shared/lead-contract.ts';
import { leadUrl, warnInvalidPartner } from '../shared/lead-request.ts';
import { CollectionNotice } from '../shared/notice.tsx';
import { mismatchMessage, refusedField } from '../shared/refusals.ts';
import { useLeadForm } from '../shared/use-lead-form.ts';

export interface SocietyRegistrationProps {
  /** The shadow root (passed by r2wc). */
  container?: ShadowRoot | HTMLElement;
  /** `api-base` attribute. */
  apiBase?: string;
  /** `partner` attribute: the embedder's partner id, sent as `?partner=` (never in the body). */
  partner?: string;
  heading?: string;
  intro?: string;
  /** Server-rendered variant: identical, but the submit button is disabled. */
  prerendered?: boolean;
}

export const societyText = {
  ...societyRegistrationDefaults,
  submit: 'Register Society for Free',
  submitting: 'Submitting...',
  successTitle: 'Registration Successful!',
  successPrefix: 'Society request submitted successfully. We',
  successFallback: 'Society request submitted successfully. We will contact you within 24 hours to set up your society.',
  failureTitle: 'Registration Failed',
  failureFallback: 'Something went wrong. Please try again.',
  networkError: 'Network error. Please check your connection and try again.',
  again: 'Register another society',
} as const;

const empty = { name: '', email: '', phone: '', societyName: '', city: '', position: '' };
type Values = typeof empty;

/** The controls, in payload order; required, lengths and patterns come from the lead contract. */
const fields: {
  name: keyof Values & keyof typeof SOCIETY_FIELDS;
  label: string;
  type: 'text' | 'email' | 'tel';
  autoComplete: string;
  placeholder: string;
}[] = [
  { name: 'name', label: 'Your Name *', type: 'text', autoComplete: 'name', placeholder: 'Enter your full name' },
  { name: 'email', label: 'Email *', type: 'email', autoComplete: 'email', placeholder: 'you@example.com' },
  { name: 'phone', label: 'Phone *', type: 'tel', autoComplete: 'tel', placeholder: '+91 98765 43210' },
  { name: 'societyName', label: 'Society Name *', type: 'text', autoComplete: 'organization', placeholder: 'e.g. Green Valley Apartments' },
  { name: 'city', label: 'City *', type: 'text', autoComplete: 'address-level2', placeholder: 'e.g. Pune' },
  { name: 'position', label: 'Position (optional)', type: 'text', autoComplete: 'organization-title', placeholder: 'e.g. Secretary' },
];

type Result =
  | { ok: true; message: string }
  | { ok: false; message: string; reason: RegistrationErrorReason; status?: number };

/** Maps what happened to the request onto the spec's error catalogue (§8). */
export function interpretRegistration(outcome: PostOutcome): Result {
  if (outcome.type === 'network' || outcome.type === 'timeout') {
    return { ok: false, message: societyText.networkError, reason: outcome.type };
  }
  const body = outcome.type === 'json' ? outcome.body : undefined;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { ok: false, message: societyText.networkError, reason: 'invalid-response', status: outcome.status };
  }
  const { success, message } = body as { success?: unknown; message?: unknown };
  const text = typeof message === 'string' ? message.trim() : '';
  if (success === true) {
    return { ok: true, message: text.startsWith(societyText.successPrefix) ? text : societyText.successFallback };
  }
  return { ok: false, message: text || societyText.failureFallback, reason: 'server', status: outcome.status };
}

export function SocietyRegistration({ container, apiBase, partner, heading, intro, prerendered = false }: SocietyRegistrationProps) {
  const form = useLeadForm({ container, empty, apiBase, firstField: 'name', mismatchMessage });
  const [submitting, setSubmitting] = useState(false);
  const busy = useRef(false);

  useEffect(() => warnInvalidPartner(SOCIETY_REGISTRATION, partner), [partner]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy.current) return;
    busy.current = true;
    setSubmitting(true);
    const { name, email, phone, societyName, city, position } = form.values;
    const payload = { name, email, phone, societyName, city, position: position || '' };
    try {
      const headers = await form.beginSubmit();
      const outcome = await postJson(leadUrl(resolveApiBase(apiBase), 'addSocietyQuery', partner), payload, { headers });
      const result = interpretRegistration(outcome);
      if (result.ok) form.succeed({ title: societyText.successTitle, description: result.message });
      else {
        form.fail(
          { title: societyText.failureTitle, description: result.message, variant: 'destructive' },
          result.reason === 'server' ? refusedField(result.message) : undefined,
        );
      }
      emitOutcome(container, 'society', result);
    } finally {
      busy.current = false;
      setSubmitting(false);
    }
  };

  if (form.confirmation) {
    return (
      <ConfirmationPanel idPrefix="society" confirmation={form.confirmation} headingRef={form.confirmationRef} again={societyText.again} onAgain={form.sendAnother} />
    );
  }

  return (
    <form {...form.formProps} className="root card" part="form" lang="en" dir="ltr" aria-labelledby="society-heading" aria-busy={submitting || undefined} onSubmit={onSubmit}>
      <h2 id="society-heading" className="heading" part="heading">{heading || societyText.heading}</h2>
      <p className="intro" part="intro">{intro || societyText.intro}</p>
      <div className="fields">
        {fields.map((f) => (
          <Field key={f.name} id={`society-${f.name}`} label={f.label} error={form.errorOf(f.name)}>
            <input
              {...form.bind(f.name, `society-${f.name}`)}
              type={f.type}
              autoComplete={f.autoComplete}
              placeholder={f.placeholder}
              {...nativeConstraints(SOCIETY_FIELDS[f.name])}
              part="input"
            />
          </Field>
        ))}
      </div>
      <CollectionNotice kind="society" id="society-notice" />
      <button type="submit" className="submit" part="button" disabled={prerendered || submitting}>
        {submitting ? societyText.submitting : societyText.submit}
      </button>
    </form>
  );
}
