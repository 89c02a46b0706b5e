/**
 * The society registration form (spec §3–§8). Renders the same markup on the server
 * (pre-rendered Declarative Shadow DOM, `prerendered`: submit button disabled until the
 * script takes over) and in the browser; touches no browser global during render.
 */
import { useLayoutEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { resolveApiBase } from '../shared/api-base.ts';
import { postJson, type PostOutcome } from '../shared/api-client.ts';
import { emit, type RegistrationErrorReason } from '../shared/events.ts';
import { Field } from '../shared/form-field.tsx';
import { nativeConstraints, SOCIETY_FIELDS } from '../shared/lead-contract.ts';
import { forgetSnapshot, initialValues, peekSnapshot, restoreFocus } from '../shared/takeover.ts';
import { showToast } from '../shared/toast-store.ts';

export interface SocietyRegistrationProps {
  /** The shadow root (passed by r2wc). */
  container?: ShadowRoot | HTMLElement;
  /** `api-base` attribute. */
  apiBase?: string;
  heading?: string;
  intro?: string;
  /** Server-rendered variant: identical, but the submit button is disabled. */
  prerendered?: boolean;
}

export const societyText = {
  heading: 'Register Your Society',
  intro: 'It takes 2 minutes. We set everything up within 24 hours — free forever.',
  submit: 'Register Society for Free',
  submitting: 'Submitting...',
  successTitle: 'Registration Successful!',
  successPrefix: 'Society request submitted successfully. We',
  successFallback: 'Society request submitted successfully. We will contact you within 24 hours to set up your society.',
  failureTitle: 'Registration Failed',
  failureFallback: 'Something went wrong. Please try again.',
  networkError: 'Network error. Please check your connection and try again.',
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

export function SocietyRegistration({ container, apiBase, heading, intro, prerendered = false }: SocietyRegistrationProps) {
  const [snapshot] = useState(() => peekSnapshot(container));
  const [values, setValues] = useState<Values>(() => initialValues(empty, snapshot));
  const [submitting, setSubmitting] = useState(false);
  const busy = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);

  useLayoutEffect(() => {
    restoreFocus(formRef.current, snapshot);
    forgetSnapshot(container);
  }, []); // once, on mount: give back the focus a visitor had in the pre-rendered form

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const { name, value } = event.currentTarget;
    setValues((v) => ({ ...v, [name]: value }));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy.current) return;
    busy.current = true;
    setSubmitting(true);
    const { name, email, phone, societyName, city, position } = values;
    const payload = { name, email, phone, societyName, city, position: position || '' };
    try {
      const result = interpretRegistration(await postJson(`${resolveApiBase(apiBase)}/addSocietyQuery`, payload));
      if (result.ok) {
        setValues(empty);
        showToast({ title: societyText.successTitle, description: result.message });
        emit(container, 'registration-success', { kind: 'society' });
      } else {
        showToast({ title: societyText.failureTitle, description: result.message, variant: 'destructive' });
        emit(container, 'registration-error', {
          kind: 'society',
          reason: result.reason,
          ...(result.status !== undefined ? { status: result.status } : {}),
        });
      }
    } finally {
      busy.current = false;
      setSubmitting(false);
    }
  };

  return (
    <form ref={formRef} className="root card" part="form" lang="en" dir="ltr" aria-labelledby="society-heading" aria-busy={submitting || undefined} onSubmit={onSubmit}>
      <h2 id="society-heading" className="heading" part="heading">{heading || societyText.heading}</h2>
      <p className="intro" part="intro">{intro || societyText.intro}</p>
      <div className="fields">
        {fields.map((f) => (
          <Field key={f.name} id={`society-${f.name}`} label={f.label}>
            <input
              id={`society-${f.name}`}
              name={f.name}
              type={f.type}
              autoComplete={f.autoComplete}
              placeholder={f.placeholder}
              {...nativeConstraints(SOCIETY_FIELDS[f.name])}
              value={values[f.name]}
              onChange={onChange}
              part="input"
            />
          </Field>
        ))}
      </div>
      <button type="submit" className="submit" part="button" disabled={prerendered || submitting}>
        {submitting ? societyText.submitting : societyText.submit}
      </button>
    </form>
  );
}
