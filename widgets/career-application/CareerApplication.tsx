/**
 * The career application form (spec §3–§8). No submitting state and the button is never
 * disabled (spec §4), but a second submit while one request is in flight sends nothing.
 * Same markup on the server (pre-rendered, `prerendered`: button disabled until the
 * script takes over) and in the browser; touches no browser global during render.
 */
import { useEffect, useRef, type FormEvent } from 'react';
import { resolveApiBase } from '../lead-form/api-base.ts';
import { postJson, type PostOutcome } from '../lead-form/api-client.ts';
import { CAREER_APPLICATION } from '../registry/names.ts';
import { ConfirmationPanel } from '../lead-form/confirmation.tsx';
import { emitOutcome, type ApplicationErrorReason } from '../lead-form/events.ts';
import { Field } from '../lead-form/form-field.tsx';
import { en } from '../i18n/en.ts';
import { useMessages, widgetLanguage } from '../i18n/index.ts';
import { CAREER_FIELDS, COURSES, nativeConstraints, ROLES, type LeadField } from '../../contract/lead-contract.ts';
import { leadUrl, warnInvalidPartner } from '../lead-form/lead-request.ts';
import { CollectionNotice } from '../lead-form/notice.tsx';
import { mismatchMessage, refusedField } from '../lead-form/refusals.ts';
import { useLeadForm, type LeadFormProps } from '../lead-form/use-lead-form.ts';

export type CareerApplicationProps = LeadFormProps;

/** The form's texts in English (the spec's). */
export const careerText = en.career;

/** Form state (spec §3; `resume` is always null and never sent, so it is not kept here). */
const empty = { fullName: '', email: '', phone: '', college: '', course: '', yearOfStudy: '', areaOfInterest: '', whyJoin: '' };
type Values = typeof empty;

/** Payload keys that differ from the form's control names. */
const controlOf = { name: 'fullName', message: 'whyJoin' } as const;

type Result = { ok: true } | { ok: false; reason: ApplicationErrorReason; status?: number; refusal?: string };

/**
 * Any non-OK status, no answer, or a body that does not parse is a failure (spec §7, §8).
 * The toast is always the spec's; a refusal's message is kept only to mark the field it names.
 */
export function interpretApplication(outcome: PostOutcome): Result {
  if (outcome.type === 'network' || outcome.type === 'timeout') return { ok: false, reason: outcome.type };
  if (!outcome.ok) {
    const message = outcome.type === 'json' ? (outcome.body as { message?: unknown } | null)?.message : undefined;
    return { ok: false, reason: 'http', status: outcome.status, ...(typeof message === 'string' && message.trim() ? { refusal: message.trim() } : {}) };
  }
  if (outcome.type === 'invalid-response') return { ok: false, reason: 'invalid-response', status: outcome.status };
  return { ok: true };
}

export function CareerApplication({ container, apiBase, partner, heading, intro, lang, prerendered = false }: CareerApplicationProps) {
  const messages = useMessages(widgetLanguage(lang));
  const text = messages.career;
  const form = useLeadForm({ container, empty, apiBase, firstField: 'fullName', mismatchMessage: (name) => mismatchMessage(name, messages.service), messages });
  const inFlight = useRef(false);

  useEffect(() => warnInvalidPartner(CAREER_APPLICATION, partner), [partner]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (inFlight.current) return;
    inFlight.current = true;
    const { values } = form;
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
      const headers = await form.beginSubmit();
      result = interpretApplication(await postJson(leadUrl(resolveApiBase(apiBase), 'career', partner), payload, { headers }));
    } finally {
      inFlight.current = false;
    }
    if (result.ok) form.succeed({ title: text.successTitle, description: text.successDescription });
    else {
      form.fail(
        { title: text.errorTitle, description: text.errorDescription, variant: 'destructive' },
        result.refusal ? refusedField(result.refusal, controlOf, messages.service) : undefined,
      );
    }
    emitOutcome(container, 'career', result);
  };

  if (form.confirmation) {
    return (
      <ConfirmationPanel idPrefix="career" lang={messages.lang} confirmation={form.confirmation} headingRef={form.confirmationRef} again={text.again} onAgain={form.sendAnother} />
    );
  }

  const input = (name: 'fullName' | 'email' | 'phone' | 'college' | 'yearOfStudy', field: LeadField, type: string, autoComplete: string) => (
    <input
      {...form.bind(name, `career-${name}`)}
      type={type}
      autoComplete={autoComplete}
      placeholder={text.fields[name].placeholder}
      {...nativeConstraints(field)}
      part="input"
    />
  );
  const field = (name: keyof Values, wide?: boolean) => ({ id: `career-${name}`, label: text.fields[name].label, wide, error: form.errorOf(name) });

  return (
    <form {...form.formProps} className="root card" part="form" lang={messages.lang} dir="ltr" aria-labelledby="career-heading" onSubmit={onSubmit}>
      <h2 id="career-heading" className="heading" part="heading">{heading || text.heading}</h2>
      <p className="intro" part="intro">{intro || text.intro}</p>
      <div className="fields">
        <Field {...field('fullName')}>{input('fullName', CAREER_FIELDS.name, 'text', 'name')}</Field>
        <Field {...field('email')}>{input('email', CAREER_FIELDS.email, 'email', 'email')}</Field>
        <Field {...field('phone')}>{input('phone', CAREER_FIELDS.phone, 'tel', 'tel')}</Field>
        <Field {...field('college')}>{input('college', CAREER_FIELDS.college, 'text', 'organization')}</Field>
        <Field {...field('course')}>
          <select {...form.bind('course', 'career-course')} autoComplete="off" {...nativeConstraints(CAREER_FIELDS.course)} part="input">
            <option value="">{text.fields.course.placeholder}</option>
            {COURSES.map((c) => (
              <option key={c.value} value={c.value}>{text.courses[c.value]}</option>
            ))}
          </select>
        </Field>
        <Field {...field('yearOfStudy')}>{input('yearOfStudy', CAREER_FIELDS.yearOfStudy, 'text', 'off')}</Field>
        <Field {...field('areaOfInterest', true)}>
          <select {...form.bind('areaOfInterest', 'career-areaOfInterest')} autoComplete="off" {...nativeConstraints(CAREER_FIELDS.areaOfInterest)} part="input">
            <option value="">{text.fields.areaOfInterest.placeholder}</option>
            {ROLES.map((a) => (
              <option key={a.value} value={a.value}>{text.roles[a.value]}</option>
            ))}
          </select>
        </Field>
        <Field {...field('whyJoin', true)}>
          <textarea
            {...form.bind('whyJoin', 'career-whyJoin')}
            autoComplete="off"
            rows={4}
            {...nativeConstraints(CAREER_FIELDS.message)}
            placeholder={text.fields.whyJoin.placeholder}
            part="input"
          />
        </Field>
      </div>
      <CollectionNotice kind="career" id="career-notice" text={messages.notice} />
      <button type="submit" className="submit" part="button" disabled={prerendered}>
        {text.submit}
      </button>
    </form>
  );
}
