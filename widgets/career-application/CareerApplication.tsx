/**
 * The career application form (spec §3–§8). No submitting state and the button is never
 * disabled (spec §4), but a second submit while one request is in flight sends nothing.
 * Same markup on the server (pre-rendered, `prerendered`: button disabled until the
 * script takes over) and in the browser; touches no browser global during render.
 */
import { useLayoutEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { resolveApiBase } from '../shared/api-base.ts';
import { postJson, type PostOutcome } from '../shared/api-client.ts';
import { emit, type ApplicationErrorReason } from '../shared/events.ts';
import { Field } from '../shared/form-field.tsx';
import { CAREER_FIELDS, COURSES, nativeConstraints, ROLES, type LeadField } from '../shared/lead-contract.ts';
import { forgetSnapshot, initialValues, peekSnapshot, restoreFocus } from '../shared/takeover.ts';
import { showToast } from '../shared/toast-store.ts';

export interface CareerApplicationProps {
  container?: ShadowRoot | HTMLElement;
  apiBase?: string;
  heading?: string;
  intro?: string;
  prerendered?: boolean;
}

export const careerText = {
  heading: 'Apply Now',
  intro: 'Tell us about yourself and the role you want.',
  submit: 'Submit Application',
  successTitle: 'Application Submitted!',
  successDescription: 'Thanks for applying! Our team will review your application and connect with you shortly.',
  errorTitle: 'Error',
  errorDescription: 'There was an error submitting your application. Please try again.',
} as const;

/** Form state (spec §3; `resume` is always null and never sent, so it is not kept here). */
const empty = { fullName: '', email: '', phone: '', college: '', course: '', yearOfStudy: '', areaOfInterest: '', whyJoin: '' };
type Values = typeof empty;

type Result = { ok: true } | { ok: false; reason: ApplicationErrorReason; status?: number };

/** Any non-OK status, no answer, or a body that does not parse is a failure (spec §7, §8). */
export function interpretApplication(outcome: PostOutcome): Result {
  if (outcome.type === 'network' || outcome.type === 'timeout') return { ok: false, reason: outcome.type };
  if (!outcome.ok) return { ok: false, reason: 'http', status: outcome.status };
  if (outcome.type === 'invalid-response') return { ok: false, reason: 'invalid-response', status: outcome.status };
  return { ok: true };
}

export function CareerApplication({ container, apiBase, heading, intro, prerendered = false }: CareerApplicationProps) {
  const [snapshot] = useState(() => peekSnapshot(container));
  const [values, setValues] = useState<Values>(() => initialValues(empty, snapshot));
  const inFlight = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);

  useLayoutEffect(() => {
    restoreFocus(formRef.current, snapshot);
    forgetSnapshot(container);
  }, []); // once, on mount: give back the focus a visitor had in the pre-rendered form

  const onChange = (event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => {
    const { name, value } = event.currentTarget;
    setValues((v) => ({ ...v, [name]: value }));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (inFlight.current) return;
    inFlight.current = true;
    const payload = {
      name: values.fullName,
      email: values.email,
      phone: values.phone,
      college: values.college,
      course: values.course,
      yearOfStudy: values.yearOfStudy,
      areaOfInterest: values.areaOfInterest,
      message: values.whyJoin,
    };
    let result: Result;
    try {
      result = interpretApplication(await postJson(`${resolveApiBase(apiBase)}/addQuery`, payload));
    } finally {
      inFlight.current = false;
    }
    if (result.ok) {
      setValues(empty);
      showToast({ title: careerText.successTitle, description: careerText.successDescription });
      emit(container, 'application-success', { kind: 'career' });
    } else {
      showToast({ title: careerText.errorTitle, description: careerText.errorDescription, variant: 'destructive' });
      emit(container, 'application-error', {
        kind: 'career',
        reason: result.reason,
        ...(result.status !== undefined ? { status: result.status } : {}),
      });
    }
  };

  const input = (name: 'fullName' | 'email' | 'phone' | 'college' | 'yearOfStudy', field: LeadField, type: string, autoComplete: string, placeholder: string) => (
    <input
      id={`career-${name}`}
      name={name}
      type={type}
      autoComplete={autoComplete}
      placeholder={placeholder}
      {...nativeConstraints(field)}
      value={values[name]}
      onChange={onChange}
      part="input"
    />
  );

  return (
    <form ref={formRef} className="root card" part="form" lang="en" dir="ltr" aria-labelledby="career-heading" onSubmit={onSubmit}>
      <h2 id="career-heading" className="heading" part="heading">{heading || careerText.heading}</h2>
      <p className="intro" part="intro">{intro || careerText.intro}</p>
      <div className="fields">
        <Field id="career-fullName" label="Full Name *">{input('fullName', CAREER_FIELDS.name, 'text', 'name', 'Enter your full name')}</Field>
        <Field id="career-email" label="Email *">{input('email', CAREER_FIELDS.email, 'email', 'email', 'you@example.com')}</Field>
        <Field id="career-phone" label="Phone *">{input('phone', CAREER_FIELDS.phone, 'tel', 'tel', '+91 98765 43210')}</Field>
        <Field id="career-college" label="College / University *">{input('college', CAREER_FIELDS.college, 'text', 'organization', 'Your college or university')}</Field>
        <Field id="career-course" label="Course *">
          <select id="career-course" name="course" autoComplete="off" {...nativeConstraints(CAREER_FIELDS.course)} value={values.course} onChange={onChange} part="input">
            <option value="">Select your course</option>
            {COURSES.map((c) => (
              <option key={c.value} value={c.value}>{c.label}</option>
            ))}
          </select>
        </Field>
        <Field id="career-yearOfStudy" label="Year of Study *">{input('yearOfStudy', CAREER_FIELDS.yearOfStudy, 'text', 'off', 'e.g. 3rd year or Graduated')}</Field>
        <Field id="career-areaOfInterest" label="Area of Interest *" wide>
          <select id="career-areaOfInterest" name="areaOfInterest" autoComplete="off" {...nativeConstraints(CAREER_FIELDS.areaOfInterest)} value={values.areaOfInterest} onChange={onChange} part="input">
            <option value="">Choose your preferred role</option>
            {ROLES.map((a) => (
              <option key={a.value} value={a.value}>{a.label}</option>
            ))}
          </select>
        </Field>
        <Field id="career-whyJoin" label="Why do you want to join us? *" wide>
          <textarea
            id="career-whyJoin"
            name="whyJoin"
            autoComplete="off"
            rows={4}
            {...nativeConstraints(CAREER_FIELDS.message)}
            placeholder="Tell us what excites you about this role"
            value={values.whyJoin}
            onChange={onChange}
            part="input"
          />
        </Field>
      </div>
      <button type="submit" className="submit" part="button" disabled={prerendered}>
        {careerText.submit}
      </button>
    </form>
  );
}
