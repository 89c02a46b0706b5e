/**
 * The society registration form (spec §3–§8). Renders the same markup on the server
 * (pre-rendered Declarative Shadow DOM, and the service's answer pages) and in the browser;
 * touches no browser global during render. Until its script takes over it is a plain form
 * the browser posts itself (contract/form-post.ts).
 */
import type { PostOutcome } from '../lead-form/api-client.ts';
import { ConfirmationPanel } from '../lead-form/confirmation.tsx';
import { Field } from '../lead-form/form-field.tsx';
import { en } from '../i18n/en.ts';
import { useMessages, widgetLanguage, type WidgetMessages } from '../i18n/index.ts';
import { controlName, fieldNames, inputType, nativeConstraints, SOCIETY_FIELDS } from '../../contract/lead-contract.ts';
import { CollectionNotice } from '../lead-form/notice.tsx';
import { useLeadForm, type FormVerdict, type LeadFormProps } from '../lead-form/use-lead-form.ts';
import { WaitingNotice } from '../lead-form/waiting-panel.tsx';
import { NativePostFields } from '../lead-form/native-post.tsx';

export type SocietyRegistrationProps = LeadFormProps;

/** The controls, in payload order: names, required, lengths, patterns and autofill from the lead contract. */
const fields = fieldNames('society').map((field) => ({
  name: controlName('society', field),
  field: SOCIETY_FIELDS[field],
}));

/** Maps what happened to the request onto the spec's error catalogue (§8), in the form's language. */
export function interpretRegistration(outcome: PostOutcome, societyText: WidgetMessages['society'] = en.society): FormVerdict<'society'> {
  const failure = { ok: false, title: societyText.failureTitle } as const;
  if (outcome.type === 'network' || outcome.type === 'timeout') {
    return { ...failure, description: societyText.networkError, reason: outcome.type };
  }
  const body = outcome.type === 'json' ? outcome.body : undefined;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { ...failure, description: societyText.networkError, reason: 'invalid-response', status: outcome.status };
  }
  const { success, message } = body as { success?: unknown; message?: unknown };
  const text = typeof message === 'string' ? message.trim() : '';
  if (success === true) {
    return { ok: true, title: societyText.successTitle, description: text.startsWith(societyText.successPrefix) ? text : societyText.successFallback };
  }
  return { ...failure, description: text || societyText.failureFallback, reason: 'server', status: outcome.status, mayNameField: true };
}

export function SocietyRegistration({ container, apiBase, partner, heading, intro, lang, keepDraft, answer, headingLevel = 2 }: SocietyRegistrationProps) {
  const messages = useMessages(widgetLanguage(lang));
  const text = messages.society;
  const form = useLeadForm({ kind: 'society', props: { container, apiBase, partner, keepDraft, answer }, messages, interpret: (outcome) => interpretRegistration(outcome, text) });

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
