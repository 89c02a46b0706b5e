/**
 * The society registration form (spec §3–§8). Renders the same markup on the server
 * (pre-rendered Declarative Shadow DOM, and the service's answer pages) and in the browser;
 * touches no browser global during render. Until its script takes over it is a plain form
 * the browser posts itself (contract/form-post.ts).
 */
import type { PostOutcome } from '../lead-form/api-client.ts';
import { ConfirmationPanel } from '../lead-form/confirmation.tsx';
import { emitOutcome, type RegistrationErrorReason } from '../lead-form/events.ts';
import { Field } from '../lead-form/form-field.tsx';
import { en } from '../i18n/en.ts';
import { useMessages, widgetLanguage, type WidgetMessages } from '../i18n/index.ts';
import { controlName, fieldNames, inputType, nativeConstraints, SOCIETY_FIELDS } from '../../contract/lead-contract.ts';
import { CollectionNotice } from '../lead-form/notice.tsx';
import { refusedFieldOf } from '../lead-form/refusals.ts';
import { useLeadForm, type LeadFormProps } from '../lead-form/use-lead-form.ts';
import { referenceOf } from '../lead-form/use-form-answer.ts';
import { WaitingNotice } from '../lead-form/waiting-panel.tsx';
import { NativePostFields } from '../lead-form/native-post.tsx';

export type SocietyRegistrationProps = LeadFormProps;

/** The controls, in payload order: names, required, lengths, patterns and autofill from the lead contract. */
const fields = fieldNames('society').map((field) => ({
  name: controlName('society', field),
  field: SOCIETY_FIELDS[field],
}));

type Result =
  | { ok: true; message: string }
  | { ok: false; message: string; reason: RegistrationErrorReason; status?: number };

/** Maps what happened to the request onto the spec's error catalogue (§8), in the form's language. */
export function interpretRegistration(outcome: PostOutcome, societyText: WidgetMessages['society'] = en.society): Result {
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

export function SocietyRegistration({ container, apiBase, partner, heading, intro, lang, keepDraft, answer, headingLevel = 2 }: SocietyRegistrationProps) {
  const messages = useMessages(widgetLanguage(lang));
  const text = messages.society;
  /** What an answer means, in the spec's words (§8); also for a send that waited. */
  const report = (outcome: PostOutcome) => {
    const result = interpretRegistration(outcome, text);
    if (result.ok) form.succeed({ title: text.successTitle, description: result.message }, referenceOf(outcome));
    else {
      form.fail(
        { title: text.failureTitle, description: result.message, variant: 'destructive' },
        result.reason === 'server' ? refusedFieldOf(outcome, 'society') : undefined,
      );
    }
    emitOutcome(container, 'society', result);
  };
  const form = useLeadForm({ kind: 'society', props: { container, apiBase, partner, keepDraft, answer }, messages, report });

  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  if (form.confirmation) {
    return (
      <ConfirmationPanel idPrefix="society" lang={messages.lang} confirmation={form.confirmation} headingRef={form.confirmationRef} again={text.again} referenceText={messages.reference} onAgain={form.sendAnother} />
    );
  }

  return (
    <form {...form.formProps} className="root card" part="form" lang={messages.lang} dir="ltr" aria-labelledby="society-heading" aria-busy={form.submitting || undefined}>
      <Heading id="society-heading" className="heading" part="heading">{heading || text.heading}</Heading>
      <p className="intro" part="intro">{intro || text.intro}</p>
      <div className="fields">
        {fields.map((f) => (
          <Field key={f.name} id={`society-${f.name}`} label={text.fields[f.name].label} error={form.errorOf(f.name)}>
            <input
              {...form.bind(f.name, `society-${f.name}`)}
              type={inputType(f.field)}
              autoComplete={f.field.autoComplete ?? 'off'}
              placeholder={text.fields[f.name].placeholder}
              {...nativeConstraints(f.field)}
              part="input"
            />
          </Field>
        ))}
      </div>
      <CollectionNotice kind="society" id="society-notice" text={messages.notice} />
      <button type="submit" className="submit" part="button" disabled={form.submitting}>
        {form.submitting ? text.submitting : text.submit}
      </button>
      {form.waiting ? <WaitingNotice idPrefix="society" text={messages.waiting} {...form.waiting} /> : null}
      <NativePostFields lang={messages.lang} partner={partner} hidden={form.hidden} honeypotLabel={messages.formPost.honeypot} />
    </form>
  );
}
