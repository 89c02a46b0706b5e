/**
 * The career application form (spec §3–§8). No submitting state and the button is never
 * disabled (spec §4), but a second submit while one request is in flight sends nothing.
 * Same markup on the server (pre-rendered, and the service's answer pages) and in the
 * browser; touches no browser global during render. Until its script takes over it is a
 * plain form the browser posts itself (contract/form-post.ts).
 */
import { useState } from 'react';
import type { PostOutcome } from '../lead-form/api-client.ts';
import { ConfirmationPanel } from '../lead-form/confirmation.tsx';
import { Field } from '../lead-form/form-field.tsx';
import { en } from '../i18n/en.ts';
import { useMessages, widgetLanguage, type WidgetMessages } from '../i18n/index.ts';
import { CAREER_FIELDS, controlName, fieldNames, inputType, type LeadField, nativeConstraints } from '../../contract/lead-contract.ts';
import type { CareerControl } from '../i18n/types.ts';
import { CollectionNotice } from '../lead-form/notice.tsx';
import { useLeadForm, type FormVerdict, type LeadFormProps } from '../lead-form/use-lead-form.ts';
import { WaitingNotice } from '../lead-form/waiting-panel.tsx';
import { NativePostFields } from '../lead-form/native-post.tsx';
import { CV } from '../../contract/cv-upload.ts';
import { peekSnapshot } from '../element/takeover.ts';
import { cvProblem } from '../lead-form/cv-file.ts';
import { CvField } from './cv-field.tsx';

export type CareerApplicationProps = LeadFormProps;

/** The controls, in payload order: names, required, lengths, patterns, lists and autofill from the lead contract. */
const fields = fieldNames('career').map((field) => ({ name: controlName('career', field), field: CAREER_FIELDS[field] }));

/** Controls that take the whole row on wide screens. */
const wide: ReadonlySet<CareerControl> = new Set(['areaOfInterest', 'whyJoin']);

/**
 * Any non-OK status, no answer, or a body that does not parse is a failure (spec §7, §8).
 * The toast is always the spec's; a refusal that names a field (its `field`) marks it with its message.
 */
export function interpretApplication(outcome: PostOutcome, text: WidgetMessages['career'] = en.career): FormVerdict<'career'> {
  const failure = { ok: false, title: text.errorTitle, description: text.errorDescription } as const;
  if (outcome.type === 'network' || outcome.type === 'timeout') return { ...failure, reason: outcome.type };
  if (!outcome.ok) return { ...failure, reason: 'http', status: outcome.status, mayNameField: true };
  if (outcome.type === 'invalid-response') return { ...failure, reason: 'invalid-response', status: outcome.status };
  return { ok: true, title: text.successTitle, description: text.successDescription };
}

export function CareerApplication({ container, apiBase, partner, heading, intro, lang, keepDraft, answer, headingLevel = 2 }: CareerApplicationProps) {
  const messages = useMessages(widgetLanguage(lang));
  const text = messages.career;
  /** The CV chosen (none, or one chosen in the pre-rendered form before the script came). */
  const [cv, setCv] = useState<File | null>(() => peekSnapshot(container)?.files[CV.control] ?? null);
  const problem = (file: File) => cvProblem(file, messages.service);
  const attachment = { name: CV.control, file: cv, problem, set: setCv };
  const form = useLeadForm({ kind: 'career', props: { container, apiBase, partner, keepDraft, answer }, messages, interpret: (outcome) => interpretApplication(outcome, text), attachment });
  /** A chosen file is judged at once: marked when the service would refuse it. */
  const chooseCv = (file: File | null) => {
    const wrong = file ? problem(file) : undefined;
    setCv(file);
    form.mark(CV.control, wrong);
    return wrong;
  };

  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  if (form.confirmation) {
    return (
      <ConfirmationPanel idPrefix="career" lang={messages.lang} confirmation={form.confirmation} headingRef={form.confirmationRef} again={text.again} referenceText={messages.reference} onAgain={form.sendAnother} />
    );
  }

  /** The visible text of a choice's options (the values sent never change). */
  const optionText: Partial<Record<CareerControl, Record<string, string>>> = { course: text.courses, areaOfInterest: text.roles };

  const control = (name: CareerControl, field: LeadField) => {
    const common = { ...form.bind(name, `career-${name}`), ...nativeConstraints(field), part: 'input' };
    if (field.rule === 'choice') {
      return (
        <select {...common} autoComplete="off">
          <option value="">{text.fields[name].placeholder}</option>
          {field.options.map((o) => (
            <option key={o.value} value={o.value}>{optionText[name]?.[o.value] ?? o.label}</option>
          ))}
        </select>
      );
    }
    if (field.rule === 'multiline') return <textarea {...common} autoComplete="off" rows={4} placeholder={text.fields[name].placeholder} />;
    return <input {...common} type={inputType(field)} autoComplete={field.autoComplete ?? 'off'} placeholder={text.fields[name].placeholder} />;
  };

  return (
    <form {...form.formProps} className="root card" part="form" lang={messages.lang} dir="ltr" aria-labelledby="career-heading">
      <Heading id="career-heading" className="heading" part="heading">{heading || text.heading}</Heading>
      <p className="intro" part="intro">{intro || text.intro}</p>
      <div className="fields">
        {fields.map((f) => (
          <Field key={f.name} id={`career-${f.name}`} label={text.fields[f.name].label} wide={wide.has(f.name) || undefined} error={form.errorOf(f.name)}>
            {control(f.name, f.field)}
          </Field>
        ))}
        <CvField id={`career-${CV.control}`} text={text.cv} file={cv} error={form.errorOf(CV.control)} onChoose={chooseCv} />
      </div>
      <CollectionNotice kind="career" id="career-notice" text={messages.notice} />
      <button type="submit" className="submit" part="button">
        {text.submit}
      </button>
      {form.waiting ? <WaitingNotice idPrefix="career" text={messages.waiting} {...form.waiting} /> : null}
      <NativePostFields lang={messages.lang} partner={partner} hidden={form.hidden} honeypotLabel={messages.formPost.honeypot} />
    </form>
  );
}
